CREATE TABLE "course_lesson_states" (
	"course_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "course_lesson_states_course_id_lesson_id_pk" PRIMARY KEY("course_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "course_post_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_unit_states" (
	"course_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "course_unit_states_course_id_unit_id_pk" PRIMARY KEY("course_id","unit_id")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "kind" text DEFAULT 'class' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "class_key" text;--> statement-breakpoint
-- Classes created before keys existed get one now (teachers can regenerate it later).
UPDATE "courses" SET "class_key" = upper(substr(md5("id"::text || random()::text), 1, 8)) WHERE "class_key" IS NULL;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "class_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "class_key_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "access" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish'::regconfig, translate(title || ' ' || description, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "course_lesson_states" ADD CONSTRAINT "course_lesson_states_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_states" ADD CONSTRAINT "course_lesson_states_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_states" ADD CONSTRAINT "course_lesson_states_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_post_comments" ADD CONSTRAINT "course_post_comments_post_id_course_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."course_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_post_comments" ADD CONSTRAINT "course_post_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_posts" ADD CONSTRAINT "course_posts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_posts" ADD CONSTRAINT "course_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unit_states" ADD CONSTRAINT "course_unit_states_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unit_states" ADD CONSTRAINT "course_unit_states_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unit_states" ADD CONSTRAINT "course_unit_states_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_lesson_states_publication_idx" ON "course_lesson_states" USING btree ("course_id","publication_id");--> statement-breakpoint
CREATE INDEX "course_post_comments_post_idx" ON "course_post_comments" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "course_posts_course_idx" ON "course_posts" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "course_unit_states_publication_idx" ON "course_unit_states" USING btree ("course_id","publication_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_tenant_class_key_uq" ON "courses" USING btree ("tenant_id","class_key");--> statement-breakpoint
CREATE INDEX "publications_search_idx" ON "publications" USING gin ("search");
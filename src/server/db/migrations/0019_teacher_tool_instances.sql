CREATE TABLE "teacher_tool_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tool" text NOT NULL,
	"title" text NOT NULL,
	"education_level" text NOT NULL,
	"education_year" integer NOT NULL,
	"special_needs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_notes" text,
	"text" text NOT NULL,
	"destination_language" text,
	"vocabulary_word_count" integer,
	"course_id" uuid,
	"lesson_id" uuid,
	"provider" text NOT NULL,
	"model" text,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teacher_tool_instances" ADD CONSTRAINT "teacher_tool_instances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_tool_instances" ADD CONSTRAINT "teacher_tool_instances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_tool_instances" ADD CONSTRAINT "teacher_tool_instances_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_tool_instances" ADD CONSTRAINT "teacher_tool_instances_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_tool_instances_owner_idx" ON "teacher_tool_instances" USING btree ("tenant_id","user_id","created_at");
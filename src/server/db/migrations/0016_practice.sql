CREATE TABLE "practice_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"kc" text NOT NULL,
	"position" integer NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"answer" jsonb,
	"fraction" double precision,
	"correct" boolean,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "practice_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"created_by" uuid,
	"kcs" text[] NOT NULL,
	"student_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_bank" (
	"tenant_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"difficulty" smallint DEFAULT 2 NOT NULL,
	CONSTRAINT "practice_bank_publication_id_question_id_pk" PRIMARY KEY("publication_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "practice_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"challenge" text NOT NULL,
	"kcs" text[] NOT NULL,
	"assignment_id" uuid,
	"status" text DEFAULT 'not_started' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "practice_activities" ADD CONSTRAINT "practice_activities_session_id_practice_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."practice_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_activities" ADD CONSTRAINT "practice_activities_question_id_questions_content_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("content_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_bank" ADD CONSTRAINT "practice_bank_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_bank" ADD CONSTRAINT "practice_bank_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_bank" ADD CONSTRAINT "practice_bank_question_id_questions_content_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("content_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_assignment_id_practice_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."practice_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_activities_position_uq" ON "practice_activities" USING btree ("session_id","position");--> statement-breakpoint
CREATE INDEX "practice_activities_question_idx" ON "practice_activities" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "practice_assignments_course_idx" ON "practice_assignments" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "practice_bank_tenant_idx" ON "practice_bank" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "practice_sessions_user_idx" ON "practice_sessions" USING btree ("user_id","course_id","created_at");--> statement-breakpoint
CREATE INDEX "practice_sessions_assignment_idx" ON "practice_sessions" USING btree ("assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_sessions_open_assignment_uq" ON "practice_sessions" USING btree ("user_id","assignment_id") WHERE status <> 'completed' and assignment_id is not null;
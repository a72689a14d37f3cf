CREATE TABLE "assessment_closures" (
	"assessment_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	CONSTRAINT "assessment_closures_assessment_id_course_id_pk" PRIMARY KEY("assessment_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "assessment_closures" ADD CONSTRAINT "assessment_closures_assessment_id_assessments_content_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("content_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_closures" ADD CONSTRAINT "assessment_closures_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_closures" ADD CONSTRAINT "assessment_closures_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_contents_content_idx" ON "lesson_contents" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "assessment_questions_question_idx" ON "assessment_questions" USING btree ("question_id");
CREATE INDEX "jobs_course_student_idx" ON "jobs" USING btree ("course_id","status","student_id") WHERE "jobs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_delivered_idx" ON "jobs" USING btree ("tenant_id","status","delivered_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "jobs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_graded_idx" ON "jobs" USING btree ("tenant_id","status","graded_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "jobs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "task_assignments_removed_idx" ON "task_assignments" USING btree ("id") WHERE "task_assignments"."removed_at" is not null;--> statement-breakpoint
ALTER TABLE "extra_classes" ADD CONSTRAINT "extra_classes_length_ck" CHECK ("extra_classes"."ends_at" <= "extra_classes"."starts_at" + interval '12 hours');--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_length_ck" CHECK ("holidays"."end_date" - "holidays"."start_date" < 366);
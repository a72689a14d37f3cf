DROP INDEX "extra_classes_course_idx";--> statement-breakpoint
CREATE INDEX "extra_classes_course_idx" ON "extra_classes" USING btree ("course_id","starts_at","ends_at");
CREATE TABLE "course_job_tallies" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"pending" integer NOT NULL,
	"reviewed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_tallies" (
	"course_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"todo" integer NOT NULL,
	"turned_in" integer NOT NULL,
	"graded" integer NOT NULL,
	"pending" integer NOT NULL,
	"reviewed" integer NOT NULL,
	CONSTRAINT "job_tallies_course_id_student_id_pk" PRIMARY KEY("course_id","student_id")
);
--> statement-breakpoint
DROP INDEX "jobs_course_student_idx";--> statement-breakpoint
CREATE INDEX "lesson_items_unpublished_idx" ON "lesson_items" USING btree ("id") WHERE "lesson_items"."status" <> 'published';--> statement-breakpoint
CREATE INDEX "jobs_course_student_idx" ON "jobs" USING btree ("course_id","student_id","status") WHERE "jobs"."removed_at" is null;--> statement-breakpoint
-- The task lists' totals (schema/work.ts `job_tallies`): recounted from `jobs` by these triggers.
-- Each recount first takes a transaction lock per class (in one order), so of two writers in one
-- class the later recounts after the earlier has committed and sees both (READ COMMITTED takes a
-- new snapshot per statement).
CREATE FUNCTION aula_lock_job_tallies(cs uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1414, k) FROM (SELECT DISTINCT hashtext(c::text) AS k FROM unnest(cs) AS c) AS keys ORDER BY k;
END $$;
--> statement-breakpoint
CREATE FUNCTION aula_refresh_course_job_tallies(cs uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM aula_lock_job_tallies(cs);
  DELETE FROM course_job_tallies WHERE course_id = ANY (cs);
  INSERT INTO course_job_tallies (course_id, pending, reviewed)
  SELECT t.course_id, sum(t.pending), sum(t.reviewed)
  FROM job_tallies t
  JOIN course_members m ON m.course_id = t.course_id AND m.user_id = t.student_id AND m.role = 'student'
  WHERE t.course_id = ANY (cs)
  GROUP BY t.course_id;
END $$;
--> statement-breakpoint
-- cs and ss: the classes and students of the pairs to recount, in the same order.
CREATE FUNCTION aula_refresh_job_tallies(cs uuid[], ss uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  classes uuid[] := ARRAY(SELECT DISTINCT c FROM unnest(cs) AS c);
BEGIN
  IF cardinality(classes) = 0 THEN RETURN; END IF; -- also when called with no pairs (NULL arrays)
  PERFORM aula_lock_job_tallies(classes);
  DELETE FROM job_tallies t USING unnest(cs, ss) AS p(c, s) WHERE t.course_id = p.c AND t.student_id = p.s;
  INSERT INTO job_tallies (course_id, student_id, todo, turned_in, graded, pending, reviewed)
  SELECT j.course_id, j.student_id,
    count(*) FILTER (WHERE j.status = 'not_started' AND li.status = 'published'),
    count(*) FILTER (WHERE j.status = 'pending' AND li.status = 'published'),
    count(*) FILTER (WHERE j.status = 'graded' AND li.status = 'published'),
    count(*) FILTER (WHERE j.status = 'pending'),
    count(*) FILTER (WHERE j.status = 'graded')
  FROM (SELECT DISTINCT c, s FROM unnest(cs, ss) AS p(c, s)) AS p
  JOIN jobs j ON j.course_id = p.c AND j.student_id = p.s AND j.removed_at IS NULL
  JOIN task_assignments a ON a.id = j.assignment_id AND a.removed_at IS NULL
  JOIN lesson_items li ON li.id = j.lesson_item_id
  GROUP BY j.course_id, j.student_id;
  PERFORM aula_refresh_course_job_tallies(classes);
END $$;
--> statement-breakpoint
CREATE FUNCTION aula_jobs_tallied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM aula_refresh_job_tallies(array_agg(p.course_id ORDER BY p.course_id, p.student_id), array_agg(p.student_id ORDER BY p.course_id, p.student_id))
    FROM (SELECT DISTINCT course_id, student_id FROM new_jobs) AS p;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM aula_refresh_job_tallies(array_agg(p.course_id ORDER BY p.course_id, p.student_id), array_agg(p.student_id ORDER BY p.course_id, p.student_id))
    FROM (SELECT DISTINCT course_id, student_id FROM old_jobs) AS p;
  ELSE
    -- Only the jobs whose counting changed: a kanban move or a reminder's mark recounts nothing.
    PERFORM aula_refresh_job_tallies(array_agg(p.course_id ORDER BY p.course_id, p.student_id), array_agg(p.student_id ORDER BY p.course_id, p.student_id))
    FROM (
      SELECT x.course_id, x.student_id
      FROM new_jobs n JOIN old_jobs o ON o.id = n.id,
        LATERAL (VALUES (n.course_id, n.student_id), (o.course_id, o.student_id)) AS x(course_id, student_id)
      WHERE (n.status, n.removed_at, n.course_id, n.student_id, n.assignment_id, n.lesson_item_id)
        IS DISTINCT FROM (o.status, o.removed_at, o.course_id, o.student_id, o.assignment_id, o.lesson_item_id)
      GROUP BY x.course_id, x.student_id
    ) AS p;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_tallied_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION aula_jobs_tallied();
--> statement-breakpoint
CREATE TRIGGER jobs_tallied_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_jobs NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION aula_jobs_tallied();
--> statement-breakpoint
CREATE TRIGGER jobs_tallied_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_jobs FOR EACH STATEMENT EXECUTE FUNCTION aula_jobs_tallied();
--> statement-breakpoint
-- A task unassigned or reassigned: its jobs' classes and students.
CREATE FUNCTION aula_task_assignments_tallied() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[] := ARRAY(SELECT n.id FROM new_tasks n JOIN old_tasks o ON o.id = n.id WHERE n.removed_at IS DISTINCT FROM o.removed_at);
BEGIN
  IF cardinality(changed) > 0 THEN
    PERFORM aula_refresh_job_tallies(array_agg(p.course_id ORDER BY p.course_id, p.student_id), array_agg(p.student_id ORDER BY p.course_id, p.student_id))
    FROM (SELECT DISTINCT course_id, student_id FROM jobs WHERE assignment_id = ANY (changed)) AS p;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_assignments_tallied AFTER UPDATE ON task_assignments REFERENCING OLD TABLE AS old_tasks NEW TABLE AS new_tasks FOR EACH STATEMENT EXECUTE FUNCTION aula_task_assignments_tallied();
--> statement-breakpoint
-- An item published or taken back: its jobs' classes and students.
CREATE FUNCTION aula_lesson_items_tallied() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[] := ARRAY(SELECT n.id FROM new_items n JOIN old_items o ON o.id = n.id WHERE n.status IS DISTINCT FROM o.status);
BEGIN
  IF cardinality(changed) > 0 THEN
    PERFORM aula_refresh_job_tallies(array_agg(p.course_id ORDER BY p.course_id, p.student_id), array_agg(p.student_id ORDER BY p.course_id, p.student_id))
    FROM (SELECT DISTINCT course_id, student_id FROM jobs WHERE lesson_item_id = ANY (changed)) AS p;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lesson_items_tallied AFTER UPDATE ON lesson_items REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION aula_lesson_items_tallied();
--> statement-breakpoint
-- A student joined or left a class (or changed role): its teachers' totals.
CREATE FUNCTION aula_course_members_tallied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM aula_refresh_course_job_tallies(ARRAY(SELECT DISTINCT course_id FROM new_members));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM aula_refresh_course_job_tallies(ARRAY(SELECT DISTINCT course_id FROM old_members));
  ELSE
    PERFORM aula_refresh_course_job_tallies(ARRAY(SELECT course_id FROM new_members UNION SELECT course_id FROM old_members));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_members_tallied_insert AFTER INSERT ON course_members REFERENCING NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION aula_course_members_tallied();
--> statement-breakpoint
CREATE TRIGGER course_members_tallied_update AFTER UPDATE ON course_members REFERENCING OLD TABLE AS old_members NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION aula_course_members_tallied();
--> statement-breakpoint
CREATE TRIGGER course_members_tallied_delete AFTER DELETE ON course_members REFERENCING OLD TABLE AS old_members FOR EACH STATEMENT EXECUTE FUNCTION aula_course_members_tallied();
--> statement-breakpoint
-- What is already there.
SELECT aula_refresh_job_tallies(array_agg(p.course_id ORDER BY p.course_id, p.student_id), array_agg(p.student_id ORDER BY p.course_id, p.student_id))
FROM (SELECT DISTINCT course_id, student_id FROM jobs) AS p;

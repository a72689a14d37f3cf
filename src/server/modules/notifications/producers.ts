import { and, count, eq, inArray, isNull, lte, ne, or, sql, type SQLWrapper } from "drizzle-orm";
import type { NotificationType } from "../../../contracts/notifications";
import { taskKindOf } from "../../../contracts/tasks-base";
import type { Db } from "../../db/client";
import {
  contents,
  courseMembers,
  coursePostComments,
  coursePosts,
  courses,
  jobComments,
  jobs,
  lessonItems,
  taskAssignments,
  users,
} from "../../db/schema";
import type { Background } from "../../platform/background";
import type { DomainEvents, EventBus } from "../../platform/events";
import { clipTitle } from "./presenter";
import { insertNotifications, type NotificationDraft } from "./service";

/*
 * Every notification comes from a domain event, never from a route (issue 14 item 4). Each
 * listener reads what it needs from the tables, picks the type and the recipients, and stores one
 * row per recipient in one statement keyed by a dedupe key made of the event's identity (the job
 * and the time of the action, the comment, the post): an event delivered twice stores nothing the
 * second time, and only rows really stored are pushed to sockets ("notification.created").
 */

/**
 * Lesson items a student completes by opening them (a PDF, a video, a link…) are assigned and
 * evaluated as "resource_*"; the kind of task a content type makes is the tasks contract's.
 */
export const isResourceType = (contentType: string): boolean => taskKindOf(contentType) === "resource";

/** job.delivered `via` -> the type the class's teachers get (assessments depend on what is left to grade). */
export function deliveredType(via: DomainEvents["job.delivered"]["via"], graded: boolean): NotificationType {
  switch (via) {
    case "files":
      return "student_deliver";
    case "resource":
      return "resource_delivered";
    case "record":
      return "record_delivered";
    case "assessment":
      return graded ? "deliver_at_complete" : "publish_pending";
  }
}

type Deps = { db: Db; events: EventBus; background: Background };

/** A lesson item's title: its own, or its content's. */
const itemTitle = sql<string>`coalesce(nullif(${lessonItems.title}, ''), ${contents.title})`;

/** What a job's notifications need: its student, class, state and the title and type of its item. */
async function jobFacts(db: Db, tenantId: string, jobId: string) {
  const [row] = await db
    .select({
      id: jobs.id,
      courseId: jobs.courseId,
      studentId: jobs.studentId,
      assignmentId: jobs.assignmentId,
      status: jobs.status,
      active: sql<boolean>`(${jobs.removedAt} is null and ${taskAssignments.removedAt} is null)`,
      title: itemTitle,
      contentType: contents.type,
    })
    .from(jobs)
    .innerJoin(taskAssignments, eq(taskAssignments.id, jobs.assignmentId))
    .innerJoin(lessonItems, eq(lessonItems.id, jobs.lessonItemId))
    .innerJoin(contents, eq(contents.id, lessonItems.contentId))
    .where(and(eq(jobs.id, jobId), eq(jobs.tenantId, tenantId)))
    .limit(1);
  return row;
}
type JobFacts = NonNullable<Awaited<ReturnType<typeof jobFacts>>>;

/** The class's editors (teacher and co-teachers), as a query of user ids. */
const editorsOf = (db: Db, courseId: string): SQLWrapper =>
  db
    .select({ id: courseMembers.userId })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), inArray(courseMembers.role, ["teacher", "coteacher"])));

/** Every member of a class, as a query of user ids. */
const membersOf = (db: Db, courseId: string): SQLWrapper =>
  db.select({ id: courseMembers.userId }).from(courseMembers).where(eq(courseMembers.courseId, courseId));

const jobDraft = (tenantId: string, job: JobFacts, type: NotificationType, actorId: string | null, dedupeKey: string): NotificationDraft => ({
  tenantId,
  type,
  actorId,
  courseId: job.courseId,
  jobId: job.id,
  data: { title: clipTitle(job.title) },
  dedupeKey,
});

/** "all_deliver": once per assignment, when every job still assigned has been turned in. */
async function allDelivered(db: Db, job: JobFacts): Promise<boolean> {
  const [row] = await db
    .select({ total: count(), waiting: sql<number>`count(*) filter (where ${jobs.status} = 'not_started')`.mapWith(Number) })
    .from(jobs)
    .innerJoin(taskAssignments, and(eq(taskAssignments.id, jobs.assignmentId), isNull(taskAssignments.removedAt)))
    .where(and(eq(jobs.assignmentId, job.assignmentId), isNull(jobs.removedAt)));
  return !!row && row.total > 0 && row.waiting === 0;
}

export function registerNotificationProducers({ db, events, background }: Deps): void {
  const on = <K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => Promise<void>) =>
    events.listen(background, name, "notifications", listener);
  const store = (draft: NotificationDraft, recipients: readonly string[] | SQLWrapper, except: string | null = null) =>
    insertNotifications(db, events, draft, recipients, except);

  on("job.assigned", async (e) => {
    const job = await jobFacts(db, e.tenantId, e.jobId);
    if (!job?.active) return;
    const type = e.reassigned ? "reassigned" : isResourceType(job.contentType) ? "resource_assigned" : "assigned";
    await store(jobDraft(e.tenantId, job, type, e.actorId, `job.assigned:${job.id}:${e.at}`), [job.studentId]);
  });

  on("job.delivered", async (e) => {
    const job = await jobFacts(db, e.tenantId, e.jobId);
    if (!job?.active) return;
    const type = deliveredType(e.via, job.status === "graded");
    await store(jobDraft(e.tenantId, job, type, job.studentId, `job.delivered:${job.id}:${e.at}`), editorsOf(db, job.courseId), job.studentId);
    if (await allDelivered(db, job)) {
      const draft = { ...jobDraft(e.tenantId, job, "all_deliver", null, `all_deliver:${job.assignmentId}`), jobId: null };
      await store({ ...draft, data: { ...draft.data, link: "/tasks" } }, editorsOf(db, job.courseId));
    }
  });

  on("job.graded", async (e) => {
    const job = await jobFacts(db, e.tenantId, e.jobId);
    if (!job?.active) return;
    const type = isResourceType(job.contentType) ? "resource_evaluated" : "evaluated";
    await store(jobDraft(e.tenantId, job, type, e.actorId, `job.graded:${job.id}:${e.at}`), [job.studentId]);
  });

  on("job.commented", async (e) => {
    const job = await jobFacts(db, e.tenantId, e.jobId);
    if (!job?.active) return;
    const [comment] = await db
      .select({ authorId: jobComments.authorId })
      .from(jobComments)
      .where(and(eq(jobComments.id, e.commentId), eq(jobComments.jobId, job.id)))
      .limit(1);
    if (!comment) return;
    // The other side of the conversation: the student's words go to the class's teachers, theirs to the student.
    const recipients = e.authorId === job.studentId ? editorsOf(db, job.courseId) : [job.studentId];
    await store(jobDraft(e.tenantId, job, "job_comment", e.authorId, `job.commented:${e.commentId}`), recipients, e.authorId);
  });

  const reminder = (type: "one_day" | "late") => async (e: DomainEvents["job.dueSoon"]) => {
    const job = await jobFacts(db, e.tenantId, e.jobId);
    if (!job?.active || job.status !== "not_started") return;
    await store(jobDraft(e.tenantId, job, type, null, `${type}:${job.id}:${e.dueAt}`), [job.studentId]);
  };
  on("job.dueSoon", reminder("one_day"));
  on("job.overdue", reminder("late"));

  on("assessment.graded", async (e) => {
    if (!e.feedback) return;
    const [item] = await db
      .select({ title: itemTitle, jobId: jobs.id })
      .from(lessonItems)
      .innerJoin(contents, eq(contents.id, lessonItems.contentId))
      .leftJoin(jobs, and(eq(jobs.lessonItemId, lessonItems.id), eq(jobs.studentId, e.userId), isNull(jobs.removedAt)))
      .where(and(eq(lessonItems.id, e.lessonItemId), eq(lessonItems.tenantId, e.tenantId)))
      .limit(1);
    if (!item) return;
    await store(
      {
        tenantId: e.tenantId,
        type: "assessment_comment",
        actorId: e.actorId,
        courseId: e.courseId,
        jobId: item.jobId,
        data: { title: clipTitle(item.title), attemptId: e.attemptId },
        dedupeKey: `assessment.graded:${e.attemptId}:${e.questionId}`,
      },
      [e.userId],
      e.actorId,
    );
  });

  /** A post of a class of this edition. */
  const postOf = async (tenantId: string, courseId: string, postId: string) => {
    const [post] = await db
      .select({ id: coursePosts.id, authorId: coursePosts.authorId, body: coursePosts.body })
      .from(coursePosts)
      .innerJoin(courses, and(eq(courses.id, coursePosts.courseId), eq(courses.tenantId, tenantId)))
      .where(and(eq(coursePosts.id, postId), eq(coursePosts.courseId, courseId)))
      .limit(1);
    return post;
  };

  on("stream.posted", async (e) => {
    const post = await postOf(e.tenantId, e.courseId, e.postId);
    if (!post) return;
    const draft: NotificationDraft = {
      tenantId: e.tenantId,
      type: "post",
      actorId: post.authorId,
      courseId: e.courseId,
      jobId: null,
      data: { title: clipTitle(post.body), postId: post.id },
      dedupeKey: `stream.posted:${post.id}`,
    };
    await store(draft, membersOf(db, e.courseId), post.authorId);
  });

  on("stream.commented", async (e) => {
    const post = await postOf(e.tenantId, e.courseId, e.postId);
    if (!post) return;
    const [comment] = await db
      .select({ id: coursePostComments.id, authorId: coursePostComments.authorId, createdAt: coursePostComments.createdAt })
      .from(coursePostComments)
      .where(and(eq(coursePostComments.id, e.commentId), eq(coursePostComments.postId, post.id)))
      .limit(1);
    if (!comment) return;
    // The post's author and everyone who commented before, while they are still in the class.
    const earlier = db
      .select({ id: coursePostComments.authorId })
      .from(coursePostComments)
      .where(and(eq(coursePostComments.postId, post.id), ne(coursePostComments.id, comment.id), lte(coursePostComments.createdAt, comment.createdAt)));
    const recipients = db
      .select({ id: courseMembers.userId })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, e.courseId), or(eq(courseMembers.userId, post.authorId), inArray(courseMembers.userId, earlier))));
    const draft: NotificationDraft = {
      tenantId: e.tenantId,
      type: "comment",
      actorId: comment.authorId,
      courseId: e.courseId,
      jobId: null,
      data: { title: clipTitle(post.body), postId: post.id },
      dedupeKey: `stream.commented:${comment.id}`,
    };
    await store(draft, recipients, comment.authorId);
  });

  on("tenant.announced", async (e) => {
    // A school's people: those the school holds, and the members of its classes (students who
    // joined with a key may belong to no school).
    const inSchool = (schoolId: string) =>
      or(
        eq(users.schoolId, schoolId),
        inArray(
          users.id,
          db
            .select({ id: courseMembers.userId })
            .from(courseMembers)
            .innerJoin(courses, eq(courses.id, courseMembers.courseId))
            .where(and(eq(courses.tenantId, e.tenantId), eq(courses.schoolId, schoolId), eq(courses.archived, false))),
        ),
      );
    const everyone = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, e.tenantId), e.schoolId ? inSchool(e.schoolId) : undefined));
    const draft: NotificationDraft = {
      tenantId: e.tenantId,
      type: "tenant",
      actorId: e.authorId,
      courseId: null,
      jobId: null,
      data: { title: clipTitle(e.title), link: e.link },
      dedupeKey: `tenant.announced:${e.announcementId}`,
    };
    await store(draft, everyone, e.authorId);
  });
}

import {
  ContentTypeSchema,
  type ContentTypeCode,
} from "../../../contracts/lessons";
import {
  jobFileViewerOf,
  type JobComment,
  type JobDetail,
  type JobFile,
  type Task,
  type TaskDetail,
  type TaskListItem,
  type TaskListPage,
  type TaskTab,
} from "../../../contracts/tasks";
import type { FileSigner } from "../../platform/storage";
import type { TaskJobRow, TaskRoster, TaskRow } from "./assign-service";
import type { JobCommentRow, JobFileRow } from "./jobs-service";
import type { TasksView } from "./lists-service";
import { canComment, canChangeFiles, canDeliver, canGrade, canUndo, type JobFacts } from "./policy";
import { isRemoved, kindOf, stateOf, type JobContext, type JobRow } from "./service";

/* What leaves the server about tasks and jobs. */

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const nameOf = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();
const typeOf = (type: string): ContentTypeCode => ContentTypeSchema.catch("CTTY_06").parse(type);
const itemTitle = (own: string | null, content: string) => (own && own.trim() ? own : content);

export function presentTask(row: TaskRow, roster: TaskRoster | undefined): Task {
  const t = row.task;
  const audience = t.audience === "students" ? "students" : "class";
  return {
    guid: t.id,
    courseGuid: t.courseId,
    lesson: { guid: row.lessonId, title: row.lessonTitle },
    item: { guid: t.lessonItemId, title: itemTitle(row.itemTitle, row.contentTitle), type: typeOf(row.contentType), kind: kindOf(row) },
    audience,
    studentGuids: audience === "students" ? (roster?.studentIds ?? []) : [],
    dueAt: iso(t.dueAt),
    instructions: t.instructions,
    maxScore: t.maxScore,
    assignedAt: t.assignedAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    removed: t.removedAt !== null,
    counts: roster?.counts ?? { assigned: 0, notStarted: 0, turnedIn: 0, graded: 0, late: 0 },
  };
}

export function presentTaskDetail(row: TaskRow, roster: TaskRoster | undefined, jobs: TaskJobRow[]): TaskDetail {
  return {
    ...presentTask(row, roster),
    jobs: jobs.map((j) => ({
      guid: j.id,
      student: { guid: j.studentId, name: nameOf(j.firstName, j.lastName) },
      state: stateOf(j),
      late: j.late,
      deliveredAt: iso(j.deliveredAt),
      gradedAt: iso(j.gradedAt),
      score: j.score,
      fileCount: j.fileCount,
    })),
  };
}

export function presentTaskListItem(row: JobRow, view: TasksView, now: Date): TaskListItem {
  const state = stateOf(row);
  return {
    guid: row.id,
    taskGuid: row.assignmentId,
    course: { guid: row.courseId, name: row.courseName },
    lesson: { guid: row.lessonId, title: row.lessonTitle },
    item: { guid: row.itemId, title: itemTitle(row.itemTitle, row.contentTitle), type: typeOf(row.contentType), kind: kindOf(row) },
    dueAt: iso(row.dueAt),
    state,
    late: row.late,
    overdue: state === "not_started" && row.dueAt !== null && row.dueAt.getTime() < now.getTime(),
    deliveredAt: iso(row.deliveredAt),
    gradedAt: iso(row.gradedAt),
    score: state === "graded" ? row.score : null,
    maxScore: row.maxScore,
    student: view === "teacher" ? { guid: row.studentId, name: nameOf(row.studentFirstName, row.studentLastName) } : null,
  };
}

export function presentTaskListPage(page: { rows: JobRow[]; total: number }, q: { tab: TaskTab; offset: number; pageSize: number }, view: TasksView, now: Date): TaskListPage {
  return { items: page.rows.map((r) => presentTaskListItem(r, view, now)), total: page.total, offset: q.offset, pageSize: q.pageSize, tab: q.tab, view };
}

/** The address a viewer opens a handed-in file at: signed for that file, expiring (FileSigner). */
export const jobFileGrantId = (fileId: string) => `jf-${fileId}`;
export const jobFileUrl = (files: FileSigner, file: Pick<JobFileRow, "id" | "fileName">): string =>
  `/api/job-files/${files.grant(jobFileGrantId(file.id))}/${encodeURIComponent(file.fileName)}`;

export function presentJobFile(files: FileSigner, f: JobFileRow): JobFile {
  return {
    guid: f.id,
    name: f.fileName,
    mimeType: f.mimeType,
    sizeBytes: f.sizeBytes,
    uploadedAt: f.uploadedAt.toISOString(),
    url: jobFileUrl(files, f),
    viewer: jobFileViewerOf(f.fileName),
  };
}

export function presentJobComment(c: JobCommentRow): JobComment {
  return {
    guid: c.id,
    author: c.authorId ? { guid: c.authorId, name: nameOf(c.firstName, c.lastName) } : null,
    body: c.body,
    createdAt: c.createdAt.toISOString(),
  };
}

export function presentJob(
  ctx: JobContext,
  parts: { files: JobFileRow[]; comments: JobCommentRow[]; graderName: string | null },
  files: FileSigner,
  now: Date,
): JobDetail {
  const { row, viewer } = ctx;
  const facts: JobFacts = { state: stateOf(row), kind: kindOf(row), removed: isRemoved(row), fileCount: parts.files.length };
  const changeFiles = canChangeFiles(viewer, facts);
  return {
    ...presentTaskListItem(row, viewer === "student" ? "student" : "teacher", now),
    // Feedback and grader come with the grade.
    feedback: facts.state === "graded" ? row.feedback : null,
    gradedBy: facts.state === "graded" && row.gradedBy ? { guid: row.gradedBy, name: parts.graderName ?? "" } : null,
    instructions: row.instructions,
    removed: facts.removed,
    viewer,
    rights: {
      upload: changeFiles,
      deleteFiles: changeFiles,
      deliver: canDeliver(viewer, facts),
      undo: canUndo(viewer, facts),
      grade: canGrade(viewer, facts),
      comment: canComment(viewer, facts),
    },
    files: parts.files.map((f) => presentJobFile(files, f)),
    comments: parts.comments.map(presentJobComment),
  };
}

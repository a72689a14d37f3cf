import { AppError, badRequest, conflict } from "../../platform/errors";
import type { JobState, TaskKind } from "../../../contracts/tasks";

/*
 * Who may do what with a job, as small pure rules (the presenter shows the same answers as
 * `rights`, the services enforce them).
 */

/** How the caller reaches a job: its student, a teacher or co-teacher of the class, or a school admin overseeing it. */
export type JobViewer = "student" | "editor" | "observer";

export type JobFacts = { state: JobState; kind: TaskKind; removed: boolean; fileCount: number };

export const jobGraded = () => conflict("JOB_GRADED", "The job has been graded");
export const jobNotDelivered = () => conflict("JOB_NOT_DELIVERED", "The job has not been turned in");
export const jobIsAssessment = () => conflict("JOB_IS_ASSESSMENT", "An assessment is handed in and graded in the assessment itself");
export const jobRemoved = () => conflict("JOB_REMOVED", "The task has been unassigned");
export const jobFilesRequired = () => badRequest("JOB_FILES_REQUIRED", "Add at least one file before turning it in");
export const jobFilesLimit = (max: number) => new AppError(409, "JOB_FILES_LIMIT", "No more files can be added to this job", { max });
export const scoreOutOfRange = (max: number) => badRequest("JOB_SCORE_OUT_OF_RANGE", "The score is outside the task's scale", { min: 0, max });
export const itemNotAssignable = () => badRequest("TASK_ITEM_NOT_ASSIGNABLE", "This lesson item cannot be assigned as a task");
export const studentsNotInClass = (guids: string[]) => badRequest("TASK_STUDENT_NOT_IN_CLASS", "Some students are not students of this class", { guids });
export const maxScoreLocked = () => conflict("TASK_MAX_SCORE_LOCKED", "The scale cannot change once a job has been graded");

/** Files are added and removed by the job's student until it is graded (assessments take none). */
export const canChangeFiles = (viewer: JobViewer, job: JobFacts): boolean =>
  viewer === "student" && !job.removed && job.kind !== "assessment" && job.state !== "graded";

/** Turning in: file tasks need a file; resources and packages may be turned in without one. */
export const canDeliver = (viewer: JobViewer, job: JobFacts): boolean =>
  viewer === "student" && !job.removed && job.kind !== "assessment" && job.state === "not_started" && (job.kind !== "files" || job.fileCount > 0);

export const canUndo = (viewer: JobViewer, job: JobFacts): boolean =>
  viewer === "student" && !job.removed && job.kind !== "assessment" && job.state === "pending";

/** Teachers grade hand-ins (turned in or not: a missing one may get its grade); assessments grade themselves. */
export const canGrade = (viewer: JobViewer, job: JobFacts): boolean => viewer === "editor" && !job.removed && job.kind !== "assessment";

export const canComment = (viewer: JobViewer, job: JobFacts): boolean => viewer !== "observer" && !job.removed;

/** The reason a student's file change is refused, in the order the student would fix it. */
export function assertFilesChangeable(viewer: JobViewer, job: JobFacts): void {
  if (viewer !== "student") throw new AppError(403, "FORBIDDEN", "Only the job's student hands in files");
  if (job.removed) throw jobRemoved();
  if (job.kind === "assessment") throw jobIsAssessment();
  if (job.state === "graded") throw jobGraded();
}

/** The reason a student's deliver or undo is refused. */
export function assertStudentAction(viewer: JobViewer, job: JobFacts, action: "deliver" | "undo"): void {
  if (viewer !== "student") throw new AppError(403, "FORBIDDEN", "Only the job's student turns it in");
  if (job.removed) throw jobRemoved();
  if (job.kind === "assessment") throw jobIsAssessment();
  if (job.state === "graded") throw jobGraded();
  if (action === "undo" && job.state !== "pending") throw jobNotDelivered();
  if (action === "deliver" && job.state === "not_started" && job.kind === "files" && job.fileCount === 0) throw jobFilesRequired();
}

export function assertGradable(viewer: JobViewer, job: JobFacts, score: number, maxScore: number): void {
  if (viewer !== "editor") throw new AppError(403, "FORBIDDEN", "Only the class's teachers grade");
  if (job.removed) throw jobRemoved();
  if (job.kind === "assessment") throw jobIsAssessment();
  if (score < 0 || score > maxScore) throw scoreOutOfRange(maxScore);
}

/** How a turn-in arrived, for job.delivered: files when there are some, else what the task is. */
export const deliveryVia = (kind: TaskKind, fileCount: number): "files" | "resource" | "record" =>
  fileCount > 0 || kind === "files" ? "files" : kind === "record" ? "record" : "resource";

/** Scores keep two decimals. */
export const round2 = (x: number): number => Math.round(x * 100) / 100;

export function assertCanComment(viewer: JobViewer, job: JobFacts): void {
  if (viewer === "observer") throw new AppError(403, "FORBIDDEN", "Only the job's student and the class's teachers comment");
  if (job.removed) throw jobRemoved();
}

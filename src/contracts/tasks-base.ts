/*
 * Tasks and hand-ins (issue 14; spec §4 "Student task", §7 "Tasks and records", §9 page size 10),
 * without zod (ADR 0028): the tasks page, its badges and the lesson page read these; tasks.ts holds
 * the schemas and re-exports them.
 */
import type { Role } from "./constants";
import { CONTENT_TYPE_CODES, CONTENT_TYPE_RULES, type ContentTypeCode } from "./lessons-base";

/** Spec §9: the tasks list pages by 10. */
export const TASKS_PAGE_SIZE = 10;

/** Spec §4 student task states: Not started, Pending (turned in, waiting for a grade), Graded. */
export const JOB_STATES = ["not_started", "pending", "graded"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Spec "Tasks tabs": students see To Do, Turned in, Grades published. */
export const STUDENT_TASK_TABS = ["todo", "turned_in", "graded"] as const;
/** Teachers see Pending tasks (hand-ins waiting for a grade) and Reviewed assessments (graded work). */
export const TEACHER_TASK_TABS = ["pending", "reviewed"] as const;
export const TASK_TABS = [...STUDENT_TASK_TABS, ...TEACHER_TASK_TABS] as const;
export type StudentTaskTab = (typeof STUDENT_TASK_TABS)[number];
export type TeacherTaskTab = (typeof TEACHER_TASK_TABS)[number];
export type TaskTab = (typeof TASK_TABS)[number];

/** The state a tab lists. */
export const STATE_OF_TAB: Record<TaskTab, JobState> = {
  todo: "not_started",
  turned_in: "pending",
  graded: "graded",
  pending: "pending",
  reviewed: "graded",
};

/** Students get the student tabs; everyone else (teachers, co-teachers, admins) the teacher tabs. */
export const tasksViewOf = (role: Role): "student" | "teacher" => (role === "student" ? "student" : "teacher");
export const tabsOf = (role: Role): readonly TaskTab[] => (tasksViewOf(role) === "student" ? STUDENT_TASK_TABS : TEACHER_TASK_TABS);
export const defaultTabOf = (role: Role): TaskTab => (tasksViewOf(role) === "student" ? "todo" : "pending");

/** Who a task reaches: the whole class (students who join later too) or the students chosen. */
export const TASK_AUDIENCES = ["class", "students"] as const;
export type TaskAudience = (typeof TASK_AUDIENCES)[number];

/**
 * How a task is handed in, by the content type of the lesson item assigned:
 * - "files": the student hands in files (assignment, activity);
 * - "resource": delivered by finishing it (or by turning it in, files optional): PDF, video, audio,
 *   link, image, HTML interactive, office, zip, page HTML, interactive, DLO, video lesson;
 * - "record": a SCORM or xAPI package, delivered by completing it (files optional too);
 * - "assessment": handed in and graded by the assessment itself.
 * Single questions (CTTY_19) are not assignable: they live inside assessments.
 */
export const TASK_KINDS = ["files", "resource", "record", "assessment"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

const KIND_OF_TYPE: Partial<Record<ContentTypeCode, TaskKind>> = {
  CTTY_01: "resource",
  CTTY_02: "resource",
  CTTY_03: "resource",
  CTTY_04: "resource",
  CTTY_05: "resource",
  CTTY_06: "resource",
  CTTY_07: "resource",
  CTTY_08: "resource",
  CTTY_09: "files",
  CTTY_10: "files",
  CTTY_11: "resource",
  CTTY_12: "resource",
  CTTY_13: "resource",
  CTTY_14: "resource",
  CTTY_15: "record",
  CTTY_16: "resource",
  CTTY_17: "record",
  CTTY_18: "assessment",
  CTTY_20: "resource",
};

/** The kind of task a content type makes, or null when it cannot be assigned. */
export const taskKindOf = (type: string): TaskKind | null => (Object.hasOwn(KIND_OF_TYPE, type) ? (KIND_OF_TYPE[type as ContentTypeCode] ?? null) : null);
export const ASSIGNABLE_CONTENT_TYPES: readonly ContentTypeCode[] = CONTENT_TYPE_CODES.filter((c) => taskKindOf(c) !== null);

/** PUT front/jobs/{guid} actions of the student who owns the job. */
export const JOB_ACTIONS = ["deliver", "undo"] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

export const DEFAULT_TASK_MAX_SCORE = 10;

export const TASK_LIMITS = {
  instructionsMaxChars: 5000,
  feedbackMaxChars: 5000,
  commentMaxChars: 5000,
  /** The top of a task's score scale. */
  maxScore: 1000,
  /** Students chosen for one task (a class or group is far smaller). */
  studentsPerTask: 1000,
  /** Files one student hands in for one job. */
  filesPerJob: 20,
} as const;

/**
 * What a student may hand in: every file type a content upload accepts as a file, except page HTML
 * (it would run script). The same size limit as content files (UPLOAD_LIMITS.fileBytes) applies.
 */
export const JOB_FILE_EXTENSIONS: readonly string[] = [
  ...new Set(CONTENT_TYPE_CODES.filter((c) => CONTENT_TYPE_RULES[c].source === "file" && c !== "CTTY_13").flatMap((c) => CONTENT_TYPE_RULES[c].accept)),
];

/** The viewer that shows a handed-in file (the same viewers as contents). */
export type JobFileViewer = "pdf" | "video" | "audio" | "image" | "download";
const FILE_VIEWERS: Record<string, JobFileViewer> = {
  pdf: "pdf",
  mp4: "video",
  m4v: "video",
  webm: "video",
  ogv: "video",
  mp3: "audio",
  wav: "audio",
  ogg: "audio",
  oga: "audio",
  m4a: "audio",
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  svg: "image",
};
export const jobFileViewerOf = (fileName: string): JobFileViewer => {
  const dot = fileName.lastIndexOf(".");
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
  return FILE_VIEWERS[ext] ?? "download";
};

/** A hand-in is late when it came after the due date (fixed when it is turned in). */
export const isLateHandIn = (dueAt: Date | string | null, deliveredAt: Date | string): boolean =>
  dueAt !== null && new Date(dueAt).getTime() < new Date(deliveredAt).getTime();

/** The badge counts (GET front/amount-tasks): every key, zero where the caller's role has no such tab. */
export type TaskAmounts = { todo: number; turnedIn: number; graded: number; pending: number; reviewed: number };

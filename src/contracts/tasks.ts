import { GuidSchema, isStorableInstant, successOf } from "./common";
import { FORM_RULES } from "./course-settings-base";
import { ContentTypeSchema } from "./lessons";
import {
  JOB_ACTIONS,
  JOB_STATES,
  TASK_AUDIENCES,
  TASK_KINDS,
  TASK_LIMITS,
  TASK_TABS,
  TASKS_PAGE_SIZE,
} from "./tasks-base";
import * as z from "./zod";

export * from "./tasks-base";

/*
 * Tasks and hand-ins (issue 14; spec §7 "Tasks and records": GET front/tasks, front/amount-tasks,
 * GET and PUT front/jobs/{guid}, POST front/jobs/{id}/files) and the teacher's calls that assign
 * a lesson item of a class (front/courses/{guid}/tasks).
 */

export const JobStateSchema = z.enum(JOB_STATES);
export const TaskTabSchema = z.enum(TASK_TABS);
export const TaskAudienceSchema = z.enum(TASK_AUDIENCES);
export const TaskKindSchema = z.enum(TASK_KINDS);

const DueAtSchema = z.string().datetime({ offset: true }).refine(isStorableInstant, FORM_RULES.invalidDate).nullable();
const InstructionsSchema = z.string().trim().max(TASK_LIMITS.instructionsMaxChars, FORM_RULES.maxChars);
const MaxScoreSchema = z.number().positive().max(TASK_LIMITS.maxScore);
const StudentGuidsSchema = z.array(GuidSchema).max(TASK_LIMITS.studentsPerTask);

type AudienceFields = { audience?: "class" | "students"; studentGuids?: string[] };

/** "students" needs the students (at least one); the students are only given with "students". */
function checkAudience(value: AudienceFields, ctx: z.RefinementCtx): void {
  if (value.audience === "students" && (value.studentGuids?.length ?? 0) === 0) {
    ctx.addIssue({ code: "custom", path: ["studentGuids"], message: FORM_RULES.required });
  }
  if (value.studentGuids !== undefined && value.audience !== "students") {
    ctx.addIssue({ code: "custom", path: ["audience"], message: "students_audience_required" });
  }
}

/** POST front/courses/{guid}/tasks: assign a lesson item of the class (again: it updates the assignment). */
export const TaskCreateSchema = z
  .object({
    lessonItemGuid: GuidSchema,
    audience: TaskAudienceSchema,
    studentGuids: StudentGuidsSchema.optional(),
    dueAt: DueAtSchema.optional(),
    instructions: InstructionsSchema.optional(),
    maxScore: MaxScoreSchema.optional(),
  })
  .superRefine(checkAudience);
export type TaskCreate = z.infer<typeof TaskCreateSchema>;

/** PUT front/courses/{guid}/tasks/{taskGuid}: what is given changes; a moved due date reassigns. */
export const TaskUpdateSchema = z
  .object({
    audience: TaskAudienceSchema.optional(),
    studentGuids: StudentGuidsSchema.optional(),
    dueAt: DueAtSchema.optional(),
    instructions: InstructionsSchema.optional(),
    maxScore: MaxScoreSchema.optional(),
  })
  .superRefine(checkAudience);
export type TaskUpdate = z.infer<typeof TaskUpdateSchema>;

export const TaskParamsSchema = z.object({ guid: GuidSchema, taskGuid: GuidSchema });
export const TaskStudentParamsSchema = z.object({ guid: GuidSchema, taskGuid: GuidSchema, studentGuid: GuidSchema });
export const LessonTasksParamsSchema = z.object({ guid: GuidSchema, lessonGuid: GuidSchema });
export const JobFileParamsSchema = z.object({ guid: GuidSchema, fileGuid: GuidSchema });

const OffsetSchema = z.coerce.number().int().min(0).max(1_000_000).default(0);

/** The class's (or one lesson's) assignments, soonest due first. */
export const ClassTasksQuerySchema = z.object({
  offset: OffsetSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(TASKS_PAGE_SIZE),
});
export type ClassTasksQuery = z.infer<typeof ClassTasksQuerySchema>;

/** GET front/tasks: the caller's tab (the first of their role's tabs when absent), optionally one class. */
export const TaskListQuerySchema = z.object({
  tab: TaskTabSchema.optional(),
  courseGuid: GuidSchema.optional(),
  offset: OffsetSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(TASKS_PAGE_SIZE),
});
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

export const AmountTasksQuerySchema = z.object({ courseGuid: GuidSchema.optional() });

const PersonSchema = z.object({ guid: z.string(), name: z.string() });
const CourseRefSchema = z.object({ guid: z.string(), name: z.string() });
const LessonRefSchema = z.object({ guid: z.string(), title: z.string() });
export const TaskItemRefSchema = z.object({ guid: z.string(), title: z.string(), type: ContentTypeSchema, kind: TaskKindSchema });

export const TaskCountsSchema = z.object({
  /** Students the task reaches now (current students of the class with a job not unassigned). */
  assigned: z.number().int(),
  notStarted: z.number().int(),
  turnedIn: z.number().int(),
  graded: z.number().int(),
  /** Hand-ins (turned in or graded) that came after the due date. */
  late: z.number().int(),
});

/** One assignment of a lesson item, as the class's teachers see it. */
export const TaskSchema = z.object({
  guid: z.string(),
  courseGuid: z.string(),
  lesson: LessonRefSchema,
  item: TaskItemRefSchema,
  audience: TaskAudienceSchema,
  /** The students it reaches when the audience is "students" ([] for "class"). */
  studentGuids: z.array(z.string()),
  dueAt: z.string().nullable(),
  instructions: z.string(),
  maxScore: z.number(),
  assignedAt: z.string(),
  updatedAt: z.string(),
  /** Unassigned from everyone (the hand-ins are kept; assigning it again brings them back). */
  removed: z.boolean(),
  counts: TaskCountsSchema,
});
export type Task = z.infer<typeof TaskSchema>;

/** A student's job within one task (the teacher's roster). */
export const TaskJobSchema = z.object({
  guid: z.string(),
  student: PersonSchema,
  state: JobStateSchema,
  late: z.boolean(),
  deliveredAt: z.string().nullable(),
  gradedAt: z.string().nullable(),
  score: z.number().nullable(),
  fileCount: z.number().int(),
});
export const TaskDetailSchema = TaskSchema.extend({ jobs: z.array(TaskJobSchema) });
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

export const TaskPageSchema = z.object({ items: z.array(TaskSchema), total: z.number().int(), offset: z.number().int(), pageSize: z.number().int() });
export type TaskPage = z.infer<typeof TaskPageSchema>;

/** One job in GET front/tasks. */
export const TaskListItemSchema = z.object({
  /** The job's guid: front/jobs/{guid}. */
  guid: z.string(),
  taskGuid: z.string(),
  course: CourseRefSchema,
  lesson: LessonRefSchema,
  item: TaskItemRefSchema,
  dueAt: z.string().nullable(),
  state: JobStateSchema,
  /** Turned in after the due date. */
  late: z.boolean(),
  /** Not turned in and past the due date. */
  overdue: z.boolean(),
  deliveredAt: z.string().nullable(),
  gradedAt: z.string().nullable(),
  score: z.number().nullable(),
  maxScore: z.number(),
  /** Whose job it is (teachers' lists); null in a student's own list. */
  student: PersonSchema.nullable(),
});
export type TaskListItem = z.infer<typeof TaskListItemSchema>;

export const TaskListPageSchema = z.object({
  items: z.array(TaskListItemSchema),
  total: z.number().int(),
  offset: z.number().int(),
  pageSize: z.number().int(),
  tab: TaskTabSchema,
  view: z.enum(["student", "teacher"]),
});
export type TaskListPage = z.infer<typeof TaskListPageSchema>;

export const TaskAmountsSchema = z.object({
  todo: z.number().int(),
  turnedIn: z.number().int(),
  graded: z.number().int(),
  pending: z.number().int(),
  reviewed: z.number().int(),
});

export const JobFileSchema = z.object({
  guid: z.string(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  /** A signed, expiring address the viewers open (no bearer header needed). */
  url: z.string(),
  viewer: z.enum(["pdf", "video", "audio", "image", "download"]),
});
export type JobFile = z.infer<typeof JobFileSchema>;

export const JobCommentSchema = z.object({
  guid: z.string(),
  author: PersonSchema.nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type JobComment = z.infer<typeof JobCommentSchema>;

/** What the caller may do with the job now (the server enforces the same rules). */
export const JobRightsSchema = z.object({
  upload: z.boolean(),
  deleteFiles: z.boolean(),
  deliver: z.boolean(),
  undo: z.boolean(),
  grade: z.boolean(),
  comment: z.boolean(),
});

/** GET / PUT front/jobs/{guid}. */
export const JobDetailSchema = TaskListItemSchema.extend({
  instructions: z.string(),
  feedback: z.string().nullable(),
  gradedBy: PersonSchema.nullable(),
  /** Unassigned (only the class's teachers still see it). */
  removed: z.boolean(),
  /** How the caller sees it: its student, a teacher of the class, or a school admin overseeing it. */
  viewer: z.enum(["student", "editor", "observer"]),
  rights: JobRightsSchema,
  files: z.array(JobFileSchema),
  comments: z.array(JobCommentSchema),
});
export type JobDetail = z.infer<typeof JobDetailSchema>;

/**
 * PUT front/jobs/{guid}: the student turns it in (`deliver`) or takes it back (`undo`); a teacher of
 * the class grades it (`score` within 0..maxScore, optional `feedback`).
 */
export const JobActionSchema = z.object({ action: z.enum(JOB_ACTIONS) }).strict();
export const JobGradeSchema = z
  .object({
    action: z.literal("grade").optional(),
    score: z.number().min(0).max(TASK_LIMITS.maxScore),
    feedback: z.string().trim().max(TASK_LIMITS.feedbackMaxChars, FORM_RULES.maxChars).optional(),
  })
  .strict();
export const JobUpdateSchema = z.union([JobActionSchema, JobGradeSchema]);
export type JobUpdate = z.infer<typeof JobUpdateSchema>;

export const JobCommentBodySchema = z.object({
  body: z.string({ message: FORM_RULES.required }).trim().min(1, FORM_RULES.required).max(TASK_LIMITS.commentMaxChars, FORM_RULES.maxChars),
});

export const TaskResponseSchema = successOf(TaskDetailSchema);
export const TaskPageResponseSchema = successOf(TaskPageSchema);
export const TaskListPageResponseSchema = successOf(TaskListPageSchema);
export const TaskAmountsResponseSchema = successOf(TaskAmountsSchema);
export const JobResponseSchema = successOf(JobDetailSchema);
export const JobFileResponseSchema = successOf(JobFileSchema);
export const JobCommentResponseSchema = successOf(JobCommentSchema);

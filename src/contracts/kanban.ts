import { GuidSchema, successOf } from "./common";
import { FORM_RULES } from "./course-settings-base";
import { KANBAN_CARD_KINDS, KANBAN_COLUMNS, KANBAN_LIMITS } from "./kanban-base";
import { ContentTypeSchema } from "./lessons";
import { JOB_STATES } from "./tasks-base";
import * as z from "./zod";

export * from "./kanban-base";

export const KanbanColumnSchema = z.enum(KANBAN_COLUMNS);
export const KanbanCardKindSchema = z.enum(KANBAN_CARD_KINDS);
export const KanbanJobStateSchema = z.enum(JOB_STATES);

/** A lesson's board is named by its class and lesson together; neither names the board of all one's tasks. */
const boardRefGiven = (v: { courseGuid?: string | undefined; lessonGuid?: string | undefined }) =>
  (v.courseGuid === undefined) === (v.lessonGuid === undefined);
const boardRefRule = { message: FORM_RULES.required, path: ["lessonGuid"] };

const BoardRefFields = { courseGuid: GuidSchema.optional(), lessonGuid: GuidSchema.optional() };

/** GET /api/front/kanban: the caller's board of one lesson (courseGuid + lessonGuid) or of all their tasks. */
export const KanbanBoardQuerySchema = z.object(BoardRefFields).refine(boardRefGiven, boardRefRule);
export type KanbanBoardQuery = z.infer<typeof KanbanBoardQuerySchema>;

const CardTextSchema = z
  .string({ message: FORM_RULES.required })
  .trim()
  .min(1, FORM_RULES.required)
  .max(KANBAN_LIMITS.cardTextMaxChars, FORM_RULES.maxChars);

/** POST /api/front/kanban/cards: a personal card at the end of `column` of that board. */
export const KanbanCardCreateSchema = z
  .object({ text: CardTextSchema, column: KanbanColumnSchema, ...BoardRefFields })
  .refine(boardRefGiven, boardRefRule);
export type KanbanCardCreate = z.infer<typeof KanbanCardCreateSchema>;

/** PUT /api/front/kanban/cards/{guid}: new text (moving is PUT front/kanban/move). */
export const KanbanCardUpdateSchema = z.object({ text: CardTextSchema });
export type KanbanCardUpdate = z.infer<typeof KanbanCardUpdateSchema>;

/**
 * PUT /api/front/kanban/move: put one card (a job of the caller's or a personal card) at `index`
 * of `column` as the board named by courseGuid + lessonGuid shows it (0 = top; past the end = the
 * end). The index counts the column without the moved card.
 */
export const KanbanMoveSchema = z
  .object({
    kind: KanbanCardKindSchema,
    guid: GuidSchema,
    column: KanbanColumnSchema,
    index: z.number().int().min(0).max(KANBAN_LIMITS.maxIndex),
    ...BoardRefFields,
  })
  .refine(boardRefGiven, boardRefRule);
export type KanbanMove = z.infer<typeof KanbanMoveSchema>;

export const KanbanLessonParamsSchema = z.object({ guid: GuidSchema, lessonGuid: GuidSchema });
export const KanbanStudentParamsSchema = z.object({ guid: GuidSchema, lessonGuid: GuidSchema, studentGuid: GuidSchema });

/* ---------- Responses ---------- */

const NamedRef = z.object({ guid: z.string(), name: z.string() });

export const KanbanTaskCardSchema = z.object({
  kind: z.literal("job"),
  guid: z.string(),
  itemGuid: z.string(),
  title: z.string(),
  contentType: ContentTypeSchema,
  course: NamedRef,
  lesson: z.object({ guid: z.string(), title: z.string() }),
  dueAt: z.string().nullable(),
  state: KanbanJobStateSchema,
  late: z.boolean(),
  overdue: z.boolean(),
});
export const KanbanPersonalCardSchema = z.object({ kind: z.literal("card"), guid: z.string(), text: z.string() });
export const KanbanCardSchema = z.discriminatedUnion("kind", [KanbanTaskCardSchema, KanbanPersonalCardSchema]);

export const KanbanBoardSchema = z.object({
  courseGuid: z.string().nullable(),
  lessonGuid: z.string().nullable(),
  columns: z.array(z.object({ column: KanbanColumnSchema, cards: z.array(KanbanCardSchema) })),
  readOnly: z.boolean(),
});

export const KanbanCardDetailSchema = KanbanPersonalCardSchema.extend({
  courseGuid: z.string().nullable(),
  lessonGuid: z.string().nullable(),
  column: KanbanColumnSchema,
  index: z.number().int(),
});

const StudentPlacementSchema = z.object({
  guid: z.string(),
  name: z.string(),
  jobGuid: z.string(),
  state: KanbanJobStateSchema,
  late: z.boolean(),
  overdue: z.boolean(),
});

export const KanbanTeacherBoardSchema = z.object({
  course: NamedRef,
  lesson: z.object({ guid: z.string(), title: z.string() }),
  tasks: z.array(
    z.object({
      itemGuid: z.string(),
      title: z.string(),
      contentType: ContentTypeSchema,
      dueAt: z.string().nullable(),
      total: z.number().int(),
      columns: z.array(z.object({ column: KanbanColumnSchema, count: z.number().int(), students: z.array(StudentPlacementSchema) })),
    }),
  ),
  board: KanbanBoardSchema,
});

export const KanbanStudentBoardSchema = z.object({
  student: z.object({ guid: z.string(), name: z.string() }),
  board: KanbanBoardSchema,
});

export const KanbanBoardResponseSchema = successOf(KanbanBoardSchema);
export const KanbanCardResponseSchema = successOf(KanbanCardDetailSchema);
export const KanbanTeacherBoardResponseSchema = successOf(KanbanTeacherBoardSchema);
export const KanbanStudentBoardResponseSchema = successOf(KanbanStudentBoardSchema);

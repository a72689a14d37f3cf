import * as z from "./zod";
import { boundedString, GuidSchema, INPUT_LIMITS, successOf } from "./common";

/*
 * SCORM runtime data, xAPI launches and the results screens (spec §2 results routes, §7
 * lrs/records). The record store itself (GET/PUT/POST /api/lrs/records) answers in xAPI 1.0.3's
 * own formats, not in the API envelope; see modules/records.
 */

export const SCORM_VERSIONS = ["scorm12", "scorm2004"] as const;
export const ScormVersionSchema = z.enum(SCORM_VERSIONS);
export type ScormVersion = z.infer<typeof ScormVersionSchema>;

/** GET/PUT /api/scorm/runtime/:courseGuid/:contentGuid: the learner's attempt. */
export const ScormRuntimeParamsSchema = z.object({ courseGuid: GuidSchema, contentGuid: GuidSchema });
export const ScormRuntimeSchema = z.object({
  version: ScormVersionSchema,
  registration: GuidSchema,
  /** The CMI as scorm-again's loadFromJSON takes it (empty on a first launch). */
  cmi: z.record(z.string(), z.unknown()),
  completionStatus: z.string().nullable(),
  successStatus: z.string().nullable(),
  scoreRaw: z.number().nullable(),
  /** Learner's name and id as the package sees them (cmi.core.student_name / learner_name). */
  learnerId: z.string(),
  learnerName: z.string(),
});
export type ScormRuntime = z.infer<typeof ScormRuntimeSchema>;
export const ScormRuntimeResponseSchema = successOf(ScormRuntimeSchema);
/** The commit body: scorm-again's commit object (its `cmi` tree, nested as renderCommitCMI gives it). */
export const ScormCommitSchema = z.object({
  cmi: z.record(boundedString(INPUT_LIMITS.id), z.unknown()),
  /** Terminate/Finish commits. */
  terminated: z.boolean().default(false),
});
export type ScormCommit = z.infer<typeof ScormCommitSchema>;

/** POST /api/xapi/launch: the TinCan launch address with endpoint, auth, actor, registration. */
export const XapiLaunchSchema = z.object({ courseGuid: GuidSchema, contentGuid: GuidSchema });
export const XapiLaunchResultSchema = z.object({
  launchUrl: z.string(),
  registration: GuidSchema,
  expiresAt: z.string(),
  /** A teacher's preview: the package runs against a record store that keeps nothing (ADR 0023). */
  preview: z.boolean(),
});
export type XapiLaunchResult = z.infer<typeof XapiLaunchResultSchema>;
export const XapiLaunchResponseSchema = successOf(XapiLaunchResultSchema);

/** One learner's line on a results screen (SCORM or xAPI), read from the record store. */
export const ResultRowSchema = z.object({
  user: z.object({ guid: GuidSchema, name: z.string() }),
  attempted: z.boolean(),
  /** "completed" | "incomplete" | "not attempted" | ... as the package reported it. */
  completion: z.string().nullable(),
  /** "passed" | "failed" | null. */
  success: z.string().nullable(),
  /** Scaled 0..1 when known. */
  scoreScaled: z.number().nullable(),
  scoreRaw: z.number().nullable(),
  statements: z.number().int(),
  lastActivityAt: z.string().nullable(),
});
export type ResultRow = z.infer<typeof ResultRowSchema>;

export const ItemResultsSchema = z.object({
  itemGuid: GuidSchema,
  courseGuid: GuidSchema,
  title: z.string(),
  kind: z.enum(["scorm", "xapi"]),
  rows: z.array(ResultRowSchema),
});
export type ItemResults = z.infer<typeof ItemResultsSchema>;
export const ItemResultsResponseSchema = successOf(ItemResultsSchema);

/** One statement as the individual results screen lists it. */
export const StatementLineSchema = z.object({
  id: GuidSchema,
  verb: z.string(),
  verbId: z.string(),
  object: z.string(),
  result: z
    .object({ completion: z.boolean().nullable(), success: z.boolean().nullable(), scoreScaled: z.number().nullable(), scoreRaw: z.number().nullable(), response: z.string().nullable(), duration: z.string().nullable() })
    .nullable(),
  timestamp: z.string(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const IndividualResultsSchema = z.object({
  itemGuid: GuidSchema,
  courseGuid: GuidSchema,
  title: z.string(),
  kind: z.enum(["scorm", "xapi"]),
  user: z.object({ guid: GuidSchema, name: z.string() }),
  summary: ResultRowSchema,
  /** SCORM: the interactions the package reported (cmi.interactions). */
  interactions: z.array(z.object({ id: z.string(), type: z.string().nullable(), response: z.string().nullable(), result: z.string().nullable(), correct: z.string().nullable() })),
  statements: z.array(StatementLineSchema),
});
export type IndividualResults = z.infer<typeof IndividualResultsSchema>;
export const IndividualResultsResponseSchema = successOf(IndividualResultsSchema);

/** GET /api/front/results/{scorm|xapi}/:itemGuid: a lesson item's results (teachers and co-teachers). */
export const ResultsItemParamsSchema = z.object({ itemGuid: GuidSchema });
/** GET /api/front/results/{scorm|xapi}/:itemGuid/users/:userGuid: one learner's results (a student: their own only). */
export const ResultsUserParamsSchema = z.object({ itemGuid: GuidSchema, userGuid: GuidSchema });

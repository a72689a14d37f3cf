import { GuidSchema, successOf } from "./common";
import type { ErrorKey } from "./constants";
import { SHORT_TOKEN_ALPHABET, SHORT_TOKEN_LENGTH } from "./projection-base";
import * as z from "./zod";

export { isProjectionInfo, PROJECTION_EVENTS, PROJECTION_TTL_HOURS, SHORT_TOKEN_ALPHABET, SHORT_TOKEN_LENGTH } from "./projection-base";

/*
 * Projection of a lesson on the classroom screen, with a phone as remote control (spec §2
 * projection routes, /remote/{shortToken}, /tools/{courseProjectGuid}; §8 "This URL has already
 * been used, generate another").
 */

/** Short tokens (SHORT_TOKEN_ALPHABET, SHORT_TOKEN_LENGTH). */
export const ShortTokenSchema = z.string().regex(new RegExp(`^[${SHORT_TOKEN_ALPHABET}]{${SHORT_TOKEN_LENGTH}}$`));

export const ProjectionCreateSchema = z.object({ courseGuid: GuidSchema, lessonGuid: GuidSchema });

export const ProjectionStateSchema = z.object({
  sessionId: GuidSchema,
  /** 0-based index into the lesson's published items. */
  position: z.number().int().min(0),
  revealed: z.boolean(),
  itemCount: z.number().int(),
  /** A phone holds the remote. */
  remoteConnected: z.boolean(),
});
export type ProjectionState = z.infer<typeof ProjectionStateSchema>;

export const ProjectionSessionSchema = ProjectionStateSchema.extend({
  courseGuid: GuidSchema,
  lessonGuid: GuidSchema,
  shortToken: z.string(),
  /** Absolute address of /remote/{shortToken}, for the QR code. */
  remoteUrl: z.string(),
  expiresAt: z.string(),
});
export type ProjectionSession = z.infer<typeof ProjectionSessionSchema>;
export const ProjectionSessionResponseSchema = successOf(ProjectionSessionSchema);

/** POST /api/projection/remote/:shortToken/claim: the first phone gets the secret; any later one gets PROJECTION_URL_USED. */
export const RemoteClaimResultSchema = z.object({
  sessionId: GuidSchema,
  remoteSecret: z.string(),
  lessonTitle: z.string(),
  courseName: z.string(),
  itemTitles: z.array(z.string()),
  state: ProjectionStateSchema,
});
export type RemoteClaimResult = z.infer<typeof RemoteClaimResultSchema>;
export const RemoteClaimResponseSchema = successOf(RemoteClaimResultSchema);

/** Socket.io (namespace /projection, PROJECTION_EVENTS). */
export const ProjectionJoinSchema = z.object({ sessionId: GuidSchema, remoteSecret: z.string().optional() });
export const ProjectionCommandSchema = z.object({
  sessionId: GuidSchema,
  command: z.enum(["next", "previous", "goto", "reveal", "hide"]),
  position: z.number().int().min(0).optional(),
});
export type ProjectionCommand = z.infer<typeof ProjectionCommandSchema>;

/* ---------- Additions (projection helper) ---------- */

/** GET /api/projection/sessions/:sessionId and POST .../token. */
export const ProjectionSessionParamsSchema = z.object({ sessionId: GuidSchema });
/**
 * POST /api/projection/remote/:shortToken/claim. Any string up to 64 characters: a token that
 * cannot exist is simply unknown (404), like one that never existed.
 */
export const RemoteTokenParamsSchema = z.object({ shortToken: z.string().min(1).max(64) });

/** What the phone shows besides the state: answered on claim and again on every join (titles may change). */
export const ProjectionInfoSchema = z.object({
  lessonTitle: z.string(),
  courseName: z.string(),
  itemTitles: z.array(z.string()),
});
export type ProjectionInfo = z.infer<typeof ProjectionInfoSchema>;

/** Acknowledgement of `projection:join` and `projection:command` (socket.io acks). */
export type ProjectionAck =
  | { ok: true; state: ProjectionState; info?: ProjectionInfo }
  | { ok: false; error: ErrorKey };

import type { ProjectionInfo } from "./projection";

/*
 * What the client needs of the projection contract without zod (ADR 0028). projection.ts
 * re-exports these; tests/contracts checks isProjectionInfo against ProjectionInfoSchema.
 */

/** Short tokens: 8 characters a teacher can type on a phone (no 0/O/1/I/L). */
export const SHORT_TOKEN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const SHORT_TOKEN_LENGTH = 8;

/** How long a projection (and its remote) lives. */
export const PROJECTION_TTL_HOURS = 8;

/** Socket.io (namespace /projection). The screen joins with its bearer token, the phone with its secret. */
export const PROJECTION_EVENTS = {
  /** client -> server: { sessionId } (screen, bearer auth) or { sessionId, remoteSecret } (phone). */
  join: "projection:join",
  /** client -> server: a command. */
  command: "projection:command",
  /** server -> clients in the room: the new state. */
  state: "projection:state",
} as const;

/** What ProjectionInfoSchema accepts (the phone remote reads its saved grant with it). */
export function isProjectionInfo(value: unknown): value is ProjectionInfo {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { lessonTitle, courseName, itemTitles } = value as Record<string, unknown>;
  return typeof lessonTitle === "string" && typeof courseName === "string" && Array.isArray(itemTitles) && itemTitles.every((t) => typeof t === "string");
}

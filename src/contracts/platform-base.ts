import type { FrontofficeHealth } from "./platform";

/*
 * What the client needs of the platform contract without zod (ADR 0028). platform.ts re-exports
 * these; tests/contracts checks isFrontofficeHealth against FrontofficeHealthSchema.
 */

export const LANGUAGE_SCOPES = ["privacy", "terms", "credits"] as const;
export type LanguageScopeName = (typeof LANGUAGE_SCOPES)[number];

/** The privacy screen shows a PDF viewer when the scope's value ends in pdf (spec §2). */
export const isPdfValue = (value: string): boolean => /pdf$/i.test(value.trim());

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** What FrontofficeHealthSchema accepts (the /status screen reads the health JSON with it). */
export function isFrontofficeHealth(value: unknown): value is FrontofficeHealth {
  if (!isRecord(value) || !isRecord(value.frontoffice)) return false;
  const { version, status, database, uptimeSeconds, startedAt } = value.frontoffice;
  return (
    typeof version === "string" &&
    (status === "ok" || status === "degraded") &&
    isRecord(database) &&
    (database.status === "up" || database.status === "down") &&
    (database.driver === "pglite" || database.driver === "postgres") &&
    isNumber(database.latencyMs) &&
    isNumber(uptimeSeconds) &&
    typeof startedAt === "string"
  );
}

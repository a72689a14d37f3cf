import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { APP_VERSION, DEFAULT_LANGUAGE, type Language } from "../../../contracts/common";
import type { FrontofficeHealth, LanguageScopeName } from "../../../contracts/platform";
import type { AppContext } from "../../app";
import type { Db } from "../../db/client";
import { languageScopes, languages } from "../../db/schema";

/** A database that does not answer within this long counts as down: health must answer fast. */
export const PING_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

/** Never throws: a failing database is reported as "down" and the platform as "degraded". */
export async function checkHealth(ctx: Pick<AppContext, "database" | "startedAt">, now: () => Date = () => new Date()): Promise<FrontofficeHealth> {
  const started = performance.now();
  let database: FrontofficeHealth["frontoffice"]["database"];
  try {
    const latency = await withTimeout(ctx.database.ping(), PING_TIMEOUT_MS);
    database = { status: "up", driver: ctx.database.driver, latencyMs: round(latency) };
  } catch {
    database = { status: "down", driver: ctx.database.driver, latencyMs: round(performance.now() - started) };
  }
  return {
    frontoffice: {
      version: APP_VERSION,
      status: database.status === "up" ? "ok" : "degraded",
      database,
      uptimeSeconds: Math.max(0, Math.floor((now().getTime() - ctx.startedAt.getTime()) / 1000)),
      startedAt: ctx.startedAt.toISOString(),
    },
  };
}

export function listLanguages(db: Db) {
  return db.select({ code: languages.code, description: languages.description }).from(languages).orderBy(asc(languages.order));
}

export type ScopeRow = { tenantId: string | null; language: string; value: string };

/**
 * Which document rows to try, best first: the edition's own text in the requested language, then
 * in the edition's default language; then the platform default (tenantId null) in the requested
 * language, the edition's default and finally the platform's default language.
 */
export function scopeCandidates(tenantId: string, requested: Language | undefined, editionDefault: Language): Array<[string | null, Language]> {
  const wanted = requested ?? editionDefault;
  const list: Array<[string | null, Language]> = [
    [tenantId, wanted],
    [tenantId, editionDefault],
    [null, wanted],
    [null, editionDefault],
    [null, DEFAULT_LANGUAGE],
  ];
  return list.filter(([t, l], i) => list.findIndex(([t2, l2]) => t2 === t && l2 === l) === i);
}

export function pickScope(rows: readonly ScopeRow[], candidates: ReadonlyArray<[string | null, Language]>): ScopeRow | undefined {
  for (const [tenantId, language] of candidates) {
    const hit = rows.find((r) => r.tenantId === tenantId && r.language === language);
    if (hit) return hit;
  }
  return undefined;
}

/** The document for one scope with the fallback rules above, in a single query. */
export async function findLanguageScope(
  db: Db,
  edition: { id: string; defaultLanguage: Language },
  scope: LanguageScopeName,
  requested: Language | undefined,
): Promise<ScopeRow | undefined> {
  const candidates = scopeCandidates(edition.id, requested, edition.defaultLanguage);
  const rows = await db
    .select({ tenantId: languageScopes.tenantId, language: languageScopes.language, value: languageScopes.value })
    .from(languageScopes)
    .where(
      and(
        eq(languageScopes.scope, scope),
        or(eq(languageScopes.tenantId, edition.id), isNull(languageScopes.tenantId)),
        inArray(languageScopes.language, [...new Set(candidates.map(([, l]) => l))]),
      ),
    );
  return pickScope(rows, candidates);
}

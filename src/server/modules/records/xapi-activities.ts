import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { xapiActivities, xapiStatements } from "../../db/schema";
import type { Json } from "./xapi-values";

/*
 * Canonical activity definitions (xAPI 1.0.3 Part Two §2.4.4.1, Part Three §2.6): the record store
 * keeps, per tenant and activity id, the definitions statements carried, merged in storage order
 * (a later definition's properties replace earlier ones; language maps are merged language by
 * language). The Activities resource answers them, and `format=canonical` puts them in
 * statements, with one language per language map chosen from Accept-Language.
 */

/** Activity ids longer than this (bytes) get no canonical row (a btree key must stay small). */
export const MAX_CANONICAL_ID_BYTES = 1000;
const LANGUAGE_MAPS = ["name", "description"] as const;
const COMPONENT_LISTS = ["choices", "scale", "source", "target", "steps"] as const;

type Executor = Pick<Db, "select" | "insert">;

/** Every Activity a statement names with a definition: object, context activities, and the same inside a SubStatement. */
function definedActivities(s: Json, out: Array<{ id: string; definition: Json }>): void {
  const take = (a: unknown) => {
    const activity = a as Json;
    if (typeof activity.id === "string" && typeof activity.definition === "object" && activity.definition !== null) {
      out.push({ id: activity.id, definition: activity.definition as Json });
    }
  };
  const object = s.object as Json;
  if (!object.objectType || object.objectType === "Activity") take(object);
  const ca = (s.context as Json | undefined)?.contextActivities as Record<string, unknown> | undefined;
  for (const list of Object.values(ca ?? {})) (Array.isArray(list) ? list : [list]).forEach(take);
  if (object.objectType === "SubStatement") definedActivities(object, out);
}

/** `next` merged over `base`: language maps merged per language, every other property replaced. */
export function mergeDefinition(base: Json, next: Json): Json {
  const merged: Json = { ...base, ...next };
  for (const key of LANGUAGE_MAPS) {
    if (typeof base[key] === "object" && typeof next[key] === "object") merged[key] = { ...(base[key] as Json), ...(next[key] as Json) };
  }
  return merged;
}

const stable = (v: unknown): string => JSON.stringify(v, (_k, value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value as Json).sort(([a], [b]) => (a < b ? -1 : 1))) : value,
);

/**
 * Folds the definitions of freshly stored statements into the canonical ones. Writes only the
 * activities whose definition changed, so re-sending known activities costs one read.
 */
export async function recordActivityDefinitions(tx: Executor, tenantId: string, statements: Json[], stored: Date): Promise<void> {
  const found: Array<{ id: string; definition: Json }> = [];
  for (const s of statements) definedActivities(s, found);
  const usable = found.filter((f) => Buffer.byteLength(f.id) <= MAX_CANONICAL_ID_BYTES);
  if (usable.length === 0) return;
  const ids = [...new Set(usable.map((f) => f.id))];
  const rows = await tx
    .select({ activityId: xapiActivities.activityId, definition: xapiActivities.definition })
    .from(xapiActivities)
    .where(and(eq(xapiActivities.tenantId, tenantId), inArray(xapiActivities.activityId, ids)));
  const before = new Map(rows.map((r) => [r.activityId, r.definition]));
  const after = new Map(before);
  for (const f of usable) after.set(f.id, mergeDefinition(after.get(f.id) ?? {}, f.definition));
  const changed = [...after].filter(([id, definition]) => {
    const old = before.get(id);
    return old === undefined || stable(old) !== stable(definition);
  });
  for (const [activityId, definition] of changed) {
    await tx
      .insert(xapiActivities)
      .values({ tenantId, activityId, definition, updated: stored })
      .onConflictDoUpdate({ target: [xapiActivities.tenantId, xapiActivities.activityId], set: { definition, updated: stored } });
  }
}

/** The Activity object of the Activities resource, or null when no statement of the tenant names the activity. */
export async function findActivity(db: Db, tenantId: string, activityId: string): Promise<Json | null> {
  const [row] = await db
    .select({ definition: xapiActivities.definition })
    .from(xapiActivities)
    .where(and(eq(xapiActivities.tenantId, tenantId), eq(xapiActivities.activityId, activityId)))
    .limit(1);
  if (row) return { objectType: "Activity", id: activityId, definition: row.definition };
  const [seen] = await db
    .select({ id: xapiStatements.id })
    .from(xapiStatements)
    .where(and(eq(xapiStatements.tenantId, tenantId), eq(xapiStatements.activityId, activityId)))
    .limit(1);
  return seen ? { objectType: "Activity", id: activityId } : null;
}

/* ---------- format=canonical ---------- */

/** Accept-Language as an ordered list of lower-case ranges (q=0 dropped). */
export function acceptLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((piece, index) => {
      const [range = "", ...params] = piece.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { range: range.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.range !== "" && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((r) => r.range);
}

/** The one language of a map to answer: the first accepted range that matches (exactly, then by prefix), else the first entry. */
export function pickLanguage(map: Json, accepted: string[]): Json {
  const tags = Object.keys(map);
  if (tags.length <= 1) return map;
  const lower = tags.map((t) => t.toLowerCase());
  for (const range of accepted) {
    if (range === "*") break;
    const exact = lower.indexOf(range);
    if (exact >= 0) return pick(map, tags[exact]);
    const prefix = lower.findIndex((t) => t.startsWith(`${range}-`) || range.startsWith(`${t}-`));
    if (prefix >= 0) return pick(map, tags[prefix]);
  }
  return pick(map, tags[0]);
}

const pick = (map: Json, tag: string | undefined): Json => (tag === undefined ? map : { [tag]: map[tag] });

function filterDefinition(definition: Json, accepted: string[]): Json {
  const out: Json = { ...definition };
  for (const key of LANGUAGE_MAPS) if (typeof out[key] === "object" && out[key] !== null) out[key] = pickLanguage(out[key] as Json, accepted);
  for (const key of COMPONENT_LISTS) {
    if (!Array.isArray(out[key])) continue;
    out[key] = (out[key] as Json[]).map((c) => (typeof c.description === "object" && c.description !== null ? { ...c, description: pickLanguage(c.description as Json, accepted) } : c));
  }
  return out;
}

function canonicalActivity(a: Json, canonical: Map<string, Json>, accepted: string[]): Json {
  const definition = canonical.get(a.id as string) ?? (a.definition as Json | undefined);
  return definition ? { ...a, definition: filterDefinition(definition, accepted) } : a;
}

function canonicalCore(s: Json, canonical: Map<string, Json>, accepted: string[]): Json {
  const out: Json = { ...s };
  const verb = s.verb as Json;
  if (verb.display) out.verb = { ...verb, display: pickLanguage(verb.display as Json, accepted) };
  const object = s.object as Json;
  if (!object.objectType || object.objectType === "Activity") out.object = canonicalActivity(object, canonical, accepted);
  else if (object.objectType === "SubStatement") out.object = canonicalCore(object, canonical, accepted);
  const context = s.context as Json | undefined;
  const ca = context?.contextActivities as Record<string, Json[]> | undefined;
  if (context && ca) {
    out.context = { ...context, contextActivities: Object.fromEntries(Object.entries(ca).map(([k, list]) => [k, list.map((a) => canonicalActivity(a, canonical, accepted))])) };
  }
  if (Array.isArray(s.attachments)) {
    out.attachments = (s.attachments as Json[]).map((a) => ({
      ...a,
      display: pickLanguage(a.display as Json, accepted),
      ...(a.description ? { description: pickLanguage(a.description as Json, accepted) } : {}),
    }));
  }
  return out;
}

function activityIdsOf(s: Json, out: Set<string>): void {
  const object = s.object as Json;
  if (!object.objectType || object.objectType === "Activity") out.add(object.id as string);
  const ca = (s.context as Json | undefined)?.contextActivities as Record<string, Json[]> | undefined;
  for (const list of Object.values(ca ?? {})) for (const a of list) out.add(a.id as string);
  if (object.objectType === "SubStatement") activityIdsOf(object, out);
}

/** Statements in the canonical format: canonical activity definitions, one language per language map; agents as stored. */
export async function canonicalStatements(db: Db, tenantId: string, statements: Json[], acceptLanguage: string | undefined): Promise<Json[]> {
  const ids = new Set<string>();
  for (const s of statements) activityIdsOf(s, ids);
  const rows =
    ids.size === 0
      ? []
      : await db
          .select({ activityId: xapiActivities.activityId, definition: xapiActivities.definition })
          .from(xapiActivities)
          .where(and(eq(xapiActivities.tenantId, tenantId), inArray(xapiActivities.activityId, [...ids])));
  const canonical = new Map(rows.map((r) => [r.activityId, r.definition]));
  const accepted = acceptLanguages(acceptLanguage);
  return statements.map((s) => canonicalCore(s, canonical, accepted));
}

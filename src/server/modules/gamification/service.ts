import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { languageOr, type Language } from "../../../contracts/constants";
import {
  EARNING_REASONS,
  GAMIFICATION_LIMITS,
  GamificationRulesSchema,
  levelOf,
  textIn,
  type GamificationProfile,
  type GamificationRules,
  type LedgerEntry,
  type RewardReason,
} from "../../../contracts/gamification";
import type { Db } from "../../db/client";
import { courseMembers, courses, gamificationLedger, gamificationProfiles, gamificationRules, kcEvidence, knowledgeComponents, tenants, users } from "../../db/schema";
import type { EventBus } from "../../platform/events";
import type { Caller } from "../courses/access";
import { applyCaps, DEFAULT_RULES, levelsCrossed, medalProgress, medalsEarned, utcDay, type Candidate, type EvidenceFact } from "./rules";

/*
 * The ledger and everything read from it (issue 18, ADR 0046). Writing is `award`: one
 * transaction per student (an advisory lock orders a student's awards across instances), keys
 * already in the ledger are skipped (a replayed event pays nothing), the daily caps clip the rest,
 * the profile's totals move with them, and the levels and medals they reach are written in the
 * same transaction. After it commits, "gamification.awarded" tells the realtime layer.
 */

type LedgerRow = typeof gamificationLedger.$inferSelect;

const RULES_TTL_MS = 10_000;
const rulesCache = new Map<string, { rules: GamificationRules; at: number }>();

/** An edition's rules (its own row, else the defaults), cached for a few seconds per instance. */
export async function rulesOf(db: Db, tenantId: string): Promise<GamificationRules> {
  const hit = rulesCache.get(tenantId);
  if (hit && Date.now() - hit.at < RULES_TTL_MS) return hit.rules;
  const [row] = await db.select({ rules: gamificationRules.rules }).from(gamificationRules).where(eq(gamificationRules.tenantId, tenantId)).limit(1);
  const parsed = row ? GamificationRulesSchema.safeParse(row.rules) : null;
  const rules = parsed?.success ? (parsed.data as GamificationRules) : DEFAULT_RULES;
  rulesCache.set(tenantId, { rules, at: Date.now() });
  return rules;
}

export async function saveRules(db: Db, tenantId: string, rules: GamificationRules): Promise<GamificationRules> {
  await db
    .insert(gamificationRules)
    .values({ tenantId, rules })
    .onConflictDoUpdate({ target: gamificationRules.tenantId, set: { rules, updatedAt: sql`now()` } });
  rulesCache.delete(tenantId);
  return rules;
}

/** Whether the user is a student of a gamified edition (the socket, the profile). */
export async function isGamifiedStudent(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .innerJoin(tenants, and(eq(tenants.id, users.tenantId), eq(tenants.gamified, true)))
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), eq(users.role, "student")))
    .limit(1);
  return row !== undefined;
}

/** The class's gamification setting in effect: on only in a gamified edition (a class without the setting follows its edition). */
export const classGamifiedSql = sql`(${tenants.gamified} and coalesce((${courses.settings}->>'gamification')::boolean, true))`;

/** Spec §6: a student of a gamified edition, member of a live class of it that has gamification on. */
export async function earnsInClass(db: Db, tenantId: string, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .innerJoin(courseMembers, and(eq(courseMembers.userId, users.id), eq(courseMembers.courseId, courseId), eq(courseMembers.role, "student")))
    .innerJoin(courses, and(eq(courses.id, courseMembers.courseId), eq(courses.tenantId, tenantId), eq(courses.archived, false)))
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), eq(users.role, "student"), classGamifiedSql))
    .limit(1);
  return row !== undefined;
}

/** A `kc_evidence` row as the rules read it (EvidenceFact). */
export const EVIDENCE_FACT = {
  id: kcEvidence.id,
  kc: kcEvidence.kc,
  questionId: kcEvidence.questionId,
  correct: kcEvidence.correct,
  knownBefore: kcEvidence.knownBefore,
  knownAfter: kcEvidence.knownAfter,
  recallBefore: kcEvidence.recallBefore,
  answeredAt: kcEvidence.answeredAt,
};

/** The evidence rows a "learning.applied" names, the student's own only. */
export async function loadEvidence(db: Db, userId: string, ids: readonly number[]): Promise<EvidenceFact[]> {
  if (ids.length === 0) return [];
  return db
    .select(EVIDENCE_FACT)
    .from(kcEvidence)
    .where(and(eq(kcEvidence.userId, userId), inArray(kcEvidence.id, [...ids])));
}

type AwardInput = { tenantId: string; userId: string; courseId: string | null; candidates: readonly Candidate[]; awardedBy?: string | null };

/** Writes what is new of `candidates` (and the levels and medals it reaches); the ids written, oldest first. */
export async function award(db: Db, events: EventBus, rules: GamificationRules, input: AwardInput, now: Date = new Date()): Promise<number[]> {
  if (input.candidates.length === 0) return [];
  const ids = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(1818, hashtext(${input.userId}))`);
    const keys = [...new Set(input.candidates.map((c) => c.key))];
    const known = new Set(
      (await tx.select({ key: gamificationLedger.key }).from(gamificationLedger).where(and(eq(gamificationLedger.userId, input.userId), inArray(gamificationLedger.key, keys)))).map((r) => r.key),
    );
    const seen = new Set<string>();
    const fresh = input.candidates.filter((c) => !known.has(c.key) && !seen.has(c.key) && seen.add(c.key));
    if (fresh.length === 0) return [];
    const days = [...new Set(fresh.map((c) => c.day))];
    // One after another: the queries of a transaction share its one connection.
    const earnedRows = await tx
      .select({ reason: gamificationLedger.reason, day: gamificationLedger.day, points: sql<number>`coalesce(sum(${gamificationLedger.points}), 0)::int` })
      .from(gamificationLedger)
      .where(and(eq(gamificationLedger.userId, input.userId), inArray(gamificationLedger.day, days), inArray(gamificationLedger.reason, [...EARNING_REASONS])))
      .groupBy(gamificationLedger.reason, gamificationLedger.day);
    const countRows = await tx
      .select({ reason: gamificationLedger.reason, n: sql<number>`count(*)::int` })
      .from(gamificationLedger)
      .where(eq(gamificationLedger.userId, input.userId))
      .groupBy(gamificationLedger.reason);
    const medalRows = await tx
      .select({ medalId: gamificationLedger.medalId })
      .from(gamificationLedger)
      .where(and(eq(gamificationLedger.userId, input.userId), eq(gamificationLedger.reason, "medal")));
    const [profile] = await tx.select().from(gamificationProfiles).where(eq(gamificationProfiles.userId, input.userId)).limit(1);
    const earned = new Map(earnedRows.map((r) => [`${r.reason}|${r.day}`, r.points]));
    const paid = applyCaps(rules, fresh, earned);
    const counts = new Map<RewardReason, number>(countRows.map((r) => [r.reason as RewardReason, r.n]));
    const owned = new Set(medalRows.flatMap((r) => (r.medalId ? [r.medalId] : [])));
    let points = profile?.points ?? 0;
    let currency = profile?.currency ?? 0;
    let level = profile?.level ?? 1;
    const rows: (typeof gamificationLedger.$inferInsert)[] = [];
    const base = { tenantId: input.tenantId, userId: input.userId, courseId: input.courseId, awardedBy: input.awardedBy ?? null };
    for (const c of paid) {
      rows.push({ ...base, key: c.key, reason: c.reason, points: c.points, currency: c.currency, capped: c.capped, day: c.day, kc: c.kc ?? null, medalId: c.medalId ?? null, level: c.level ?? null, note: c.note ?? null });
      points += c.points;
      currency += c.currency;
      counts.set(c.reason, (counts.get(c.reason) ?? 0) + 1);
    }
    // Levels and medals, until neither moves (a medal's points may reach a level, a level a medal).
    const today = utcDay(now);
    for (let round = 0; round < 10; round++) {
      const levels = levelsCrossed(rules, level, points);
      for (const order of levels) rows.push({ ...base, key: `level:${order}`, reason: "level", day: today, level: order });
      if (levels.length > 0) level = Math.max(level, ...levels);
      const medals = medalsEarned(rules, counts, level, owned);
      for (const m of medals) {
        rows.push({ ...base, awardedBy: null, key: `medal:${m.id}`, reason: "medal", points: m.points, currency: m.currency, day: today, medalId: m.id });
        owned.add(m.id);
        points += m.points;
        currency += m.currency;
      }
      if (levels.length === 0 && medals.length === 0) break;
    }
    const inserted = await tx.insert(gamificationLedger).values(rows).onConflictDoNothing().returning({ id: gamificationLedger.id });
    await tx
      .insert(gamificationProfiles)
      .values({ userId: input.userId, tenantId: input.tenantId, points, currency, level })
      .onConflictDoUpdate({ target: gamificationProfiles.userId, set: { points, currency, level, updatedAt: sql`now()` } });
    return inserted.map((r) => r.id).sort((a, b) => a - b);
  });
  if (ids.length > 0) events.emit("gamification.awarded", { tenantId: input.tenantId, userId: input.userId, entryIds: ids });
  return ids;
}

// ---- Reading ----

const medalView = (rules: GamificationRules, lang: Language, id: string | null) => {
  const m = id ? rules.medals.find((x) => x.id === id) : undefined;
  return m ? { id: m.id, name: textIn(m.name, lang), description: textIn(m.description, lang), imageUrl: m.imageUrl } : null;
};

export async function profileRow(db: Db, userId: string) {
  const [row] = await db.select().from(gamificationProfiles).where(eq(gamificationProfiles.userId, userId)).limit(1);
  return row ?? null;
}

/** The language a user reads in (their locale, else the default). */
export async function readerLanguage(db: Db, userId: string): Promise<Language> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return languageOr(row?.locale);
}

export async function profileOf(db: Db, caller: Caller, lang: Language): Promise<GamificationProfile> {
  const enabled = caller.role === "student" && (await isGamifiedStudent(db, caller.tenantId, caller.userId));
  const empty: GamificationProfile = {
    enabled: false,
    points: 0,
    currency: 0,
    level: { order: 1, threshold: 0, nextThreshold: null },
    medals: [],
    lastEntryId: 0,
    equipped: { avatarFrame: null, theme: null },
    equippedColours: { avatarFrame: null, theme: null },
  };
  if (!enabled) return empty;
  const rules = await rulesOf(db, caller.tenantId);
  const [profile, countRows, medalRows, [last]] = await Promise.all([
    profileRow(db, caller.userId),
    db
      .select({ reason: gamificationLedger.reason, n: sql<number>`count(*)::int` })
      .from(gamificationLedger)
      .where(eq(gamificationLedger.userId, caller.userId))
      .groupBy(gamificationLedger.reason),
    db
      .select({ medalId: gamificationLedger.medalId, n: sql<number>`count(*)::int`, first: sql<Date>`min(${gamificationLedger.createdAt})` })
      .from(gamificationLedger)
      .where(and(eq(gamificationLedger.userId, caller.userId), inArray(gamificationLedger.reason, ["medal", "teacher_medal"])))
      .groupBy(gamificationLedger.medalId),
    db.select({ id: sql<number>`coalesce(max(${gamificationLedger.id}), 0)::bigint` }).from(gamificationLedger).where(eq(gamificationLedger.userId, caller.userId)),
  ]);
  const points = profile?.points ?? 0;
  const level = levelOf(rules.levels, points) ?? { order: 1, threshold: 0 };
  const next = rules.levels.filter((l) => l.threshold > points).sort((a, b) => a.threshold - b.threshold)[0];
  const counts = new Map<RewardReason, number>(countRows.map((r) => [r.reason as RewardReason, r.n]));
  const got = new Map(medalRows.flatMap((r) => (r.medalId ? [[r.medalId, r] as const] : [])));
  const colourOf = (id: string | null | undefined) => (id ? (rules.shop.find((s) => s.id === id)?.colour ?? null) : null);
  return {
    enabled: true,
    points,
    currency: profile?.currency ?? 0,
    level: { order: Math.max(level.order, profile?.level ?? 1), threshold: level.threshold, nextThreshold: next?.threshold ?? null },
    medals: rules.medals.map((m) => {
      const g = got.get(m.id);
      return {
        id: m.id,
        name: textIn(m.name, lang),
        description: textIn(m.description, lang),
        imageUrl: m.imageUrl,
        criterion: m.criterion,
        count: m.count,
        progress: medalProgress(m, counts, level.order, g?.n ?? 0),
        unlocked: g !== undefined,
        unlockedAt: g ? new Date(g.first).toISOString() : null,
      };
    }),
    lastEntryId: Number(last?.id ?? 0),
    equipped: { avatarFrame: profile?.avatarFrame ?? null, theme: profile?.theme ?? null },
    equippedColours: { avatarFrame: colourOf(profile?.avatarFrame), theme: colourOf(profile?.theme) },
  };
}

export async function presentEntries(db: Db, rules: GamificationRules, lang: Language, rows: readonly LedgerRow[]): Promise<LedgerEntry[]> {
  const courseIds = [...new Set(rows.flatMap((r) => (r.courseId ? [r.courseId] : [])))];
  const kcCodes = [...new Set(rows.flatMap((r) => (r.kc ? [r.kc] : [])))];
  const giverIds = [...new Set(rows.flatMap((r) => (r.awardedBy ? [r.awardedBy] : [])))];
  const tenantId = rows[0]?.tenantId;
  const [courseRows, kcRows, giverRows] = await Promise.all([
    courseIds.length > 0 ? db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, courseIds)) : [],
    kcCodes.length > 0 && tenantId
      ? db.select({ code: knowledgeComponents.code, names: knowledgeComponents.names }).from(knowledgeComponents).where(and(eq(knowledgeComponents.tenantId, tenantId), inArray(knowledgeComponents.code, kcCodes)))
      : [],
    giverIds.length > 0 ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, giverIds)) : [],
  ]);
  const courseName = new Map(courseRows.map((c) => [c.id, c.name]));
  const kcName = new Map(kcRows.map((k) => [k.code, textIn((k.names ?? {}) as Record<string, string>, lang)]));
  const giver = new Map(giverRows.map((g) => [g.id, `${g.firstName} ${g.lastName}`.trim()]));
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason as RewardReason,
    points: r.points,
    currency: r.currency,
    capped: r.capped,
    course: r.courseId ? { guid: r.courseId, name: courseName.get(r.courseId) ?? "" } : null,
    kc: r.kc ? { code: r.kc, name: kcName.get(r.kc) ?? r.kc } : null,
    medal: (() => {
      const m = medalView(rules, lang, r.medalId);
      return m ? { id: m.id, name: m.name, imageUrl: m.imageUrl } : null;
    })(),
    level: r.level,
    itemId: r.itemId,
    note: r.note,
    awardedBy: r.awardedBy ? (giver.get(r.awardedBy) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function ledgerOf(db: Db, caller: Caller, lang: Language, offset: number, pageSize: number): Promise<{ entries: LedgerEntry[]; total: number; offset: number }> {
  const [rows, [count]] = await Promise.all([
    db.select().from(gamificationLedger).where(eq(gamificationLedger.userId, caller.userId)).orderBy(desc(gamificationLedger.id)).limit(pageSize).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(gamificationLedger).where(eq(gamificationLedger.userId, caller.userId)),
  ]);
  const rules = await rulesOf(db, caller.tenantId);
  return { entries: await presentEntries(db, rules, lang, rows), total: count?.n ?? 0, offset };
}

// ---- The socket's pushes ----

export type RewardPush =
  | { event: "pointsReward"; payload: { entryId: number; points: number; reason: RewardReason; totalPoints: number; capped: boolean } }
  | { event: "badgeReward"; payload: { entryId: number; badge: { id: string; imageUrl: string; name: string; description: string }; reason: RewardReason; note: string | null } }
  | { event: "currencyReward"; payload: { entryId: number; currency: number; reason: RewardReason; balance: number } }
  | { event: "levelUp"; payload: { entryId: number; currentLevel: { order: number; threshold: number }; order: number } };

/**
 * The pushes of a student's entries (ids given, or every one after `since`), oldest first: a
 * medal is a badgeReward, a level a levelUp, points a pointsReward and currency a currencyReward.
 * Running totals are the profile's now, less what later entries of the same batch add.
 */
export async function pushesOf(db: Db, userId: string, select: { ids: readonly number[] } | { since: number }): Promise<RewardPush[]> {
  const where =
    "ids" in select
      ? and(eq(gamificationLedger.userId, userId), inArray(gamificationLedger.id, [...select.ids]))
      : and(eq(gamificationLedger.userId, userId), sql`${gamificationLedger.id} > ${select.since}`);
  const [newest, profile, lang] = await Promise.all([
    // The newest (a socket away for long gets the latest of what it missed, not the oldest), put back in order below.
    db.select().from(gamificationLedger).where(where).orderBy(desc(gamificationLedger.id)).limit(GAMIFICATION_LIMITS.replayMax),
    profileRow(db, userId),
    readerLanguage(db, userId),
  ]);
  const rows = newest.reverse();
  if (rows.length === 0) return [];
  const rules = await rulesOf(db, rows[0]?.tenantId ?? "");
  // Totals after each entry: the profile's totals minus what the later ones of the batch add.
  let totalPoints = (profile?.points ?? 0) - rows.reduce((s, r) => s + r.points, 0);
  let balance = (profile?.currency ?? 0) - rows.reduce((s, r) => s + r.currency, 0);
  const out: RewardPush[] = [];
  for (const r of rows) {
    totalPoints += r.points;
    balance += r.currency;
    const reason = r.reason as RewardReason;
    if (r.level !== null && reason === "level") {
      const threshold = rules.levels.find((l) => l.order === r.level)?.threshold ?? 0;
      out.push({ event: "levelUp", payload: { entryId: r.id, currentLevel: { order: r.level, threshold }, order: r.level } });
    }
    const badge = reason === "medal" || reason === "teacher_medal" ? medalView(rules, lang, r.medalId) : null;
    if (badge) out.push({ event: "badgeReward", payload: { entryId: r.id, badge, reason, note: r.note } });
    if (r.points > 0 || (r.capped && reason !== "purchase")) out.push({ event: "pointsReward", payload: { entryId: r.id, points: r.points, reason, totalPoints, capped: r.capped } });
    if (r.currency > 0) out.push({ event: "currencyReward", payload: { entryId: r.id, currency: r.currency, reason, balance } });
  }
  return out;
}

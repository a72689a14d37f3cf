import { eq, sql } from "drizzle-orm";
import type { Language } from "../../../contracts/constants";
import { DEFAULT_RANKING_MODE, RANKING_TOP, textIn, type LedgerEntry, type Ranking, type RankingMode } from "../../../contracts/gamification";
import type { Db } from "../../db/client";
import { courseMembers, courses, gamificationClasses, gamificationLedger, gamificationProfiles, tenants, users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../platform/errors";
import type { EventBus } from "../../platform/events";
import type { Caller, CourseAccess } from "../courses/access";
import { utcDay } from "./rules";
import { award, classGamifiedSql, earnsInClass, presentEntries, rulesOf } from "./service";

/* A class's ranking (the teacher's choice of what students see) and the medals its teachers give by hand (issue 18, ADR 0046). */

async function rankingMode(db: Db, courseId: string): Promise<RankingMode> {
  const [row] = await db.select({ ranking: gamificationClasses.ranking }).from(gamificationClasses).where(eq(gamificationClasses.courseId, courseId)).limit(1);
  return (row?.ranking as RankingMode | undefined) ?? DEFAULT_RANKING_MODE;
}

async function classGamified(db: Db, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean>`${classGamifiedSql}` })
    .from(courses)
    .innerJoin(tenants, eq(tenants.id, courses.tenantId))
    .where(eq(courses.id, courseId))
    .limit(1);
  return row?.on === true;
}

const staff = (access: CourseAccess) => !access.isStudent;

/**
 * The class's ranking by the points earned in it. Students see first names only, and only as the
 * teacher chose (off: nothing; top10: the first ten and their own row; full: everyone). The
 * class's staff see full names whatever the choice. Ties share a rank.
 */
export async function rankingOf(db: Db, caller: Caller, access: CourseAccess, lang: Language): Promise<Ranking> {
  const courseId = access.course.id;
  const [mode, enabled, rules] = await Promise.all([rankingMode(db, courseId), classGamified(db, courseId), rulesOf(db, caller.tenantId)]);
  const manualMedals = staff(access)
    ? rules.medals.filter((m) => m.criterion === "manual").map((m) => ({ id: m.id, name: textIn(m.name, lang), imageUrl: m.imageUrl }))
    : [];
  if (!enabled || (access.isStudent && mode === "off")) return { mode, enabled, rows: [], mine: null, manualMedals };
  const result = await db.execute(sql`
    select u.id, u.first_name, u.last_name, coalesce(p.level, 1) as level,
           coalesce((select sum(l.points) from ${gamificationLedger} l where l.course_id = ${courseId} and l.user_id = u.id), 0)::int as points
      from ${courseMembers} cm
      join ${users} u on u.id = cm.user_id and u.tenant_id = ${caller.tenantId}
      left join ${gamificationProfiles} p on p.user_id = u.id
      where cm.course_id = ${courseId} and cm.role = 'student'
      order by points desc, u.first_name, u.last_name, u.id`);
  const raw = (result as unknown as { rows: Array<{ id: string; first_name: string; last_name: string; level: number; points: number }> }).rows;
  let rank = 0;
  let previous: number | null = null;
  const all = raw.map((r, i) => {
    if (r.points !== previous) rank = i + 1;
    previous = r.points;
    const me = r.id === caller.userId;
    return {
      rank,
      name: staff(access) ? `${r.first_name} ${r.last_name}`.trim() : r.first_name,
      studentGuid: staff(access) ? r.id : null,
      points: Number(r.points),
      level: Number(r.level),
      me,
    };
  });
  if (staff(access) || mode === "full") return { mode, enabled, rows: all, mine: null, manualMedals };
  const rows = all.slice(0, RANKING_TOP);
  const mine = rows.some((r) => r.me) ? null : (all.find((r) => r.me) ?? null);
  return { mode, enabled, rows, mine, manualMedals };
}

export async function setRankingMode(db: Db, access: CourseAccess, mode: RankingMode): Promise<void> {
  await db
    .insert(gamificationClasses)
    .values({ courseId: access.course.id, tenantId: access.course.tenantId, ranking: mode })
    .onConflictDoUpdate({ target: gamificationClasses.courseId, set: { ranking: mode, updatedAt: sql`now()` } });
}

/** A teacher gives one of the edition's manual medals to a student of the class, with a reason. */
export async function giveMedal(
  db: Db,
  events: EventBus,
  caller: Caller,
  access: CourseAccess,
  input: { studentGuid: string; medalId: string; reason: string },
  lang: Language,
  now: Date,
): Promise<LedgerEntry> {
  const courseId = access.course.id;
  if (!(await classGamified(db, courseId))) throw conflict("GAMIFICATION_OFF", "Gamification is off in this class");
  if (!(await earnsInClass(db, caller.tenantId, input.studentGuid, courseId))) throw notFound("Student");
  const rules = await rulesOf(db, caller.tenantId);
  const medal = rules.medals.find((m) => m.id === input.medalId);
  if (!medal) throw notFound("Medal");
  if (medal.criterion !== "manual") throw new AppError(400, "MEDAL_NOT_MANUAL", "This medal is earned, not given");
  const key = `teacher-medal:${crypto.randomUUID()}`;
  const [id] = await award(
    db,
    events,
    rules,
    {
      tenantId: caller.tenantId,
      userId: input.studentGuid,
      courseId,
      awardedBy: caller.userId,
      candidates: [{ key, reason: "teacher_medal", points: medal.points, currency: medal.currency, day: utcDay(now), medalId: medal.id, note: input.reason }],
    },
    now,
  );
  const [row] = await db.select().from(gamificationLedger).where(eq(gamificationLedger.id, id ?? -1)).limit(1);
  if (!row) throw notFound("Medal");
  const [entry] = await presentEntries(db, rules, lang, [row]);
  return entry as LedgerEntry;
}

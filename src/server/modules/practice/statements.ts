import { eq, sql } from "drizzle-orm";
import type { QuestionType } from "../../../contracts/questions";
import type { Db } from "../../db/client";
import { practiceActivities, type practiceSessions, users } from "../../db/schema";
import type { QuestionRow } from "../assessments/questions-service";
import { kcStatement, questionObject } from "../assessments/statements";
import { courseActivityId } from "../records/scorm-statements";
import { platformWriter } from "../records/xapi-auth";
import { storeStatements } from "../records/xapi-service";

/*
 * What practice leaves in the record store (issue 15, ADR 0035): an "answered" statement for every
 * finished activity, with the session as parent, and a "completed" one for the session. Both carry
 * the session id as registration, the class as grouping and the KCs as a context extension; the
 * envelope is the one assessments build (assessments/statements.ts kcStatement).
 */

type SessionRow = typeof practiceSessions.$inferSelect;
type ActivityRow = typeof practiceActivities.$inferSelect;
type RecordCtx = { db: Db; publicUrl: string };

/** The student as an xAPI actor. */
type Who = { id: string; firstName: string; lastName: string };

async function whoIs(db: Db, userId: string): Promise<Who> {
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return { id: userId, firstName: u?.firstName ?? "", lastName: u?.lastName ?? "" };
}

const storePracticeStatements = (ctx: RecordCtx, session: SessionRow, statements: Record<string, unknown>[]) =>
  storeStatements(ctx.db, session.tenantId, statements, platformWriter(ctx.publicUrl));

const sessionActivityId = (publicUrl: string, sessionId: string) => `${publicUrl}/practice/session/${sessionId}`;

const setting = (publicUrl: string, who: Who, session: SessionRow, parent: readonly string[], kcs: readonly string[], at: Date) => ({
  publicUrl,
  user: who,
  registration: session.id,
  parent,
  grouping: [courseActivityId(publicUrl, session.courseId)],
  kcs,
  at,
});

function answeredStatement(publicUrl: string, who: Who, session: SessionRow, a: ActivityRow, row: QuestionRow, at: Date) {
  const fraction = a.fraction ?? 0;
  const result = {
    response: JSON.stringify(a.answer?.answer ?? null),
    success: a.correct === true,
    score: { raw: Math.round(fraction * row.points * 100) / 100, min: 0, max: row.points, scaled: Math.min(1, Math.max(0, fraction)) },
    extensions: { [`${publicUrl}/xapi/extensions/tries`]: a.tries },
  };
  const object = questionObject({ publicUrl }, { id: row.contentId, type: row.type as QuestionType, prompt: row.prompt });
  return kcStatement(setting(publicUrl, who, session, [sessionActivityId(publicUrl, session.id)], row.kcs, at), "answered", object, result);
}

function completedStatement(publicUrl: string, who: Who, session: SessionRow, right: number, total: number, at: Date) {
  const object = {
    objectType: "Activity",
    id: sessionActivityId(publicUrl, session.id),
    definition: { name: { und: `Practice: ${session.kcs.join(", ")}` }, type: "http://adlnet.gov/expapi/activities/assessment" },
  };
  const duration = session.startedAt ? Math.max(0, Math.round((at.getTime() - session.startedAt.getTime()) / 1000)) : 0;
  const result = { completion: true, duration: `PT${duration}S`, score: total > 0 ? { raw: right, min: 0, max: total, scaled: right / total } : { raw: 0 } };
  return kcStatement(setting(publicUrl, who, session, [], session.kcs, at), "completed", object, result);
}

/** A finished activity, as an "answered" statement. */
export async function recordAnswered(ctx: RecordCtx, session: SessionRow, activity: ActivityRow, row: QuestionRow, at: Date): Promise<void> {
  await storePracticeStatements(ctx, session, [answeredStatement(ctx.publicUrl, await whoIs(ctx.db, session.userId), session, activity, row, at)]);
}

/** A completed session, as a "completed" statement with its activities right out of all. */
export async function recordCompleted(ctx: RecordCtx, session: SessionRow, at: Date): Promise<void> {
  const [{ right, total } = { right: 0, total: 0 }] = await ctx.db
    .select({ right: sql<number>`count(*) filter (where ${practiceActivities.correct})::int`, total: sql<number>`count(*)::int` })
    .from(practiceActivities)
    .where(eq(practiceActivities.sessionId, session.id));
  await storePracticeStatements(ctx, session, [completedStatement(ctx.publicUrl, await whoIs(ctx.db, session.userId), session, right, total, at)]);
}

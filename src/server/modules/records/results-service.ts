import { and, asc, eq } from "drizzle-orm";
import type { IndividualResults, ItemResults, ResultRow } from "../../../contracts/records";
import type { Db } from "../../db/client";
import { contents, courseMembers, lessonItems, scormAttempts, users } from "../../db/schema";
import { forbidden, notFound } from "../../platform/errors";
import { loadCourseAccess, type Caller, type CourseAccess } from "../courses/access";
import { activityNotAvailable } from "./launch-access";
import { xapiActivityId, xapiRegistrations } from "./launch-service";
import { interactionsOf } from "./scorm-cmi";
import { contentActivityId } from "./scorm-statements";
import { statementLine, summarise, xapiInteractions } from "./results-statements";
import { queryStatements } from "./xapi-service";

/*
 * Results screens (spec §2 results-scorm, results-xapi and their individual pages), read from the
 * record store: one row per student of the class, one learner's statements. Only statements of a
 * real launch of the item count (ADR 0016): those whose registration is one of the learner's
 * launches of this package in this class, so the same package in two classes never mixes and a
 * statement without a launch (no registration, or one the platform never issued) never shows.
 */

export type ResultsKind = "scorm" | "xapi";
type Ctx = { db: Db; publicUrl: string };
type Json = Record<string, unknown>;

type ResultsItem = {
  item: typeof lessonItems.$inferSelect;
  content: typeof contents.$inferSelect;
  access: CourseAccess;
  title: string;
  activityId: string;
};

type Person = { id: string; firstName: string; lastName: string };

const KINDS: Record<ResultsKind, readonly string[]> = { scorm: ["scorm12", "scorm2004"], xapi: ["xapi"] };
/** Enough for any one learner's attempt at one package; older statements fall outside the screen. */
const MAX_STATEMENTS = 1000;

const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`.trim();

/** The lesson item, its class (the caller must be a member: 404 otherwise) and its package of `kind`. */
export async function loadResultsItem(ctx: Ctx, caller: Caller, itemId: string, kind: ResultsKind): Promise<ResultsItem> {
  const [item] = await ctx.db
    .select()
    .from(lessonItems)
    .where(and(eq(lessonItems.id, itemId), eq(lessonItems.tenantId, caller.tenantId)))
    .limit(1);
  if (!item) throw notFound("Lesson item");
  const access = await loadCourseAccess(ctx.db, caller, item.courseId);
  if (access.isStudent && item.status !== "published") throw notFound("Lesson item");
  const [content] = await ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.id, item.contentId), eq(contents.tenantId, caller.tenantId)))
    .limit(1);
  if (!content || !content.data.packageKind || !KINDS[kind].includes(content.data.packageKind)) throw activityNotAvailable();
  const activityId = kind === "xapi" ? xapiActivityId(ctx.publicUrl, content) : contentActivityId(ctx.publicUrl, content.id);
  return { item, content, access, title: item.title ?? content.title, activityId };
}

/**
 * A learner's statements for the item, newest first: those of their launches' registrations in
 * this class (SCORM: the attempt's; xAPI: every launch's), nothing else.
 */
async function learnerStatements(ctx: Ctx, target: ResultsItem, kind: ResultsKind, userId: string): Promise<Json[]> {
  const { content, access } = target;
  const agent = { agentAccountName: userId, agentAccountHomePage: ctx.publicUrl };
  let registrations: string[];
  if (kind === "scorm") {
    const [attempt] = await ctx.db
      .select({ registration: scormAttempts.registration })
      .from(scormAttempts)
      .where(
        and(
          eq(scormAttempts.tenantId, content.tenantId),
          eq(scormAttempts.userId, userId),
          eq(scormAttempts.courseId, access.course.id),
          eq(scormAttempts.contentId, content.id),
        ),
      )
      .limit(1);
    registrations = attempt ? [attempt.registration] : [];
  } else {
    registrations = await xapiRegistrations(ctx.db, content.tenantId, userId, content.id, access.course.id);
  }
  const found: Json[] = [];
  for (const registration of registrations) {
    found.push(...(await queryStatements(ctx.db, content.tenantId, { ...agent, registration, limit: MAX_STATEMENTS })));
  }
  const unique = new Map(found.map((s) => [String(s.id), s]));
  const stamp = (s: Json) => Date.parse(String(s.stored ?? s.timestamp ?? "")) || 0;
  return [...unique.values()].sort((a, b) => stamp(b) - stamp(a)).slice(0, MAX_STATEMENTS);
}

async function rowFor(ctx: Ctx, target: ResultsItem, kind: ResultsKind, person: Person): Promise<ResultRow> {
  const statements = await learnerStatements(ctx, target, kind, person.id);
  return { user: { guid: person.id, name: nameOf(person) }, ...summarise(statements, target.activityId) };
}

/** Every student of the class, with or without data, by surname (teachers and co-teachers only). */
export async function itemResults(ctx: Ctx, caller: Caller, itemId: string, kind: ResultsKind): Promise<ItemResults> {
  const target = await loadResultsItem(ctx, caller, itemId, kind);
  if (!target.access.canEdit) throw forbidden();
  const students = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, target.access.course.id), eq(courseMembers.role, "student"), eq(users.tenantId, caller.tenantId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const rows: ResultRow[] = [];
  for (const student of students) rows.push(await rowFor(ctx, target, kind, student));
  return { itemGuid: target.item.id, courseGuid: target.access.course.id, title: target.title, kind, rows };
}

/**
 * One member's results for the item: teachers and co-teachers see anyone of the class (a
 * teacher's own previews included); a student only themself (anyone else is a 404).
 */
export async function individualResults(
  ctx: Ctx,
  caller: Caller,
  itemId: string,
  kind: ResultsKind,
  userId: string,
  languages: readonly string[],
): Promise<IndividualResults> {
  const target = await loadResultsItem(ctx, caller, itemId, kind);
  if (target.access.isStudent && userId !== caller.userId) throw notFound("User");
  if (!target.access.isStudent && !target.access.canEdit) throw forbidden();
  const [person] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, target.access.course.id), eq(courseMembers.userId, userId), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  if (!person) throw notFound("User");
  const statements = await learnerStatements(ctx, target, kind, person.id);
  let interactions: IndividualResults["interactions"];
  if (kind === "scorm") {
    const [attempt] = await ctx.db
      .select({ version: scormAttempts.version, cmi: scormAttempts.cmi })
      .from(scormAttempts)
      .where(and(eq(scormAttempts.userId, person.id), eq(scormAttempts.courseId, target.access.course.id), eq(scormAttempts.contentId, target.content.id)))
      .limit(1);
    interactions = attempt ? interactionsOf(attempt.version === "scorm2004" ? "scorm2004" : "scorm12", attempt.cmi) : [];
  } else {
    interactions = xapiInteractions(statements);
  }
  const user = { guid: person.id, name: nameOf(person) };
  return {
    itemGuid: target.item.id,
    courseGuid: target.access.course.id,
    title: target.title,
    kind,
    user,
    summary: { user, ...summarise(statements, target.activityId) },
    interactions,
    statements: statements.map((s) => statementLine(s, languages)),
  };
}

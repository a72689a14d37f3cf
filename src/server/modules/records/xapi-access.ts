import { and, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assessmentAttempts, courseMembers, courses, lrsCredentials, scormAttempts, users, xapiStatements } from "../../db/schema";
import { forbidden } from "../../platform/errors";
import type { LrsScope, LrsWriter } from "./xapi-auth";
import { courseActivityId } from "./scorm-statements";
import { isUuid, VOIDED_VERB, type Json } from "./xapi-validate";

/*
 * Who may read and write which statements (ADR 0016), in one place for every resource of the
 * record store: `readCondition` is the WHERE every read adds; `resolveSubjects` finds whom and
 * which class each statement to store is about, and `authorizeWrites` refuses (403) a batch with
 * any statement outside the writer's scope.
 */

type Executor = Pick<Db, "select">;

/** Course members whose records a teacher may write: students (not fellow teachers or observers). */
const RECORDED_MEMBER_ROLE = "student";

/** The statements a scope may read, as a WHERE condition on xapi_statements (403 for none). */
export function readCondition(scope: LrsScope): SQL | undefined {
  switch (scope.kind) {
    case "tenant":
      return undefined;
    case "none":
      throw forbidden("This record store credential may not read statements");
    case "credential":
      return eq(xapiStatements.credentialId, scope.credentialId);
    case "learner":
      return eq(xapiStatements.actorUserId, scope.userId);
    case "member": {
      const reach: SQL[] = [eq(xapiStatements.actorUserId, scope.userId)];
      if (scope.taughtCourseIds.length > 0) {
        // Statements of a class they teach, about someone who is still a member of it.
        reach.push(
          and(
            inArray(xapiStatements.courseId, [...scope.taughtCourseIds]),
            sql`exists (select 1 from ${courseMembers} where ${courseMembers.courseId} = ${xapiStatements.courseId} and ${courseMembers.userId} = ${xapiStatements.actorUserId})`,
          ) as SQL,
        );
      }
      if (scope.schoolId) {
        reach.push(
          sql`exists (select 1 from ${users} where ${users.id} = ${xapiStatements.actorUserId} and ${users.schoolId} = ${scope.schoolId})`,
          sql`exists (select 1 from ${courses} where ${courses.id} = ${xapiStatements.courseId} and ${courses.schoolId} = ${scope.schoolId})`,
        );
      }
      return or(...reach);
    }
  }
}

/** Whom and which class a statement is about (stored as xapi_statements.actor_user_id and course_id). */
export type Subject = { actorUserId: string | null; courseId: string | null; memberRole: string | null };

/** The user id an actor names when it is an account on the platform's address. */
function accountUserId(actor: Json, publicUrl: string): string | null {
  if (actor.objectType !== undefined && actor.objectType !== "Agent") return null;
  const account = actor.account as Json | undefined;
  if (!account || account.homePage !== publicUrl || typeof account.name !== "string" || !isUuid(account.name)) return null;
  return account.name.toLowerCase();
}

/** Class ids named by class activities (`<publicUrl>/course/<id>`) in the statement's context. */
function classActivities(statement: Json, publicUrl: string): string[] {
  const prefix = courseActivityId(publicUrl, "");
  const lists = Object.values(((statement.context as Json | undefined)?.contextActivities as Json | undefined) ?? {});
  const ids: string[] = [];
  for (const list of lists) {
    for (const activity of Array.isArray(list) ? (list as Json[]) : [list as Json]) {
      const id = typeof activity.id === "string" ? activity.id : "";
      const rest = id.startsWith(prefix) ? id.slice(prefix.length) : "";
      if (isUuid(rest)) ids.push(rest.toLowerCase());
    }
  }
  return ids;
}

const registrationOf = (statement: Json): string | null => {
  const r = (statement.context as Json | undefined)?.registration;
  return typeof r === "string" ? r.toLowerCase() : null;
};

/**
 * The platform launches behind registrations, in one query: an xAPI launch credential, a SCORM
 * attempt or an assessment attempt, each of one learner in one class.
 */
async function launchesOf(tx: Executor, tenantId: string, registrations: string[]): Promise<Map<string, Array<{ userId: string; courseId: string }>>> {
  const byRegistration = new Map<string, Array<{ userId: string; courseId: string }>>();
  if (registrations.length === 0) return byRegistration;
  const rows = await tx
    .select({ registration: sql<string>`${lrsCredentials.registration}`, userId: sql<string>`${lrsCredentials.userId}`, courseId: sql<string>`${lrsCredentials.courseId}` })
    .from(lrsCredentials)
    .where(and(eq(lrsCredentials.tenantId, tenantId), inArray(lrsCredentials.registration, registrations), isNotNull(lrsCredentials.userId), isNotNull(lrsCredentials.courseId)))
    .unionAll(
      tx
        .select({ registration: sql<string>`${scormAttempts.registration}`, userId: sql<string>`${scormAttempts.userId}`, courseId: sql<string>`${scormAttempts.courseId}` })
        .from(scormAttempts)
        .where(and(eq(scormAttempts.tenantId, tenantId), inArray(scormAttempts.registration, registrations))),
    )
    .unionAll(
      tx
        .select({ registration: sql<string>`${assessmentAttempts.registration}`, userId: sql<string>`${assessmentAttempts.userId}`, courseId: sql<string>`${assessmentAttempts.courseId}` })
        .from(assessmentAttempts)
        .where(and(eq(assessmentAttempts.tenantId, tenantId), inArray(assessmentAttempts.registration, registrations))),
    );
  for (const row of rows) {
    const list = byRegistration.get(row.registration) ?? [];
    list.push({ userId: row.userId, courseId: row.courseId });
    byRegistration.set(row.registration, list);
  }
  return byRegistration;
}

/**
 * The users of the tenant among `userIds`, with their memberships among `courseIds` (classes of
 * the tenant), in one query: user id -> (course id -> member role).
 */
async function usersAndMemberships(tx: Executor, tenantId: string, userIds: string[], courseIds: string[]): Promise<Map<string, Map<string, string>>> {
  const memberships = courseIds.length > 0 ? inArray(courseMembers.courseId, courseIds) : sql`false`;
  const rows = await tx
    .select({ userId: users.id, courseId: courses.id, role: courseMembers.role })
    .from(users)
    .leftJoin(courseMembers, and(eq(courseMembers.userId, users.id), memberships))
    .leftJoin(courses, and(eq(courses.id, courseMembers.courseId), eq(courses.tenantId, tenantId)))
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
  const byUser = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const roles = byUser.get(row.userId) ?? new Map<string, string>();
    if (row.courseId && row.role) roles.set(row.courseId, row.role);
    byUser.set(row.userId, roles);
  }
  return byUser;
}

/**
 * For each statement: the platform user its actor is (a user of the tenant), and the class it
 * belongs to: its registration's launch when that launch is the actor's, else a class activity
 * in its context; only a class the actor is a member of. Classes the writer teaches are preferred.
 * Two queries for a batch (none when no statement is about a platform user).
 */
export async function resolveSubjects(tx: Executor, writer: LrsWriter, statements: Json[]): Promise<Subject[]> {
  const claimed = statements.map((s) => accountUserId(s.actor as Json, writer.publicUrl));
  const claimedIds = [...new Set(claimed.filter((id): id is string => id !== null))];
  if (claimedIds.length === 0) return statements.map(() => ({ actorUserId: null, courseId: null, memberRole: null }));

  const registrations = [...new Set(statements.map(registrationOf).filter((r): r is string => r !== null && isUuid(r)))];
  const launches = await launchesOf(tx, writer.tenantId, registrations);
  const taught = new Set(writer.write.kind === "member" ? writer.write.taughtCourseIds : []);
  const candidates = statements.map((s, i) => {
    const actor = claimed[i];
    if (!actor) return [];
    const registration = registrationOf(s);
    const launched = (registration ? (launches.get(registration) ?? []) : []).filter((l) => l.userId === actor).map((l) => l.courseId);
    const named = [...new Set([...launched, ...classActivities(s, writer.publicUrl)])];
    return [...named.filter((c) => taught.has(c)), ...named.filter((c) => !taught.has(c))];
  });
  const known = await usersAndMemberships(tx, writer.tenantId, claimedIds, [...new Set(candidates.flat())]);
  return statements.map((_s, i) => {
    const actor = claimed[i];
    const roles = actor ? known.get(actor) : undefined;
    if (!actor || !roles) return { actorUserId: null, courseId: null, memberRole: null };
    const courseId = (candidates[i] ?? []).find((c) => roles.has(c)) ?? null;
    return { actorUserId: actor, courseId, memberRole: courseId ? (roles.get(courseId) ?? null) : null };
  });
}

/** Whether a writer may store a statement about this subject. */
function mayWriteAbout(scope: LrsScope, subject: Subject): boolean {
  switch (scope.kind) {
    case "tenant":
      return true;
    case "learner":
      return subject.actorUserId === scope.userId;
    case "member":
      if (subject.actorUserId === scope.userId) return true;
      // A teacher's records about a student: only through a class they teach.
      return subject.actorUserId !== null && subject.courseId !== null && scope.taughtCourseIds.includes(subject.courseId) && subject.memberRole === RECORDED_MEMBER_ROLE;
    default:
      return false;
  }
}

function refusal(scope: LrsScope, path: string): Error {
  if (scope.kind === "learner") return forbidden(`${path}.actor must be your own agent: this credential may only store statements about its learner`);
  if (scope.kind === "member") {
    return forbidden(
      `${path}.actor must be your own agent, or a student of a class you teach with that class in context (the registration of their launch, or the class activity in context.contextActivities)`,
    );
  }
  return forbidden("This record store credential may not store statements");
}

/**
 * 403 unless every statement is within the writer's scope (see mayWriteAbout), and every voiding
 * statement targets a stored statement the writer could have stored (the whole tenant: anything,
 * so a voiding statement may arrive before its target).
 */
export async function authorizeWrites(tx: Executor, writer: LrsWriter, items: Array<{ statement: Json; path: string; subject: Subject }>): Promise<void> {
  const scope = writer.write;
  if (scope.kind === "tenant") return;
  for (const item of items) {
    if (!mayWriteAbout(scope, item.subject)) throw refusal(scope, item.path);
  }
  const voiding = items.filter((i) => (i.statement.verb as Json).id === VOIDED_VERB && (i.statement.object as Json).objectType === "StatementRef");
  if (voiding.length === 0) return;
  const targetIds = voiding.map((v) => String((v.statement.object as Json).id).toLowerCase());
  const targets = await tx
    .select({ id: xapiStatements.id, actorUserId: xapiStatements.actorUserId, courseId: xapiStatements.courseId, memberRole: courseMembers.role })
    .from(xapiStatements)
    .leftJoin(courseMembers, and(eq(courseMembers.courseId, xapiStatements.courseId), eq(courseMembers.userId, xapiStatements.actorUserId)))
    .where(and(eq(xapiStatements.tenantId, writer.tenantId), inArray(xapiStatements.id, targetIds)));
  const byId = new Map(targets.map((t) => [t.id, t]));
  voiding.forEach((v, i) => {
    const target = byId.get(targetIds[i] ?? "");
    if (!target || !mayWriteAbout(scope, target)) {
      throw forbidden(`${v.path}.object.id must be a stored statement you may write: you may only void statements within your own scope`);
    }
  });
}

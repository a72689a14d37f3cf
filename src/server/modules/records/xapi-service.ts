import crypto from "node:crypto";
import { and, asc, desc, eq, gt, inArray, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { xapiStatements } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { authorizeWrites, readCondition, resolveSubjects } from "./xapi-access";
import { recordActivityDefinitions } from "./xapi-activities";
import { accountKey, actorKey, ifiOnly } from "./xapi-agents";
import type { LrsScope, LrsWriter } from "./xapi-auth";
import { matchingOrTargeting } from "./xapi-query";
import { invalid, validateStatement, VOIDED_VERB, type Json } from "./xapi-validate";

/*
 * The xAPI 1.0.3 record store: storing (validation, idempotent re-sends, conflicts, voiding) and
 * querying statements of one tenant. Routes (xapi-routes.ts) add authentication and the wire
 * formats; other modules (SCORM runtime, results) call storeStatements/queryStatements directly.
 * Who may store and read what (ADR 0016) is xapi-access.ts, applied here: storeStatements checks
 * the writer's scope, queryResource and findStatement add the reader's.
 */

export { agentForUser } from "./xapi-agents";

/** Who stores: a record-store caller (xapi-auth) or the platform itself (xapi-auth platformWriter). */
export type StoreOptions = Omit<LrsWriter, "tenantId">;

/** Who reads through the Statement resource (or any resource that lists statements). */
export type LrsReader = { tenantId: string; read: LrsScope };

export type StatementFilters = {
  agentAccountName?: string;
  agentAccountHomePage?: string;
  activityId?: string;
  registration?: string;
  verbId?: string;
  since?: Date;
  until?: Date;
  /** Absent: every matching statement. */
  limit?: number;
  ascending?: boolean;
};

type Executor = Pick<Db, "select" | "insert" | "update">;

/** contextActivities values are kept as arrays (a single Activity is wrapped), also in SubStatements. */
function normaliseContext(s: Json): Json {
  const out: Json = { ...s };
  const context = s.context as Json | undefined;
  const ca = context?.contextActivities as Json | undefined;
  if (context && ca) {
    out.context = {
      ...context,
      contextActivities: Object.fromEntries(Object.entries(ca).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])),
    };
  }
  const object = s.object as Json | undefined;
  if (object?.objectType === "SubStatement") out.object = normaliseContext(object);
  return out;
}

const stable = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (v && typeof v === "object") {
    const entries = Object.entries(v as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stable(x)}`).join(",")}}`;
  }
  return JSON.stringify(v);
};

/** What makes two statements "the same" (xAPI statement comparison): LRS-set properties ignored. Signed statements compare with it too. */
export function comparable(s: Json, ignoreTimestamp: boolean): string {
  const { stored: _stored, authority: _authority, version: _version, timestamp, ...rest } = normaliseContext(s);
  const core: Json = { ...rest };
  const actor = core.actor as Json;
  if (!actor.objectType) core.actor = { ...actor, objectType: "Agent" };
  const object = core.object as Json;
  if (!object.objectType) core.object = { ...object, objectType: "Activity" };
  if (!ignoreTimestamp && typeof timestamp === "string") core.timestamp = Date.parse(timestamp);
  return stable(core);
}

/** Index columns of a statement as stored. */
function indexColumns(s: Json) {
  const object = s.object as Json;
  const context = s.context as Json | undefined;
  const isActivity = !object.objectType || object.objectType === "Activity";
  return {
    actorKey: actorKey(s.actor as Json),
    verbId: (s.verb as Json).id as string,
    activityId: isActivity ? (object.id as string) : null,
    targetStatementId: object.objectType === "StatementRef" ? (object.id as string) : null,
    registration: typeof context?.registration === "string" ? context.registration.toLowerCase() : null,
  };
}

const isVoiding = (s: Json): boolean => (s.verb as Json).id === VOIDED_VERB && (s.object as Json).objectType === "StatementRef";

/** Whether an already stored row of the tenant holds the same statement (same content). */
function sameAsStored(row: { statement: Json } | undefined, p: { statement: Json; original: Json }): boolean {
  if (!row) return false;
  const ignoreTimestamp = typeof p.original.timestamp !== "string";
  return comparable(row.statement, ignoreTimestamp) === comparable(p.statement, ignoreTimestamp);
}

const conflictError = (id: string) =>
  new AppError(409, "VALIDATION_ERROR", `statement.id ${id} is already stored with different content`, { property: "statement.id", id });

/**
 * Validates and stores statements as one all-or-nothing batch. Returns their ids in order.
 * A statement whose id is already stored with the same content is accepted without storing it
 * again; with different content the whole batch is refused (409); ids are the tenant's own, so
 * another tenant's statement with the same id is neither a conflict nor touched. Voiding
 * statements mark their target voided (now, or when the target arrives later). A statement
 * outside the writer's scope refuses the whole batch (403, xapi-access authorizeWrites).
 */
export async function storeStatements(db: Db, tenantId: string, statements: unknown[], opts: StoreOptions): Promise<string[]> {
  const validated = statements.map((s, i) => validateStatement(s, statements.length === 1 ? "statement" : `statements[${i}]`));
  const stored = new Date();
  const storedIso = stored.toISOString();
  const prepared = validated.map((s, i) => {
    const id = typeof s.id === "string" ? s.id.toLowerCase() : crypto.randomUUID();
    const statement: Json = normaliseContext({ ...s, id });
    statement.timestamp = typeof s.timestamp === "string" ? s.timestamp : storedIso;
    statement.stored = storedIso;
    statement.authority = opts.authority;
    statement.version = typeof s.version === "string" ? s.version : "1.0.0";
    return { id, statement, original: s, path: statements.length === 1 ? "statement" : `statements[${i}]` };
  });
  const seen = new Set<string>();
  for (const p of prepared) {
    if (seen.has(p.id)) throw invalid(`${p.path}.id`, "is used twice in this batch");
    seen.add(p.id);
  }
  if (prepared.length === 0) return [];

  const writer: LrsWriter = { ...opts, tenantId };
  return db.transaction(async (tx) => {
    const subjects = await resolveSubjects(tx, writer, prepared.map((p) => p.statement));
    const withSubjects = prepared.map((p, i) => ({ ...p, subject: subjects[i] ?? { actorUserId: null, courseId: null, memberRole: null } }));
    await authorizeWrites(tx, writer, withSubjects);
    const ids = prepared.map((p) => p.id);
    // Re-sent statements are found by the insert below (ON CONFLICT), not looked up first: the
    // common case, new statements, costs no read.
    const fresh = withSubjects;

    // A voiding statement cannot itself be voided.
    const batchVoiding = new Set(prepared.filter((p) => isVoiding(p.statement)).map((p) => p.id));
    const targets = fresh.filter((p) => isVoiding(p.statement)).map((p) => ({ p, target: ((p.statement.object as Json).id as string).toLowerCase() }));
    for (const { p, target } of targets) {
      if (batchVoiding.has(target)) throw invalid(`${p.path}.object.id`, "targets a voiding statement, which cannot be voided");
    }
    if (targets.length > 0) {
      const voidingTargets = await tx
        .select({ id: xapiStatements.id })
        .from(xapiStatements)
        .where(
          and(
            eq(xapiStatements.tenantId, tenantId),
            inArray(xapiStatements.id, targets.map((t) => t.target)),
            eq(xapiStatements.verbId, VOIDED_VERB),
          ),
        );
      const bad = new Set(voidingTargets.map((r) => r.id));
      const offending = targets.find((t) => bad.has(t.target));
      if (offending) throw invalid(`${offending.p.path}.object.id`, "targets a voiding statement, which cannot be voided");
    }

    if (fresh.length > 0) {
      const inserted = await tx
        .insert(xapiStatements)
        .values(
          fresh.map((p) => ({
            id: p.id,
            tenantId,
            statement: p.statement,
            ...indexColumns(p.statement),
            timestamp: new Date(p.statement.timestamp as string),
            stored,
            credentialId: opts.credentialId,
            actorUserId: p.subject.actorUserId,
            courseId: p.subject.courseId,
          })),
        )
        .onConflictDoNothing({ target: [xapiStatements.tenantId, xapiStatements.id] })
        .returning({ id: xapiStatements.id });
      // Someone stored one of these ids meanwhile (a concurrent re-send): the same rule applies.
      const insertedIds = new Set(inserted.map((r) => r.id));
      if (inserted.length !== fresh.length) {
        const lost = fresh.filter((p) => !insertedIds.has(p.id));
        const winners = await tx
          .select({ id: xapiStatements.id, statement: xapiStatements.statement })
          .from(xapiStatements)
          .where(and(eq(xapiStatements.tenantId, tenantId), inArray(xapiStatements.id, lost.map((p) => p.id))));
        for (const p of lost) {
          if (!sameAsStored(winners.find((w) => w.id === p.id), p)) throw conflictError(p.id);
        }
      }
      // A statement voided before it arrived can only be one whose id the client chose (an id the
      // LRS just generated cannot have been targeted yet).
      const added = fresh.filter((p) => insertedIds.has(p.id));
      const mayBeVoidedAlready = added.filter((p) => typeof p.original.id === "string" && !isVoiding(p.statement)).map((p) => p.id);
      const toCheck = [...mayBeVoidedAlready, ...targets.filter((t) => insertedIds.has(t.p.id)).map((t) => t.target)];
      if (toCheck.length > 0) await applyVoiding(tx, tenantId, toCheck);
      // The canonical activity definitions (Activities resource, format=canonical, ADR 0017).
      if (added.length > 0) await recordActivityDefinitions(tx, tenantId, added.map((p) => p.statement), stored);
    }
    return ids;
  });
}

/** Marks voided every non-voiding statement among `ids` that a voiding statement of the tenant targets. */
async function applyVoiding(tx: Executor, tenantId: string, ids: string[]): Promise<void> {
  await tx
    .update(xapiStatements)
    .set({ voided: true })
    .where(
      and(
        eq(xapiStatements.tenantId, tenantId),
        inArray(xapiStatements.id, ids),
        ne(xapiStatements.verbId, VOIDED_VERB),
        eq(xapiStatements.voided, false),
        sql`exists (select 1 from ${xapiStatements} v where v.tenant_id = ${tenantId} and v.verb_id = ${VOIDED_VERB} and v.target_statement_id = ${xapiStatements.id})`,
      ),
    );
}

/** Non-voided statements of the tenant, in the exact format, newest stored first unless ascending. */
export async function queryStatements(db: Db, tenantId: string, filters: StatementFilters): Promise<Array<Record<string, unknown>>> {
  const where: SQL[] = [eq(xapiStatements.tenantId, tenantId), eq(xapiStatements.voided, false)];
  if (filters.agentAccountName !== undefined && filters.agentAccountHomePage !== undefined) {
    where.push(eq(xapiStatements.actorKey, accountKey(filters.agentAccountHomePage, filters.agentAccountName)));
  } else if (filters.agentAccountName !== undefined) {
    where.push(sql`${xapiStatements.statement} -> 'actor' -> 'account' ->> 'name' = ${filters.agentAccountName}`);
  }
  if (filters.activityId !== undefined) where.push(eq(xapiStatements.activityId, filters.activityId));
  if (filters.registration !== undefined) where.push(eq(xapiStatements.registration, filters.registration.toLowerCase()));
  if (filters.verbId !== undefined) where.push(eq(xapiStatements.verbId, filters.verbId));
  if (filters.since) where.push(gt(xapiStatements.stored, filters.since));
  if (filters.until) where.push(lte(xapiStatements.stored, filters.until));
  const query = db
    .select({ statement: xapiStatements.statement })
    .from(xapiStatements)
    .where(and(...where))
    .orderBy(filters.ascending ? asc(xapiStatements.seq) : desc(xapiStatements.seq));
  const rows = filters.limit !== undefined ? await query.limit(filters.limit) : await query;
  return rows.map((r) => r.statement);
}

/* ---------- The Statement resource's own query (routes) ---------- */

export type ResourceQuery = {
  /** Agent or Group JSON (validated). */
  agent?: Json;
  verb?: string;
  activity?: string;
  registration?: string;
  relatedActivities: boolean;
  relatedAgents: boolean;
  since?: Date;
  until?: Date;
  limit: number;
  ascending: boolean;
  /** Only statements after this seq in the query's order (the `more` cursor). */
  afterSeq?: number;
};

const contains = (value: Json): SQL => sql`${xapiStatements.statement} @> ${JSON.stringify(value)}::jsonb`;

/**
 * Where an agent counts as "related" (related_agents=true): the actor, the object, the authority,
 * context.instructor and context.team, the members of any of these Groups, and the actor, object,
 * instructor and team of a SubStatement object. Without related_agents: the actor or the object.
 */
function agentCondition(agent: Json, related: boolean): SQL {
  const ifi = ifiOnly(agent);
  const key = actorKey(agent);
  const asObject = (path: (v: Json) => Json): SQL[] => [contains(path(ifi)), contains(path({ member: [ifi] }))];
  const conditions: SQL[] = [
    eq(xapiStatements.actorKey, key),
    contains({ actor: { member: [ifi] } }),
    sql`(${contains({ object: ifi })} and ${xapiStatements.statement} -> 'object' ->> 'objectType' in ('Agent', 'Group'))`,
    contains({ object: { objectType: "Group", member: [ifi] } }),
  ];
  if (related) {
    conditions.push(
      ...asObject((v) => ({ authority: v })),
      ...asObject((v) => ({ context: { instructor: v } })),
      ...asObject((v) => ({ context: { team: v } })),
      ...asObject((v) => ({ object: { objectType: "SubStatement", actor: v } })),
      ...asObject((v) => ({ object: { objectType: "SubStatement", object: v } })),
      ...asObject((v) => ({ object: { objectType: "SubStatement", context: { instructor: v } } })),
      ...asObject((v) => ({ object: { objectType: "SubStatement", context: { team: v } } })),
    );
  }
  return or(...conditions) as SQL;
}

/**
 * Where an activity counts as "related" (related_activities=true): the object, any context
 * activity (parent, grouping, category, other), and the object and context activities of a
 * SubStatement object. Without related_activities: the object only.
 */
function activityCondition(activityId: string, related: boolean): SQL {
  if (!related) return eq(xapiStatements.activityId, activityId);
  const conditions: SQL[] = [eq(xapiStatements.activityId, activityId), contains({ object: { objectType: "SubStatement", object: { id: activityId } } })];
  for (const kind of ["parent", "grouping", "category", "other"]) {
    const list = { contextActivities: { [kind]: [{ id: activityId }] } };
    conditions.push(contains({ context: list }), contains({ object: { objectType: "SubStatement", context: list } }));
  }
  return or(...conditions) as SQL;
}

/** The tenant's statements the reader may read (xapi-access readCondition; 403 when none). */
function readable(reader: LrsReader): SQL[] {
  const scope = readCondition(reader.read);
  return [eq(xapiStatements.tenantId, reader.tenantId), ...(scope ? [scope] : [])];
}

/** One page of the Statement resource the reader may read: statements (exact format) with their seq. */
export async function queryResource(db: Db, reader: LrsReader, q: ResourceQuery): Promise<Array<{ seq: number; statement: Json }>> {
  const where: SQL[] = [...readable(reader), eq(xapiStatements.voided, false)];
  // Content filters also match a statement through the statement it targets (xapi-query matchingOrTargeting).
  const filters: SQL[] = [];
  if (q.agent) filters.push(agentCondition(q.agent, q.relatedAgents));
  if (q.verb) filters.push(eq(xapiStatements.verbId, q.verb));
  if (q.activity) filters.push(activityCondition(q.activity, q.relatedActivities));
  if (q.registration) filters.push(eq(xapiStatements.registration, q.registration.toLowerCase()));
  // A target matches only when the reader may read it too: matching through it must not reveal it.
  if (filters.length > 0) where.push(matchingOrTargeting(reader.tenantId, and(...filters, readCondition(reader.read)) as SQL));
  if (q.since) where.push(gt(xapiStatements.stored, q.since));
  if (q.until) where.push(lte(xapiStatements.stored, q.until));
  if (q.afterSeq !== undefined) where.push(q.ascending ? gt(xapiStatements.seq, q.afterSeq) : lt(xapiStatements.seq, q.afterSeq));
  const rows = await db
    .select({ seq: xapiStatements.seq, statement: xapiStatements.statement })
    .from(xapiStatements)
    .where(and(...where))
    .orderBy(q.ascending ? asc(xapiStatements.seq) : desc(xapiStatements.seq))
    .limit(q.limit);
  return rows.map((r) => ({ seq: r.seq ?? 0, statement: r.statement }));
}

/**
 * One statement by id the reader may read (voided: only when asking for voided ones); null when
 * there is none, also when it is outside the reader's scope (a 404 that reveals nothing).
 */
export async function findStatement(db: Db, reader: LrsReader, id: string, voided: boolean): Promise<{ statement: Json; actorKey: string } | null> {
  const [row] = await db
    .select({ statement: xapiStatements.statement, actorKey: xapiStatements.actorKey })
    .from(xapiStatements)
    .where(and(...readable(reader), eq(xapiStatements.id, id.toLowerCase()), eq(xapiStatements.voided, voided)))
    .limit(1);
  return row ?? null;
}

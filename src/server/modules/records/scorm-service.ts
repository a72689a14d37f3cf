import { and, eq } from "drizzle-orm";
import type { ScormCommit, ScormRuntime, ScormVersion } from "../../../contracts/records";
import type { Db } from "../../db/client";
import { scormAttempts } from "../../db/schema";
import { notFound } from "../../platform/errors";
import type { EventBus } from "../../platform/events";
import type { Launchable } from "./launch-access";
import {
  checkCommitCmi,
  cmiForLaunch,
  formatScormTime,
  mergeCmi,
  outcomeOf,
  parseScormTime,
  sessionDelta,
  sessionStateOf,
  withSessionState,
  type Cmi,
  type CmiOutcome,
} from "./scorm-cmi";
import { attemptedStatement, outcomeStatement, outcomeVerb, terminatedStatement, type StatementFrame } from "./scorm-statements";
import { agentForUser } from "./xapi-agents";
import { platformWriter } from "./xapi-auth";
import { storeStatements } from "./xapi-service";

/*
 * SCORM runtime data (spec §2 viewers): one attempt per learner, package and class, resumed on
 * every launch. Each commit merges into the stored CMI and leaves its outcome in the record store.
 */

export type AttemptRecord = typeof scormAttempts.$inferSelect;
type Ctx = { db: Db; publicUrl: string; events?: EventBus };

export const scormVersionOf = (launchable: Launchable): ScormVersion => (launchable.content.data.packageKind === "scorm2004" ? "scorm2004" : "scorm12");

const learnerOf = (user: Launchable["user"]) => ({ id: user.id, name: `${user.lastName}, ${user.firstName}`.replace(/^, |, $/g, "") });

function frameOf(ctx: Ctx, launchable: Launchable, registration: string): StatementFrame {
  return {
    publicUrl: ctx.publicUrl,
    actor: agentForUser(ctx.publicUrl, launchable.user),
    contentId: launchable.content.id,
    contentTitle: launchable.content.title,
    courseId: launchable.access.course.id,
    registration,
  };
}

const store = (ctx: Ctx, tenantId: string, statements: Array<Record<string, unknown>>) =>
  statements.length > 0 ? storeStatements(ctx.db, tenantId, statements, platformWriter(ctx.publicUrl)) : Promise.resolve([]);

const attemptWhere = (launchable: Launchable) =>
  and(
    eq(scormAttempts.tenantId, launchable.content.tenantId),
    eq(scormAttempts.userId, launchable.user.id),
    eq(scormAttempts.courseId, launchable.access.course.id),
    eq(scormAttempts.contentId, launchable.content.id),
  );

const totalSecondsOf = (attempt: AttemptRecord): number => parseScormTime(attempt.totalTime) ?? 0;
const numberOrNull = (value: string | null): number | null => (value === null || value === "" || !Number.isFinite(Number(value)) ? null : Number(value));

/**
 * The learner's attempt, created on the first launch (with an "attempted" statement). Every
 * launch is a new SCORM session: the session time counted so far starts again from zero. A
 * package replaced by one of the other SCORM version starts a fresh CMI.
 */
export async function launchScorm(ctx: Ctx, launchable: Launchable): Promise<AttemptRecord> {
  const version = scormVersionOf(launchable);
  const inserted = await ctx.db
    .insert(scormAttempts)
    .values({
      tenantId: launchable.content.tenantId,
      userId: launchable.user.id,
      courseId: launchable.access.course.id,
      contentId: launchable.content.id,
      version,
    })
    .onConflictDoNothing()
    .returning();
  const created = inserted[0];
  if (created) {
    await store(ctx, created.tenantId, [attemptedStatement(frameOf(ctx, launchable, created.registration))]);
    return created;
  }
  const [existing] = await ctx.db.select().from(scormAttempts).where(attemptWhere(launchable)).limit(1);
  if (!existing) throw notFound("Attempt");
  const reset = existing.version !== version;
  const cmi = withSessionState(reset ? {} : existing.cmi, { countedSeconds: 0 });
  const [updated] = await ctx.db
    .update(scormAttempts)
    .set(
      reset
        ? { version, cmi, completionStatus: null, successStatus: null, scoreRaw: null, scoreScaled: null, totalTime: null, updatedAt: new Date() }
        : { cmi },
    )
    .where(eq(scormAttempts.id, existing.id))
    .returning();
  return updated ?? existing;
}

/**
 * Merges a commit into the attempt (serialised per attempt), updates the outcome columns and
 * total time, then records the outcome change and the termination in the record store.
 */
export async function commitScorm(ctx: Ctx, launchable: Launchable, commit: ScormCommit, retried = false): Promise<AttemptRecord> {
  const version = scormVersionOf(launchable);
  checkCommitCmi(commit.cmi, version);
  const result = await ctx.db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(scormAttempts).where(attemptWhere(launchable)).for("update").limit(1);
    // A commit without a launch first (the package kept running after a reset): start the attempt now.
    if (!attempt || attempt.version !== version) return null;
    const incoming = outcomeOf(version, commit.cmi);
    const state = sessionStateOf(attempt.cmi);
    const totalSeconds = totalSecondsOf(attempt) + sessionDelta(state, incoming.sessionSeconds);
    const counted = commit.terminated ? 0 : (incoming.sessionSeconds ?? state.countedSeconds);
    const merged = withSessionState(mergeCmi(attempt.cmi, commit.cmi), { countedSeconds: counted });
    const outcome = outcomeOf(version, merged);
    const [updated] = await tx
      .update(scormAttempts)
      .set({
        cmi: merged,
        completionStatus: outcome.completion,
        successStatus: outcome.success,
        scoreRaw: outcome.score.raw === null ? null : String(outcome.score.raw),
        scoreScaled: outcome.score.scaled === null ? null : String(outcome.score.scaled),
        totalTime: formatScormTime(version, totalSeconds),
        updatedAt: new Date(),
      })
      .where(eq(scormAttempts.id, attempt.id))
      .returning();
    return updated ? { before: attempt, after: updated, outcome: { ...outcome, sessionSeconds: incoming.sessionSeconds } } : null;
  });
  if (!result) {
    if (retried) throw notFound("Attempt");
    await launchScorm(ctx, launchable);
    return commitScorm(ctx, launchable, commit, true);
  }
  const frame = frameOf(ctx, launchable, result.after.registration);
  const statements: Array<Record<string, unknown>> = [];
  const verb = outcomeVerb({ completion: result.before.completionStatus, success: result.before.successStatus }, result.outcome);
  if (verb) statements.push(outcomeStatement(frame, verb, result.outcome));
  if (commit.terminated) statements.push(terminatedStatement(frame, result.outcome));
  await store(ctx, result.after.tenantId, statements);
  const kcs = launchable.content.data?.kcs ?? [];
  const fraction = scoredFraction(result.outcome);
  if (ctx.events && verb && fraction !== null && kcs.length > 0 && launchable.access.isStudent) {
    ctx.events.emit("record.scored", {
      tenantId: result.after.tenantId,
      courseId: launchable.access.course.id,
      userId: launchable.user.id,
      contentId: launchable.content.id,
      registration: result.after.registration,
      kcs,
      fraction,
      at: new Date().toISOString(),
    });
  }
  return result.after;
}

/** A SCORM outcome as evidence: the scaled score, else passed (1) or failed (0); null without either. */
export function scoredFraction(outcome: Pick<CmiOutcome, "score" | "success">): number | null {
  if (outcome.score.scaled !== null) return Math.min(1, Math.max(0, outcome.score.scaled));
  if (outcome.success !== null) return outcome.success === "passed" ? 1 : 0;
  return null;
}

/** The attempt as the viewer loads it into scorm-again. */
export function presentRuntime(attempt: AttemptRecord, launchable: Launchable): ScormRuntime {
  const version: ScormVersion = attempt.version === "scorm2004" ? "scorm2004" : "scorm12";
  const learner = learnerOf(launchable.user);
  const cmi: Cmi = cmiForLaunch(version, attempt.cmi, learner, totalSecondsOf(attempt));
  return {
    version,
    registration: attempt.registration,
    cmi,
    completionStatus: attempt.completionStatus,
    successStatus: attempt.successStatus,
    scoreRaw: numberOrNull(attempt.scoreRaw),
    learnerId: learner.id,
    learnerName: learner.name,
  };
}

import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contents, courseMembers, lrsCredentials } from "../../db/schema";
import type { EventBus } from "../../platform/events";
import type { Json } from "./xapi-values";
import type { LrsWriter } from "./xapi-auth";
import { xapiActivityId } from "./launch-service";

/*
 * xAPI packages as evidence for the learner model (issue 15): when a package launched for a
 * student (a launch credential: user, class, content, registration) stores a statement about the
 * package's own activity with a score or a success, and the package is tagged with knowledge
 * components, `record.scored` carries it to the model. The model keeps the first per registration.
 */

const scoreOf = (statement: Json): number | null => {
  const result = (statement as { result?: { score?: { scaled?: unknown }; success?: unknown } }).result;
  if (typeof result?.score?.scaled === "number") return Math.min(1, Math.max(0, result.score.scaled));
  if (typeof result?.success === "boolean") return result.success ? 1 : 0;
  return null;
};

export async function emitXapiEvidence(db: Db, events: EventBus, writer: LrsWriter, statements: readonly Json[]): Promise<void> {
  if (!writer.credentialId || statements.length === 0) return;
  const [launch] = await db
    .select({ userId: lrsCredentials.userId, courseId: lrsCredentials.courseId, registration: lrsCredentials.registration, content: contents, role: courseMembers.role })
    .from(lrsCredentials)
    .innerJoin(contents, eq(contents.id, lrsCredentials.contentId))
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, lrsCredentials.courseId), eq(courseMembers.userId, lrsCredentials.userId)))
    .where(and(eq(lrsCredentials.id, writer.credentialId), eq(lrsCredentials.tenantId, writer.tenantId)));
  const kcs = launch?.content.data?.kcs ?? [];
  if (!launch?.userId || !launch.courseId || !launch.registration || launch.role !== "student" || kcs.length === 0) return;
  const activity = xapiActivityId(writer.publicUrl, launch.content);
  const scored = statements.find((s) => (s as { object?: { id?: unknown } }).object?.id === activity && scoreOf(s) !== null);
  if (!scored) return;
  events.emit("record.scored", {
    tenantId: writer.tenantId,
    courseId: launch.courseId,
    userId: launch.userId,
    contentId: launch.content.id,
    registration: launch.registration,
    kcs,
    fraction: scoreOf(scored) as number,
    at: new Date().toISOString(),
  });
}

import crypto from "node:crypto";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { XapiLaunchResult } from "../../../contracts/records";
import type { Db } from "../../db/client";
import { lrsCredentials } from "../../db/schema";
import type { FileSigner } from "../../platform/storage";
import { activityNotAvailable, type Launchable } from "./launch-access";
import { contentActivityId } from "./scorm-statements";
import { agentForUser } from "./xapi-agents";
import { launchesAsPreview, launchXapiPreview } from "./xapi-preview";
import { mintLaunchCredential } from "./xapi-credentials";

/*
 * Launching an xAPI package (TinCan launch): the package's entry page with the record store's
 * endpoint, a short-lived Basic credential bound to the learner, the actor and the registration.
 */

export const LAUNCH_TTL_HOURS = 8;

type Ctx = { db: Db; publicUrl: string; files: FileSigner };

/** The activity id the package reports on: the one its tincan.xml declares, else the platform's. */
export const xapiActivityId = (publicUrl: string, content: Launchable["content"]): string =>
  content.data.activityId ?? contentActivityId(publicUrl, content.id);

/** Every registration the learner has used for this package in this class, newest first. */
export async function xapiRegistrations(db: Db, tenantId: string, userId: string, contentId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ registration: lrsCredentials.registration })
    .from(lrsCredentials)
    .where(
      and(
        eq(lrsCredentials.tenantId, tenantId),
        eq(lrsCredentials.userId, userId),
        eq(lrsCredentials.contentId, contentId),
        eq(lrsCredentials.courseId, courseId),
        isNotNull(lrsCredentials.registration),
      ),
    )
    .orderBy(desc(lrsCredentials.createdAt));
  return [...new Set(rows.map((r) => r.registration).filter((r): r is string => r !== null))];
}

/**
 * One registration per learner, package and class, so the package resumes where it was left:
 * the one of the learner's previous launches, else a new one.
 */
export async function launchXapi(ctx: Ctx, launchable: Launchable): Promise<XapiLaunchResult> {
  const { content, access, user } = launchable;
  const launchPath = content.data.launchPath;
  if (!launchPath || !content.storageKey) throw activityNotAvailable();
  // A teacher opening the package previews it: nothing is recorded for them (ADR 0023).
  if (launchesAsPreview(launchable)) return launchXapiPreview(ctx, launchable, xapiActivityId(ctx.publicUrl, content), launchPath);
  const [previous] = await xapiRegistrations(ctx.db, content.tenantId, user.id, content.id, access.course.id);
  const registration = previous ?? crypto.randomUUID();
  const credential = await mintLaunchCredential(ctx.db, {
    tenantId: content.tenantId,
    userId: user.id,
    contentId: content.id,
    courseId: access.course.id,
    registration,
    ttlHours: LAUNCH_TTL_HOURS,
  });
  const params = new URLSearchParams({
    endpoint: `${ctx.publicUrl}/api/lrs/`,
    auth: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString("base64")}`,
    actor: JSON.stringify(agentForUser(ctx.publicUrl, user)),
    registration,
    activity_id: xapiActivityId(ctx.publicUrl, content),
  });
  const launchUrl = `${ctx.files.url(content.id, `package/${launchPath}`, LAUNCH_TTL_HOURS * 3600)}?${params.toString()}`;
  return { launchUrl, registration, expiresAt: credential.expiresAt.toISOString(), preview: false };
}

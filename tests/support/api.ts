import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { RoleSchema } from "../../src/contracts/common";
import { assessments, courseMembers, coursePublications, lessonContents, lessons, units, users } from "../../src/server/db/schema";

type UserLike = { id: string; tenantId: string; role: string };

/** An Authorization header with a real access token for `user`, as sign-in would mint it. */
export async function bearer(app: FastifyInstance, user: UserLike): Promise<{ authorization: string }> {
  const token = await app.ctx.tokens.sign({
    userId: user.id,
    tenantId: user.tenantId,
    role: RoleSchema.parse(user.role),
    sessionId: crypto.randomUUID(),
  });
  return { authorization: `Bearer ${token}` };
}

/** A seeded person by e-mail (demo e-mails are unique across editions). */
export async function demoUser(app: FastifyInstance, email: string) {
  const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no demo user ${email}`);
  return row;
}

/** `bearer` for a seeded person by e-mail. */
export const bearerFor = async (app: FastifyInstance, email: string) => bearer(app, await demoUser(app, email));

/** A seeded assessment placed in one of `userId`'s classes: its class, lesson and guid. */
export async function demoAssessmentPlacement(app: FastifyInstance, userId: string) {
  const [placed] = await app.ctx.db
    .select({ courseId: coursePublications.courseId, lessonId: lessonContents.lessonId, assessmentId: lessonContents.contentId })
    .from(lessonContents)
    .innerJoin(assessments, eq(assessments.contentId, lessonContents.contentId))
    .innerJoin(lessons, eq(lessons.id, lessonContents.lessonId))
    .innerJoin(units, eq(units.id, lessons.unitId))
    .innerJoin(coursePublications, eq(coursePublications.publicationId, units.publicationId))
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, coursePublications.courseId), eq(courseMembers.userId, userId)))
    .limit(1);
  if (!placed) throw new Error(`the demo seed has no assessment in a class of user ${userId}`);
  return placed;
}

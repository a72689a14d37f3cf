import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { RoleSchema } from "../../src/contracts/common";
import { users } from "../../src/server/db/schema";

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

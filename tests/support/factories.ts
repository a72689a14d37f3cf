import crypto from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { Role } from "../../src/contracts/common";
import type { Db } from "../../src/server/db/client";
import { contents, courseMembers, courses, schools, tenants, users } from "../../src/server/db/schema";
import { generateClassKey } from "../../src/server/modules/courses/keys";

const uid = () => crypto.randomBytes(4).toString("hex");

export async function buildTenant(db: Db, overrides: Partial<typeof tenants.$inferInsert> = {}) {
  const [row] = await db
    .insert(tenants)
    .values({
      slug: `ed-${uid()}`,
      name: "Test edition",
      logoUrl: "/brand/test.svg",
      colors: { primary: "#0F6CBD", secondary: "#115EA3" },
      defaultLanguage: "es",
      languages: ["es", "ca", "eu", "en", "pt"],
      country: "ES",
      features: { libraryTab: true },
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("tenant not created");
  return row;
}

export async function buildSchool(db: Db, tenantId: string, overrides: Partial<typeof schools.$inferInsert> = {}) {
  const [row] = await db
    .insert(schools)
    .values({ tenantId, name: `School ${uid()}`, ...overrides })
    .returning();
  if (!row) throw new Error("school not created");
  return row;
}

/** A user with a real argon2id hash of `password` (default "secret-pass-1"). */
export async function buildUser(
  db: Db,
  tenantId: string,
  overrides: Partial<typeof users.$inferInsert> & { password?: string; role?: Role } = {},
) {
  const { password = "secret-pass-1", ...rest } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      tenantId,
      email: `user-${uid()}@example.test`,
      firstName: "Ana",
      lastName: "García",
      role: "teacher",
      passwordHash: await hash(password),
      dateOfBirth: "1990-05-01",
      ...rest,
    })
    .returning();
  if (!row) throw new Error("user not created");
  return { ...row, password };
}

export async function buildCourse(
  db: Db,
  tenantId: string,
  overrides: Partial<typeof courses.$inferInsert> & { members?: Array<{ userId: string; role: "teacher" | "coteacher" | "student" }> } = {},
) {
  const { members = [], ...rest } = overrides;
  const [row] = await db
    .insert(courses)
    .values({ tenantId, name: `Class ${uid()}`, schoolYear: "2026-2027", classKey: generateClassKey(), ...rest })
    .returning();
  if (!row) throw new Error("course not created");
  if (members.length > 0) {
    await db.insert(courseMembers).values(members.map((m) => ({ courseId: row.id, userId: m.userId, role: m.role })));
  }
  return row;
}

/** A content of the edition: by default the publisher's link (CTTY_06), ready to place in lessons. */
export async function buildContent(db: Db, tenantId: string, title: string, overrides: Partial<typeof contents.$inferInsert> = {}) {
  const [row] = await db
    .insert(contents)
    .values({ tenantId, type: "CTTY_06", title, url: "https://example.org/a", ...overrides })
    .returning();
  if (!row) throw new Error("content not inserted");
  return row;
}

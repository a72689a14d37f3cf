import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { licences, personalLicences, publications } from "../../db/schema";
import { AppError } from "../../platform/errors";
import type { AccessClaims } from "../../platform/tokens";
import { normaliseLicenceCode } from "../../../contracts/licences";
import { REDEEMABLE_KIND, fitsRoleConstraint } from "./policy";

type Caller = Pick<AccessClaims, "userId" | "tenantId" | "role">;

export type LicencePublicationRow = { id: string; title: string };
export type PersonalLicenceRow = {
  id: string;
  userId: string;
  code: string;
  activatedAt: Date;
  expiresAt: Date;
  publications: LicencePublicationRow[];
};

const DAY_MS = 86_400_000;

/** The publications of a licence, only those of `tenantId`, as a correlated subquery. */
const publicationsOf = (tenantId: string) => sql<LicencePublicationRow[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'title', p.title) order by p.title, p.id)
  from ${publications} as p
  where p.id = any(${licences.publicationIds}) and p.tenant_id = ${tenantId}), '[]'::json)`;

const personalColumns = (tenantId: string) => ({
  id: personalLicences.id,
  userId: personalLicences.userId,
  code: licences.code,
  activatedAt: personalLicences.activatedAt,
  expiresAt: personalLicences.expiresAt,
  publications: publicationsOf(tenantId),
});

/** One personal licence in the caller's tenant, whoever owns it (the route decides who may see it). */
export async function loadPersonalLicence(db: Db, tenantId: string, id: string): Promise<PersonalLicenceRow | null> {
  const [row] = await db
    .select(personalColumns(tenantId))
    .from(personalLicences)
    .innerJoin(licences, eq(licences.id, personalLicences.licenceId))
    .where(and(eq(personalLicences.id, id), eq(personalLicences.tenantId, tenantId)))
    .limit(1);
  return row ?? null;
}

/** The caller's personal licences, still active or already expired, newest first. */
export async function listPersonalLicences(db: Db, caller: Caller, expired: boolean): Promise<PersonalLicenceRow[]> {
  const now = new Date();
  return db
    .select(personalColumns(caller.tenantId))
    .from(personalLicences)
    .innerJoin(licences, eq(licences.id, personalLicences.licenceId))
    .where(
      and(
        eq(personalLicences.userId, caller.userId),
        eq(personalLicences.tenantId, caller.tenantId),
        expired ? lte(personalLicences.expiresAt, now) : gt(personalLicences.expiresAt, now),
      ),
    )
    .orderBy(sql`${personalLicences.activatedAt} desc`, asc(personalLicences.id));
}

const licenceError = (status: number, key: ConstructorParameters<typeof AppError>[1], message: string) =>
  new AppError(status, key, message);

/**
 * Redeems a licence code for the caller (spec §7 front/redeem, §8 licence code errors). One
 * transaction with the licence row locked (SELECT ... FOR UPDATE), so two people racing for the
 * last use cannot both get it: the second waits, then sees the updated count.
 */
export async function redeemLicence(db: Db, caller: Caller, rawCode: string): Promise<PersonalLicenceRow> {
  const code = normaliseLicenceCode(rawCode);
  const personalId = await db.transaction(async (tx) => {
    const [licence] = await tx
      .select()
      .from(licences)
      .where(and(eq(licences.tenantId, caller.tenantId), eq(licences.code, code)))
      .limit(1)
      .for("update");
    if (!licence) throw licenceError(404, "CODE_NOT_FOUND", "Code not found");
    if (licence.kind !== REDEEMABLE_KIND) throw licenceError(400, "CODE_TYPE_NOT_FOUND", "Code type not found");

    const wanted = [...new Set(licence.publicationIds)];
    const found = wanted.length
      ? await tx
          .select({ id: publications.id })
          .from(publications)
          .where(and(inArray(publications.id, wanted), eq(publications.tenantId, caller.tenantId)))
      : [];
    if (wanted.length === 0 || found.length !== wanted.length) throw licenceError(400, "INVALID_LICENSE", "Invalid license");

    const now = new Date();
    if (licence.validUntil && licence.validUntil.getTime() <= now.getTime()) throw licenceError(400, "CODE_EXPIRED", "Code expired");
    if (!fitsRoleConstraint(caller.role, licence.roleConstraint)) {
      throw licenceError(403, "LICENSE_ROLE_CONSTRAINT", "License role constraint");
    }

    const [mine] = await tx
      .select({ id: personalLicences.id })
      .from(personalLicences)
      .where(and(eq(personalLicences.licenceId, licence.id), eq(personalLicences.userId, caller.userId)))
      .limit(1);
    if (mine) throw licenceError(409, "LICENSE_ALREADY_ADDED", "You already added this licence");
    if (licence.uses >= licence.maxUses) {
      // A single-use code someone else redeemed is "already linked" (spec §8), not "out of uses".
      if (licence.maxUses === 1) throw licenceError(409, "CODE_ALREADY_LINKED", "Code already linked");
      throw licenceError(409, "LICENSE_NO_MORE_USES", "License has no more additional uses");
    }

    const [created] = await tx
      .insert(personalLicences)
      .values({
        tenantId: caller.tenantId,
        licenceId: licence.id,
        userId: caller.userId,
        activatedAt: now,
        expiresAt: new Date(now.getTime() + licence.durationDays * DAY_MS),
      })
      .returning({ id: personalLicences.id });
    if (!created) throw new Error("personal licence insert returned nothing");
    await tx.update(licences).set({ uses: sql`${licences.uses} + 1` }).where(eq(licences.id, licence.id));
    return created.id;
  });

  const row = await loadPersonalLicence(db, caller.tenantId, personalId);
  if (!row) throw new Error("redeemed licence vanished");
  return row;
}

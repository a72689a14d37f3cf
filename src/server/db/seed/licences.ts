import { normaliseLicenceCode } from "../../../contracts/licences";
import type { Db } from "../client";
import { licences, personalLicences } from "../schema";
import type { EditionIds, EditionSlug } from "./editions";
import { idOf, seedId } from "./ids";
import type { PeopleIds } from "./people";
import type { PublicationIds } from "./content";

export type DemoLicenceCode = {
  /** As printed on the card; stored normalised (upper-case, no spaces or dashes). */
  code: string;
  edition: EditionSlug;
  kind: string;
  roleConstraint: "teacher" | "student" | null;
  publications: readonly string[];
  /** ISO date the code stops being redeemable; null never. */
  validUntil: string | null;
  maxUses: number;
  uses: number;
  durationDays: number;
  /** Demo people who already redeemed it (their personal licences are seeded too). */
  redeemedBy: readonly string[];
  /** What the code is for when trying the product. */
  purpose: string;
};

const MATHS = "matematicas-1-eso";
const LANGUAGE = "lengua-1-eso";
const base = { edition: "aula", kind: "publication", validUntil: null, uses: 0, durationDays: 365, redeemedBy: [] } as const;

/** One demo code per redeem outcome (spec §7 front/redeem, §8 licence code errors). */
export const DEMO_LICENCE_CODES: readonly DemoLicenceCode[] = [
  {
    ...base,
    code: "AULA-TEACH-2026",
    roleConstraint: "teacher",
    publications: [MATHS],
    maxUses: 50,
    uses: 1,
    redeemedBy: ["teacher@demo.test"],
    purpose: "valid, teachers: Matemáticas 1º ESO (try newteacher@ or coteacher@; teacher@ already added it)",
  },
  { ...base, code: "AULA-STUDENT-2026", roleConstraint: "student", publications: [LANGUAGE], maxUses: 500, purpose: "valid, students: Lengua 1º ESO" },
  { ...base, code: "AULA-EXPIRED-2024", roleConstraint: null, publications: [MATHS], validUntil: "2024-12-31T23:59:59Z", maxUses: 100, purpose: "Code expired" },
  {
    ...base,
    code: "AULA-USED-0001",
    roleConstraint: null,
    publications: [MATHS],
    maxUses: 1,
    uses: 1,
    redeemedBy: ["student2@demo.test"],
    purpose: "single use, already redeemed by student2: Code already linked",
  },
  { ...base, code: "AULA-FULL-0003", roleConstraint: null, publications: [MATHS], maxUses: 3, uses: 3, purpose: "License has no more additional uses" },
  {
    ...base,
    code: "AULA-ROLE-TEACH",
    roleConstraint: "teacher",
    publications: [LANGUAGE],
    maxUses: 100,
    uses: 1,
    redeemedBy: ["teacher@demo.test"],
    purpose: "teachers only, Lengua 1º ESO: License role constraint for a student",
  },
  { ...base, code: "AULA-VOUCHER-01", kind: "voucher", roleConstraint: null, publications: [MATHS], maxUses: 100, purpose: "Code type not found" },
];

type Deps = { editions: EditionIds; people: PeopleIds; publications: PublicationIds };

/** The demo licence codes and the personal licences already redeemed from them. Idempotent. */
export async function seedLicences(db: Db, { editions, people, publications }: Deps): Promise<void> {
  const licenceRows: Array<typeof licences.$inferInsert> = [];
  const personalRows: Array<typeof personalLicences.$inferInsert> = [];
  const activatedAt = new Date("2026-09-01T08:00:00Z");

  for (const demo of DEMO_LICENCE_CODES) {
    const tenantId = idOf(editions.tenants, demo.edition, "edition");
    const code = normaliseLicenceCode(demo.code);
    const licenceId = seedId("licence", tenantId, code);
    licenceRows.push({
      id: licenceId,
      tenantId,
      code,
      kind: demo.kind,
      roleConstraint: demo.roleConstraint,
      publicationIds: demo.publications.map((key) => idOf(publications, key, "publication")),
      validUntil: demo.validUntil ? new Date(demo.validUntil) : null,
      maxUses: demo.maxUses,
      uses: demo.uses,
      durationDays: demo.durationDays,
    });
    for (const email of demo.redeemedBy) {
      const userId = idOf(people, email, "person");
      personalRows.push({
        id: seedId("personal-licence", licenceId, userId),
        tenantId,
        licenceId,
        userId,
        activatedAt,
        expiresAt: new Date(activatedAt.getTime() + demo.durationDays * 86_400_000),
      });
    }
  }

  await db.insert(licences).values(licenceRows).onConflictDoNothing();
  if (personalRows.length > 0) await db.insert(personalLicences).values(personalRows).onConflictDoNothing();
}

import type { Db } from "../client";
import { lessons, publications, units } from "../schema";
import { MATHS_1_ESO } from "./content-maths";
import { LANGUAGE_1_ESO } from "./content-language";
import { MATEMATICA_6_ANO } from "./content-lumen";
import { CIENCIAS_1_ESO, GEOGRAFIA_1_ESO, MUSICA_1_ESO } from "./content-catalogue";
import type { PublicationSeed } from "./content-types";
import type { EditionIds } from "./editions";
import { idOf, seedId } from "./ids";
import { yearKey, type ReferenceIds } from "./reference";

export const DEMO_PUBLICATIONS: readonly PublicationSeed[] = [
  MATHS_1_ESO,
  LANGUAGE_1_ESO,
  MATEMATICA_6_ANO,
  CIENCIAS_1_ESO,
  GEOGRAFIA_1_ESO,
  MUSICA_1_ESO,
];

/** Publication natural key to id. */
export type PublicationIds = Map<string, string>;

/** Publications, units and lessons: three batched inserts whatever the size of the catalogue. */
export async function seedPublications(db: Db, editions: EditionIds, ref: ReferenceIds): Promise<PublicationIds> {
  const publicationRows: Array<typeof publications.$inferInsert> = [];
  const unitRows: Array<typeof units.$inferInsert> = [];
  const lessonRows: Array<typeof lessons.$inferInsert> = [];
  const ids: PublicationIds = new Map();

  for (const pub of DEMO_PUBLICATIONS) {
    const tenantId = idOf(editions.tenants, pub.edition, "edition");
    const publicationId = seedId("publication", tenantId, pub.key);
    ids.set(pub.key, publicationId);
    publicationRows.push({
      id: publicationId,
      tenantId,
      title: pub.title,
      description: pub.description,
      access: pub.access,
      kind: pub.kind,
      disciplineId: idOf(ref.disciplines, pub.discipline, "discipline"),
      educationYearId: idOf(ref.years, yearKey(pub.year.country, pub.year.level, pub.year.order), "education year"),
      coverUrl: null,
    });
    pub.units.forEach((unit, u) => {
      const unitId = seedId("unit", publicationId, String(u + 1));
      unitRows.push({ id: unitId, publicationId, title: unit.title, order: u + 1 });
      unit.lessons.forEach((lesson, l) => {
        lessonRows.push({ id: seedId("lesson", unitId, String(l + 1)), unitId, title: lesson.title, summary: lesson.summary, order: l + 1 });
      });
    });
  }

  await db.insert(publications).values(publicationRows).onConflictDoNothing();
  await db.insert(units).values(unitRows).onConflictDoNothing();
  await db.insert(lessons).values(lessonRows).onConflictDoNothing();
  return ids;
}

import type { Db } from "../client";
import { knowledgeComponents } from "../schema";
import { DEMO_PUBLICATIONS, type PublicationIds } from "./content";
import type { EditionIds } from "./editions";
import { idOf, seedId } from "./ids";
import { KC_MAPS } from "./kc-maps";

/**
 * The KC maps of the seeded publications (seed/kc-maps.ts), one batched insert, matched by a
 * stable id per publication and code (a second run changes nothing). The unit and lesson ids are
 * the ones seedPublications derives from the same indexes.
 */
export async function seedKnowledgeComponents(db: Db, deps: { editions: EditionIds; publications: PublicationIds }): Promise<void> {
  const rows: Array<typeof knowledgeComponents.$inferInsert> = [];
  for (const pub of DEMO_PUBLICATIONS) {
    const map = KC_MAPS[pub.key];
    if (!map) continue;
    const publicationId = idOf(deps.publications, pub.key, "publication");
    const tenantId = idOf(deps.editions.tenants, pub.edition, "edition");
    map.forEach((kc, i) => {
      const unit = pub.units[kc.unit];
      if (!unit || kc.lessons.some((l) => !unit.lessons[l])) throw new Error(`KC ${kc.code} of ${pub.key} names a unit or lesson the publication does not have`);
      const unitId = seedId("unit", publicationId, String(kc.unit + 1));
      rows.push({
        id: seedId("kc", publicationId, kc.code),
        tenantId,
        publicationId,
        code: kc.code,
        names: kc.names,
        unitId,
        lessonIds: kc.lessons.map((l) => seedId("lesson", unitId, String(l + 1))),
        position: i + 1,
      });
    });
  }
  if (rows.length > 0) await db.insert(knowledgeComponents).values(rows).onConflictDoNothing();
}

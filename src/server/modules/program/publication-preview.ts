import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { PublicationKindSchema } from "../../../contracts/courses";
import { PublicationAccessSchema } from "../../../contracts/course-settings";
import { ContentTypeSchema } from "../../../contracts/lessons";
import type { PublicationPreview } from "../../../contracts/publication-preview";
import { DisciplineCodeSchema } from "../../../contracts/reference";
import type { Db } from "../../db/client";
import { contents, disciplines, educationYears, lessonContents, lessons, publications, units } from "../../db/schema";
import { notFound } from "../../platform/errors";
import { READ, usableContentWhere } from "../contents/access";
import type { ContentRow } from "../contents/service";
import type { Caller } from "../courses/access";
import { canBrowsePublications, canCreateClasses } from "../courses/policy";
import { availableTo } from "../courses/publications-service";

/*
 * A publication as its publisher made it, for a teacher deciding whether to add it to a class
 * (GET /api/front/publications/:guid/preview, ADR 0023). Four queries whatever the size: the
 * publication, its units, their lessons, their contents; plus one for which contents the caller
 * may open (contents/access, the one licence rule).
 */

/** A publication's card fields (contents/service ContentRow), and whether the caller may add it to a class. */
type PublicationRecord = Omit<ContentRow, "unitCount"> & {
  /** Open, or opened by one of the caller's licences: what adding it to a class needs. */
  available: boolean;
};

type ContentNode = { id: string; title: string; type: string; lessonId: string; openable: boolean };
export type PreviewTree = {
  publication: PublicationRecord;
  units: Array<{ id: string; title: string }>;
  lessons: Array<{ id: string; unitId: string; title: string; summary: string }>;
  contents: ContentNode[];
};

/** The publication of the caller's edition (404 otherwise, and for other editions' ids). */
export async function loadPreviewPublication(db: Db, caller: Caller, publicationId: string): Promise<PublicationRecord> {
  const [row] = await db
    .select({
      id: publications.id,
      title: publications.title,
      description: publications.description,
      kind: publications.kind,
      coverUrl: publications.coverUrl,
      access: publications.access,
      disciplineCode: disciplines.code,
      yearName: educationYears.name,
      available: availableTo(caller),
    })
    .from(publications)
    .leftJoin(disciplines, eq(disciplines.id, publications.disciplineId))
    .leftJoin(educationYears, eq(educationYears.id, publications.educationYearId))
    .where(and(eq(publications.id, publicationId), eq(publications.tenantId, caller.tenantId)))
    .limit(1);
  if (!row) throw notFound("Publication");
  return row;
}

/** Who may preview: whoever browses the Programs tab (staff; students have no home tabs). */
export const canPreviewPublications = canBrowsePublications;

/** Units, lessons and contents in the publisher's order; deleted contents are left out. */
export async function loadPreviewTree(db: Db, caller: Caller, publication: PublicationRecord): Promise<PreviewTree> {
  const unitRows = await db
    .select({ id: units.id, title: units.title })
    .from(units)
    .where(eq(units.publicationId, publication.id))
    .orderBy(asc(units.order), asc(units.id));
  const unitIds = unitRows.map((u) => u.id);
  const lessonRows =
    unitIds.length === 0
      ? []
      : await db
          .select({ id: lessons.id, unitId: lessons.unitId, title: lessons.title, summary: lessons.summary })
          .from(lessons)
          .where(inArray(lessons.unitId, unitIds))
          .orderBy(asc(lessons.order), asc(lessons.id));
  const lessonIds = lessonRows.map((l) => l.id);
  const contentRows =
    lessonIds.length === 0
      ? []
      : await db
          .select({ id: contents.id, title: contents.title, type: contents.type, lessonId: lessonContents.lessonId })
          .from(lessonContents)
          .innerJoin(contents, eq(contents.id, lessonContents.contentId))
          .where(and(inArray(lessonContents.lessonId, lessonIds), eq(contents.tenantId, caller.tenantId), isNull(contents.deletedAt)))
          .orderBy(asc(lessonContents.position), asc(contents.id));
  const openable = await openableContents(db, caller, [...new Set(contentRows.map((c) => c.id))]);
  return {
    publication,
    units: unitRows,
    lessons: lessonRows,
    contents: contentRows.map((c) => ({ ...c, openable: openable.has(c.id) })),
  };
}

/** Which of the contents the caller may open in a viewer: the licence rule of contents/access, in one query. */
async function openableContents(db: Db, caller: Caller, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(inArray(contents.id, ids), usableContentWhere(caller, READ)));
  return new Set(rows.map((r) => r.id));
}

/**
 * What leaves the server: a content the caller may not open (a licensed publication they hold no
 * licence for) keeps its title and type but not its id, so it cannot be opened from here.
 */
export function presentPublicationPreview(tree: PreviewTree, caller: Caller): PublicationPreview {
  const { publication: p } = tree;
  const contentsOf = (lessonId: string) =>
    tree.contents
      .filter((c) => c.lessonId === lessonId)
      .flatMap((c) => {
        const type = ContentTypeSchema.safeParse(c.type);
        return type.success ? [{ guid: c.openable ? c.id : null, title: c.title, type: type.data }] : [];
      });
  const discipline = DisciplineCodeSchema.safeParse(p.disciplineCode);
  return {
    guid: p.id,
    title: p.title,
    description: p.description,
    kind: PublicationKindSchema.catch("book").parse(p.kind),
    coverUrl: p.coverUrl,
    discipline: discipline.success ? discipline.data : null,
    educationYear: p.yearName,
    // Anything but "open" needs a licence (the same reading as availableTo).
    access: PublicationAccessSchema.catch("licensed").parse(p.access),
    canAddToClass: p.available && canCreateClasses(caller.role),
    contentsLocked: tree.contents.some((c) => !c.openable),
    units: tree.units.map((u) => ({
      guid: u.id,
      title: u.title,
      lessons: tree.lessons
        .filter((l) => l.unitId === u.id)
        .map((l) => ({ guid: l.id, title: l.title, summary: l.summary, contents: contentsOf(l.id) })),
    })),
  };
}

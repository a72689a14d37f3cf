import type { ContentCard, ContentsPage, ContentsQuery } from "../../../contracts/contents";
import { PublicationAccessSchema } from "../../../contracts/course-settings";
import { PublicationKindSchema } from "../../../contracts/courses";
import { DisciplineCodeSchema } from "../../../contracts/reference";
import type { ContentRow } from "./service";

export function presentContentCard(r: ContentRow): ContentCard {
  const kind = PublicationKindSchema.catch("book").parse(r.kind);
  return {
    guid: r.id,
    name: r.title,
    description: r.description,
    kind,
    isBook: kind === "book",
    coverUrl: r.coverUrl,
    discipline: DisciplineCodeSchema.nullable().catch(null).parse(r.disciplineCode),
    educationYear: r.yearName,
    access: PublicationAccessSchema.catch("open").parse(r.access),
    unitCount: r.unitCount,
  };
}

export function presentContentsPage(page: { rows: ContentRow[]; total: number }, query: ContentsQuery): ContentsPage {
  return { items: page.rows.map(presentContentCard), total: page.total, offset: query.offset, pageSize: query.pageSize };
}

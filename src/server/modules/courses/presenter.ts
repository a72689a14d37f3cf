import type { PageQuery } from "../../../contracts/common";
import {
  PublicationKindSchema,
  type CourseCard,
  type CoursesList,
  type PublicationCard,
  type PublicationsList,
} from "../../../contracts/courses";
import { DisciplineCodeSchema, type DisciplineCode } from "../../../contracts/reference";
import { viewerRole } from "./policy";
import type { CoursePage, PublicationRow } from "./service";

const disciplineOf = (code: string | null): DisciplineCode | null => {
  const parsed = DisciplineCodeSchema.safeParse(code);
  return parsed.success ? parsed.data : null;
};

export function presentCourseCards(page: CoursePage, query: PageQuery): CoursesList {
  const items: CourseCard[] = page.rows.map((r) => ({
    guid: r.id,
    name: r.name,
    color: r.color,
    icon: r.icon,
    schoolYear: r.schoolYear,
    educationLevel: r.levelName,
    educationYear: r.yearName,
    discipline: disciplineOf(r.disciplineCode),
    myRole: viewerRole(r.memberRole),
    studentCount: r.studentCount,
    publications: r.publications.map((p) => ({ guid: p.id, title: p.title, coverUrl: p.coverUrl })),
  }));
  return { items, total: page.total, offset: query.offset, pageSize: query.pageSize };
}

export function presentPublicationCards(page: { rows: PublicationRow[]; total: number }, query: PageQuery): PublicationsList {
  const items: PublicationCard[] = page.rows.map((r) => ({
    guid: r.id,
    title: r.title,
    kind: PublicationKindSchema.catch("book").parse(r.kind),
    coverUrl: r.coverUrl,
    discipline: disciplineOf(r.disciplineCode),
    educationYear: r.yearName,
    unitCount: r.unitCount,
  }));
  return { items, total: page.total, offset: query.offset, pageSize: query.pageSize };
}

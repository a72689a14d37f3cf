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
  const byCourse = new Map<string, CourseCard["publications"]>();
  for (const p of page.publications) {
    const list = byCourse.get(p.courseId) ?? [];
    list.push({ guid: p.id, title: p.title, coverUrl: p.coverUrl });
    byCourse.set(p.courseId, list);
  }
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
    studentCount: page.studentCounts.get(r.id) ?? 0,
    publications: byCourse.get(r.id) ?? [],
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

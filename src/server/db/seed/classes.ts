import type { Country } from "../../../contracts/common";
import type { CourseMemberRole } from "../../../contracts/courses";
import { defaultCourseSettings, normaliseClassKey, type CourseSettings } from "../../../contracts/course-settings";
import { classKeyExpiry } from "../../modules/courses/keys";
import type { DisciplineCode, EducationLevelCode } from "../../../contracts/reference";
import type { Db } from "../client";
import { courseMembers, coursePublications, courses } from "../schema";
import type { PublicationIds } from "./content";
import { DEMO_EDITIONS, type EditionIds, type EditionSlug } from "./editions";
import { idOf, seedId } from "./ids";
import type { PeopleIds } from "./people";
import { levelKey, yearKey, type ReferenceIds } from "./reference";

export const DEMO_SCHOOL_YEAR = "2026-2027";
const CURRENT = { schoolYear: DEMO_SCHOOL_YEAR, startDate: "2026-09-01", endDate: "2027-06-30" } as const;

type ClassSeed = {
  key: string;
  edition: EditionSlug;
  name: string;
  discipline: DisciplineCode;
  year: { country: Country; level: EducationLevelCode; order: number };
  color: string;
  icon: string;
  /** The class key as printed ("MATE-ESA2"); stored normalised. */
  classKey: string;
  schoolYear: string;
  startDate: string;
  endDate: string;
  /** Settings that differ from a new class's defaults. */
  settings?: Partial<CourseSettings>;
  /** Natural keys of the publications added to the class. */
  publications: readonly string[];
  /** The first teacher listed is recorded as the class creator. */
  members: ReadonlyArray<{ email: string; role: CourseMemberRole }>;
};

export const DEMO_CLASSES: readonly ClassSeed[] = [
  {
    key: "matematicas-1-eso-a",
    edition: "aula",
    name: "Matemáticas 1º ESO A",
    discipline: "math",
    year: { country: "ES", level: "secondary", order: 1 },
    color: "#0F6CBD",
    icon: "calculator",
    classKey: "MATE-ESA2",
    ...CURRENT,
    settings: { teachingModel: "secondary-2022" },
    publications: ["matematicas-1-eso"],
    members: [
      { email: "teacher@demo.test", role: "teacher" },
      { email: "coteacher@demo.test", role: "coteacher" },
      { email: "student1@demo.test", role: "student" },
      { email: "student2@demo.test", role: "student" },
    ],
  },
  {
    key: "lengua-1-eso-a",
    edition: "aula",
    name: "Lengua 1º ESO A",
    discipline: "language",
    year: { country: "ES", level: "secondary", order: 1 },
    color: "#C239B3",
    icon: "book",
    classKey: "TEXT-ESA2",
    ...CURRENT,
    settings: { teachingModel: "retro", streamPermission: "students_post" },
    publications: ["lengua-1-eso"],
    members: [
      { email: "teacher@demo.test", role: "teacher" },
      { email: "student1@demo.test", role: "student" },
      { email: "student2@demo.test", role: "student" },
    ],
  },
  {
    key: "matematica-6-ano-b",
    edition: "lumen",
    name: "Matemática 6º ano B",
    discipline: "math",
    year: { country: "BR", level: "secondary", order: 1 },
    color: "#8A3FFC",
    icon: "calculator",
    classKey: "NUMR-6ANB",
    schoolYear: "2026-2027",
    startDate: "2027-02-01",
    endDate: "2027-12-15",
    settings: { teachingModel: "primary-2022", devices: "personal" },
    publications: ["matematica-6-ano"],
    members: [
      { email: "teacher@lumen.test", role: "teacher" },
      { email: "student@lumen.test", role: "student" },
    ],
  },
  {
    // Last year's class: its key has expired (the "expired key" case of the join flow).
    key: "matematicas-1-eso-b-2025",
    edition: "aula",
    name: "Matemáticas 1º ESO B (2025-2026)",
    discipline: "math",
    year: { country: "ES", level: "secondary", order: 1 },
    color: "#616161",
    icon: "calculator",
    classKey: "PAST-KEY2",
    schoolYear: "2025-2026",
    startDate: "2025-09-01",
    endDate: "2026-06-30",
    publications: ["matematicas-1-eso"],
    members: [{ email: "teacher@demo.test", role: "teacher" }],
  },
];

/** Schedule guids derived from the class, so a re-seed writes the same settings. */
function stableGuids(courseId: string): () => string {
  let n = 0;
  return () => seedId("schedule", courseId, String(n++));
}

export async function seedClasses(
  db: Db,
  ids: { editions: EditionIds; ref: ReferenceIds; people: PeopleIds; publications: PublicationIds },
): Promise<void> {
  const courseRows: Array<typeof courses.$inferInsert> = [];
  const memberRows: Array<typeof courseMembers.$inferInsert> = [];
  const publicationRows: Array<typeof coursePublications.$inferInsert> = [];

  for (const c of DEMO_CLASSES) {
    const tenantId = idOf(ids.editions.tenants, c.edition, "edition");
    const courseId = seedId("course", tenantId, c.key);
    const creator = c.members.find((m) => m.role === "teacher");
    courseRows.push({
      id: courseId,
      tenantId,
      schoolId: idOf(ids.editions.schools, c.edition, "school"),
      name: c.name,
      educationLevelId: idOf(ids.ref.levels, levelKey(c.year.country, c.year.level), "education level"),
      educationYearId: idOf(ids.ref.years, yearKey(c.year.country, c.year.level, c.year.order), "education year"),
      disciplineId: idOf(ids.ref.disciplines, c.discipline, "discipline"),
      schoolYear: c.schoolYear,
      startDate: c.startDate,
      endDate: c.endDate,
      color: c.color,
      icon: c.icon,
      classKey: normaliseClassKey(c.classKey),
      classKeyExpiresAt: classKeyExpiry(c.endDate),
      // A class of the gamified edition has gamification on, as a new one there would (issue 18).
      settings: { ...defaultCourseSettings(stableGuids(courseId), c, DEMO_EDITIONS.find((e) => e.slug === c.edition)?.gamified ?? false), ...c.settings },
      createdBy: creator ? idOf(ids.people, creator.email, "person") : null,
    });
    for (const m of c.members) memberRows.push({ courseId, userId: idOf(ids.people, m.email, "person"), role: m.role });
    for (const key of c.publications) {
      publicationRows.push({ courseId, publicationId: idOf(ids.publications, key, "publication") });
    }
  }

  await db.insert(courses).values(courseRows).onConflictDoNothing();
  await db.insert(courseMembers).values(memberRows).onConflictDoNothing();
  await db.insert(coursePublications).values(publicationRows).onConflictDoNothing();
}

import { defaultCourseSettings, type CourseDetail } from "../../src/contracts/course-settings";
import type { CourseCard } from "../../src/contracts/courses";
import type { ContentDetail, ContentSummary, ContentTypeCode, LessonDetail, LessonItem, ResourceMaterial } from "../../src/contracts/lessons";

/*
 * Test data for the lesson feature (kept beside the feature, as its tests' fixtures): a class, a
 * lesson, its items, contents and classroom resources, each overridable.
 */

export const COURSE_GUID = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
export const UNIT_GUID = "11111111-1111-4111-8111-111111111111";
export const LESSON_GUID = "22222222-2222-4222-8222-222222222222";
export const NEXT_LESSON_GUID = "33333333-3333-4333-8333-333333333333";
export const PUBLICATION_GUID = "44444444-4444-4444-8444-444444444444";

let seq = 0;
export const testGuid = (): string => `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`;

export function buildTestCourse(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    guid: COURSE_GUID,
    name: "Matemáticas 1º ESO A",
    color: "#0F6CBD",
    icon: "calculator",
    schoolYear: "2025-2026",
    educationLevel: "Secundaria",
    educationYear: "1º ESO",
    discipline: "math",
    myRole: "teacher",
    studentCount: 24,
    kind: "class",
    educationLevelGuid: null,
    educationYearGuid: null,
    disciplineGuid: null,
    startDate: "2025-09-01",
    endDate: "2026-06-30",
    settings: defaultCourseSettings(testGuid, { startDate: "2025-09-01", endDate: "2026-06-30" }),
    publications: [{ guid: PUBLICATION_GUID, title: "Matemáticas 1 (Lumen)", kind: "book", coverUrl: null }],
    classKey: "MATEESA2",
    classKeyExpiresAt: null,
    teacherCount: 1,
    canEdit: true,
    canManageTeachers: true,
    editionGamified: false,
    ...overrides,
  };
}

/** The test class as the class list shows it (GET front/courses). */
export function buildCourseCard(overrides: Partial<CourseCard> = {}): CourseCard {
  const { guid, name, color, icon, schoolYear, educationLevel, educationYear, discipline, myRole, studentCount } = buildTestCourse();
  return { guid, name, color, icon, schoolYear, educationLevel, educationYear, discipline, myRole, studentCount, publications: [], ...overrides };
}

export function buildLesson(overrides: Partial<LessonDetail> = {}): LessonDetail {
  return {
    guid: LESSON_GUID,
    title: "Fracciones equivalentes",
    summary: "Comparar y simplificar fracciones",
    course: { guid: COURSE_GUID, name: "Matemáticas 1º ESO A" },
    unit: { guid: UNIT_GUID, title: "Fracciones" },
    publication: { guid: PUBLICATION_GUID, title: "Matemáticas 1 (Lumen)" },
    previousLessonGuid: null,
    nextLessonGuid: NEXT_LESSON_GUID,
    canEdit: true,
    ...overrides,
  };
}

export function buildSummary(type: ContentTypeCode, title: string, overrides: Partial<ContentSummary> = {}): ContentSummary {
  return {
    guid: testGuid(),
    type,
    title,
    description: "",
    fileName: null,
    mimeType: null,
    sizeBytes: null,
    mine: true,
    ready: true,
    updatedAt: "2026-01-10T09:00:00.000Z",
    ...overrides,
  };
}

export function buildDetail(summary: ContentSummary, overrides: Partial<ContentDetail> = {}): ContentDetail {
  return {
    ...summary,
    url: null,
    data: {},
    view: {
      viewer: "link",
      fileUrl: null,
      launchUrl: null,
      captionsUrl: null,
      captionsLanguage: null,
      url: null,
      body: null,
      alt: null,
      packageKind: null,
      entries: [],
    },
    ...overrides,
  };
}

export function buildItem(type: ContentTypeCode, title: string, position: number, overrides: Partial<LessonItem> = {}): LessonItem {
  const guid = testGuid();
  return {
    guid,
    lessonItemGuid: guid,
    courseGuid: COURSE_GUID,
    lessonGuid: LESSON_GUID,
    title,
    position,
    status: "published",
    publishAt: null,
    publishedAt: "2026-01-10T09:00:00.000Z",
    settings: {},
    content: { ...buildSummary(type, title), deleted: false },
    consumption: { opened: false, finished: false },
    ...overrides,
  };
}

export function buildMaterial(type: ContentTypeCode, title: string, position: number, overrides: Partial<ResourceMaterial> = {}): ResourceMaterial {
  return {
    guid: testGuid(),
    courseGuid: COURSE_GUID,
    title,
    visibleToStudents: true,
    position,
    content: { ...buildSummary(type, title), deleted: false },
    createdAt: "2026-01-10T09:00:00.000Z",
    ...overrides,
  };
}

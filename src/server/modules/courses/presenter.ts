import type { z } from "zod";
import type { PageQuery } from "../../../contracts/common";
import {
  CourseMemberRoleSchema,
  PublicationKindSchema,
  type CourseCard,
  type CoursesList,
  type PublicationCard,
  type PublicationsList,
} from "../../../contracts/courses";
import {
  CourseKindSchema,
  formatClassKey,
  type AvailablePublication,
  type ClassKeySchema,
  type CourseDetail,
  type CourseMember,
  type CourseMembers,
  type CoursePublicationDetailSchema,
} from "../../../contracts/course-settings";
import { DisciplineCodeSchema, type DisciplineCode } from "../../../contracts/reference";
import type { CourseAccess } from "./access";
import type { CourseDetailRow } from "./manage-service";
import type { MemberRow } from "./members-service";
import { viewerRole } from "./policy";
import type { AvailablePublicationRow, ClassPublicationRow } from "./publications-service";
import type { CoursePage, CourseRow, PublicationRow } from "./service";

type ClassKey = z.infer<typeof ClassKeySchema>;
type CoursePublicationDetail = z.infer<typeof CoursePublicationDetailSchema>;

const disciplineOf = (code: string | null): DisciplineCode | null => {
  const parsed = DisciplineCodeSchema.safeParse(code);
  return parsed.success ? parsed.data : null;
};

export function presentCourseCard(r: CourseRow): CourseCard {
  return {
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
  };
}

export function presentCourseCards(page: CoursePage, query: PageQuery): CoursesList {
  return { items: page.rows.map(presentCourseCard), total: page.total, offset: query.offset, pageSize: query.pageSize };
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

export const presentClassPublication = (p: ClassPublicationRow): CoursePublicationDetail => ({
  guid: p.id,
  title: p.title,
  kind: p.kind,
  coverUrl: p.coverUrl,
});

/** The class page's data; the key only for those who may hand it out (teachers and co-teachers). */
export function presentCourseDetail(d: CourseDetailRow): CourseDetail {
  const { course, role, canEdit, canManageTeachers } = d.access;
  return {
    guid: course.id,
    name: course.name,
    color: course.color,
    icon: course.icon,
    schoolYear: course.schoolYear,
    educationLevel: d.levelName,
    educationYear: d.yearName,
    discipline: disciplineOf(d.disciplineCode),
    myRole: role,
    studentCount: d.studentCount,
    kind: CourseKindSchema.catch("class").parse(course.kind),
    educationLevelGuid: course.educationLevelId,
    educationYearGuid: course.educationYearId,
    disciplineGuid: course.disciplineId,
    startDate: course.startDate,
    endDate: course.endDate,
    settings: d.settings,
    publications: d.publications.map(presentClassPublication),
    classKey: canEdit ? formatClassKey(course.classKey) : null,
    classKeyExpiresAt: canEdit ? (course.classKeyExpiresAt?.toISOString() ?? null) : null,
    teacherCount: d.teacherCount,
    canEdit,
    canManageTeachers,
    editionGamified: d.editionGamified,
  };
}

export const presentClassKey = (k: { classKey: string; classKeyExpiresAt: Date | null }): ClassKey => ({
  classKey: formatClassKey(k.classKey),
  classKeyExpiresAt: k.classKeyExpiresAt?.toISOString() ?? null,
});

/** Staff (and overseeing school admins) see e-mails; students see names only. */
export const seesMemberEmails = (access: CourseAccess): boolean => access.canEdit || access.role === "observer";

export function presentMember(m: MemberRow, access: CourseAccess, assistantAvailable = false): CourseMember {
  return {
    guid: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    email: seesMemberEmails(access) ? m.email : null,
    role: CourseMemberRoleSchema.catch("student").parse(m.role),
    joinedAt: m.joinedAt.toISOString(),
    isOwner: m.id === access.course.createdBy,
    assistant: seesMemberEmails(access) && m.role === "student" ? assistantAvailable && m.chatbotEnabled : null,
  };
}

/** `assistantAvailable`: the edition has the AI assistant (tenants.chatbot_available). */
export const presentMembers = (rows: MemberRow[], access: CourseAccess, assistantAvailable = false): CourseMembers => ({
  items: rows.map((m) => presentMember(m, access, assistantAvailable)),
  myRole: access.role,
});

export const presentAvailablePublication = (p: AvailablePublicationRow): AvailablePublication => ({
  guid: p.id,
  title: p.title,
  kind: p.kind,
  coverUrl: p.coverUrl,
  discipline: disciplineOf(p.disciplineCode),
  educationYear: p.yearName,
  access: p.access === "open" ? "open" : "licensed",
});

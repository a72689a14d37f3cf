import type { LessonDetail, LessonItem, LessonItemSettings, PublicationStatus, ResourceMaterial } from "../../../contracts/lessons";
import type { ContentRecord } from "../contents/access";
import { presentContentSummary } from "../contents/content-presenter";
import type { LessonItemRow } from "./items-service";
import type { ResourceMaterialRow } from "./materials-service";
import type { LessonDetailInput } from "./service";

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A content as an item or material shows it; a deleted one says so, so the viewer can tell. */
const presentPlacedContent = (content: ContentRecord, callerId: string) => ({
  ...presentContentSummary(content, callerId),
  deleted: content.deletedAt !== null,
});

export function presentLessonDetail({ access, lesson, previous, next }: LessonDetailInput): LessonDetail {
  return {
    guid: lesson.id,
    title: lesson.title,
    summary: lesson.summary,
    course: { guid: access.course.id, name: access.course.name },
    unit: { guid: lesson.unit.id, title: lesson.unit.title },
    publication: { guid: lesson.publication.id, title: lesson.publication.title },
    previousLessonGuid: previous,
    nextLessonGuid: next,
    canEdit: access.canEdit,
  };
}

export function presentLessonItem(row: LessonItemRow, callerId: string): LessonItem {
  const { item, content } = row;
  return {
    guid: item.id,
    lessonItemGuid: item.id,
    courseGuid: item.courseId,
    lessonGuid: item.lessonId,
    title: item.title ?? content.title,
    position: item.position,
    status: item.status as PublicationStatus,
    publishAt: iso(item.publishAt),
    publishedAt: iso(item.publishedAt),
    settings: item.settings as LessonItemSettings,
    content: presentPlacedContent(content, callerId),
    consumption: { opened: row.opened, finished: row.finishedAt !== null },
  };
}

export function presentResourceMaterial({ material, content }: ResourceMaterialRow, callerId: string): ResourceMaterial {
  return {
    guid: material.id,
    courseGuid: material.courseId,
    title: material.title ?? content.title,
    visibleToStudents: material.visibleToStudents,
    position: material.position,
    content: presentPlacedContent(content, callerId),
    createdAt: material.createdAt.toISOString(),
  };
}

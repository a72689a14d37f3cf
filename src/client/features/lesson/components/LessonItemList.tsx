import { Badge, Button, mergeClasses } from "@fluentui/react-components";
import {
  ArrowDownRegular,
  ArrowUpRegular,
  CheckmarkCircleRegular,
  CircleRegular,
  DataBarVerticalRegular,
  EditRegular,
  EyeRegular,
  FullScreenMaximizeRegular,
  OpenRegular,
  ReOrderDotsVerticalRegular,
  SettingsRegular,
} from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { ASSESSMENT_TYPE } from "../../../../contracts/lessons-base";
import type { LessonItem } from "../../../../contracts/lessons";
import { moveGuid } from "../../course/program/programRules";
import { SortableList, type DragHandleProps } from "../../course/program/SortableList";
import { resultsKindOf } from "../lessonRules";
import { ContentTypeIcon } from "./ContentTypeIcon";
import { useLessonStyles } from "./lessonStyles";
import { LinkButton } from "./LinkButton";
import { StatusBadge } from "./StatusBadge";
import { taskKindOf } from "../../../../contracts/tasks-base";

import { LessonItemAssignButton, LessonItemTaskBadge } from "../../tasks/LessonItemTask";

export type LessonItemListProps = {
  items: readonly LessonItem[];
  lessonTitle: string;
  courseGuid: string;
  /** The lesson's address, and the query to keep (?view=student). */
  basePath: string;
  search: string;
  editing: boolean;
  studentView: boolean;
  selectedGuid: string | undefined;
  onSelect: (guid: string | undefined) => void;
  onReorder: (order: string[]) => void;
};

/**
 * The lesson's items in order (spec §3). Editing teachers reorder them by dragging (mouse, touch or
 * keyboard, announced) or with Move up / Move down, and open an item's settings in the sidebar.
 */
export function LessonItemList(props: LessonItemListProps) {
  const { items, lessonTitle, editing, onReorder } = props;
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const guids = items.map((i) => i.guid);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= guids.length) return;
    onReorder(moveGuid(guids, from, to));
  };
  return (
    <SortableList
      items={items}
      label={t("items.listLabel", { title: lessonTitle })}
      className={styles.list}
      sortable={editing}
      onReorder={onReorder}
      renderItem={(item, index, handle) => <ItemRow {...props} item={item} index={index} handle={handle} onMove={move} />}
    />
  );
}

type ItemRowProps = LessonItemListProps & {
  item: LessonItem;
  index: number;
  handle: DragHandleProps | undefined;
  onMove: (from: number, to: number) => void;
};

function ItemRow({ item, index, handle, onMove, items, courseGuid, basePath, search, editing, studentView, selectedGuid, onSelect }: ItemRowProps) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const title = item.title;
  const type = item.content.type;
  const results = resultsKindOf(type);
  const isAssessment = type === ASSESSMENT_TYPE;
  const selected = selectedGuid === item.guid;
  // Editors see which items are tasks (the lesson's tasks are asked with its data, app/routeData.ts).
  const assignable = editing && !item.content.deleted && taskKindOf(type) !== null;
  const taskRef = { guid: item.guid, title, courseGuid, lessonGuid: item.lessonGuid };
  return (
    <div className={mergeClasses(styles.row, selected && styles.rowSelected)}>
      {handle ? <ItemDragHandle title={title} activator={handle.activator} attributes={handle.attributes} /> : null}
      <span className={styles.icon}>
        <ContentTypeIcon type={type} />
      </span>
      <div className={styles.rowText}>
        <h3 className={styles.rowTitle}>{title}</h3>
        <div className={styles.rowMeta}>
          <span>{t(`types.${type}`)}</span>
          {editing ? <StatusBadge status={item.status} publishAt={item.publishAt} /> : null}
          {assignable ? (
            <LessonItemTaskBadge item={taskRef} />
          ) : null}
          {studentView ? <Progress item={item} /> : null}
          {item.content.deleted ? (
            <Badge appearance="outline" color="danger">
              {t("items.deleted")}
            </Badge>
          ) : null}
        </div>
      </div>
      <div className={styles.actions}>
        <LinkButton
          to={isAssessment ? `${basePath}/assessment/${item.content.guid}${search}` : `${basePath}/content/${item.content.guid}${search}`}
          appearance="primary"
          size="small"
          icon={<OpenRegular />}
          aria-label={t("items.openLabel", { title })}
        >
          {t("items.open")}
        </LinkButton>
        {isAssessment ? null : (
          <LinkButton
            to={`/single-activity/${courseGuid}/${item.guid}/${item.content.guid}`}
            size="small"
            icon={<FullScreenMaximizeRegular />}
            aria-label={t("items.fullScreenLabel", { title })}
          />
        )}
        {editing && isAssessment ? (
          <LinkButton
            to={`${basePath}/results-assessment/${item.content.guid}${search}`}
            size="small"
            icon={<DataBarVerticalRegular />}
            aria-label={t("items.resultsLabel", { title })}
          >
            {t("items.results")}
          </LinkButton>
        ) : null}
        {editing && results ? (
          <LinkButton
            to={`/course/${courseGuid}/results-${results}/${item.guid}`}
            size="small"
            icon={<DataBarVerticalRegular />}
            aria-label={t("items.resultsLabel", { title })}
          >
            {t("items.results")}
          </LinkButton>
        ) : null}
        {assignable ? (
          <LessonItemAssignButton item={taskRef} />
        ) : null}
        {editing ? (
          <>
            <Button
              size="small"
              appearance={selected ? "primary" : "secondary"}
              icon={<SettingsRegular />}
              aria-label={t("items.settingsLabel", { title })}
              aria-pressed={selected}
              onClick={() => onSelect(selected ? undefined : item.guid)}
            />
            <LinkButton to={`${basePath}/edit/${item.guid}`} size="small" appearance="subtle" icon={<EditRegular />} aria-label={t("items.editLabel", { title })} />
            <Button
              size="small"
              appearance="subtle"
              icon={<ArrowUpRegular />}
              aria-label={t("items.moveUp", { title })}
              disabledFocusable={index === 0}
              onClick={() => onMove(index, index - 1)}
            />
            <Button
              size="small"
              appearance="subtle"
              icon={<ArrowDownRegular />}
              aria-label={t("items.moveDown", { title })}
              disabledFocusable={index === items.length - 1}
              onClick={() => onMove(index, index + 1)}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The handle a teacher drags (mouse, touch, or space and the arrow keys). */
function ItemDragHandle({ title, activator, attributes }: { title: string } & Omit<DragHandleProps, "dragging">) {
  const { t } = useTranslation("lesson");
  return (
    <Button ref={activator} {...attributes} appearance="subtle" size="small" icon={<ReOrderDotsVerticalRegular />} aria-label={t("items.drag", { title })} />
  );
}

/** The caller's own progress: not opened, opened, finished. */
function Progress({ item }: { item: LessonItem }) {
  const { t } = useTranslation("lesson");
  if (item.consumption.finished) {
    return (
      <Badge appearance="tint" color="success" icon={<CheckmarkCircleRegular />}>
        {t("items.progress.finished")}
      </Badge>
    );
  }
  if (item.consumption.opened) {
    return (
      <Badge appearance="tint" color="brand" icon={<EyeRegular />}>
        {t("items.progress.opened")}
      </Badge>
    );
  }
  return (
    <Badge appearance="outline" color="subtle" icon={<CircleRegular />}>
      {t("items.progress.notStarted")}
    </Badge>
  );
}

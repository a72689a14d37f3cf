import { Button, mergeClasses, Text } from "@fluentui/react-components";
import { ChevronDownRegular, ChevronRightRegular } from "@fluentui/react-icons";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { ProgramLesson, ProgramUnit } from "../../../../contracts/course-program";
import { DragHandle, HiddenBadge, ItemControls } from "./ItemControls";
import { lessonPath, moveGuid, type ProgramItemScope } from "./programRules";
import { useProgramStyles } from "./programStyles";
import { SortableList, type DragHandleProps } from "./SortableList";

/** What an editing teacher can do to the program; absent in the student view. */
export type ProgramActions = {
  setHidden: (scope: ProgramItemScope, guid: string, hidden: boolean) => void;
  reorder: (scope: ProgramItemScope, parentGuid: string, order: string[]) => void;
};

export type ProgramUnitItemProps = {
  courseGuid: string;
  unit: ProgramUnit;
  index: number;
  /** The unit guids of its publication in order, for Move up / Move down. */
  siblings: readonly string[];
  publicationGuid: string;
  handle: DragHandleProps | undefined;
  actions: ProgramActions | undefined;
};

/** One unit: its title opens and closes the list of its lessons; editors also get its controls. */
export function ProgramUnitItem({ courseGuid, unit, index, siblings, publicationGuid, handle, actions }: ProgramUnitItemProps) {
  const styles = useProgramStyles();
  const { t } = useTranslation("program");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const lessons = actions ? unit.lessons : unit.lessons.filter((l) => !l.hidden);
  const lessonGuids = lessons.map((l) => l.guid);
  return (
    <div className={mergeClasses(styles.unit, unit.hidden && styles.hiddenUnit, handle?.dragging && styles.dragging)}>
      <div className={styles.row}>
        {handle ? <DragHandle kind="unit" title={unit.title} activator={handle.activator} attributes={handle.attributes} /> : null}
        <h3 className={styles.unitTitle}>
          <Button
            appearance="transparent"
            className={mergeClasses(styles.disclosure, unit.hidden && styles.hidden)}
            icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            <span className={styles.number} aria-hidden="true">
              {index + 1}.
            </span>
            {unit.title}
          </Button>
        </h3>
        {unit.hidden ? <HiddenBadge /> : null}
        {actions ? (
          <ItemControls
            kind="unit"
            title={unit.title}
            hidden={unit.hidden}
            index={index}
            count={siblings.length}
            onMove={(from, to) => actions.reorder("units", publicationGuid, moveGuid(siblings, from, to))}
            onToggleHidden={() => actions.setHidden("units", unit.guid, !unit.hidden)}
          />
        ) : null}
      </div>
      {open ? (
        <div id={panelId}>
          {lessons.length === 0 ? (
            <p className={styles.empty}>{t("noLessons")}</p>
          ) : (
            <SortableList
              items={lessons}
              label={t("lessonsOf", { title: unit.title })}
              className={styles.lessons}
              itemClassName={styles.lesson}
              sortable={Boolean(actions)}
              onReorder={(order) => actions?.reorder("lessons", unit.guid, order)}
              renderItem={(lesson, i, lessonHandle) => (
                <ProgramLessonItem
                  courseGuid={courseGuid}
                  unitGuid={unit.guid}
                  lesson={lesson}
                  index={i}
                  siblings={lessonGuids}
                  handle={lessonHandle}
                  actions={actions}
                />
              )}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}

type ProgramLessonItemProps = {
  courseGuid: string;
  unitGuid: string;
  lesson: ProgramLesson;
  index: number;
  siblings: readonly string[];
  handle: DragHandleProps | undefined;
  actions: ProgramActions | undefined;
};

function ProgramLessonItem({ courseGuid, unitGuid, lesson, index, siblings, handle, actions }: ProgramLessonItemProps) {
  const styles = useProgramStyles();
  return (
    <div className={mergeClasses(styles.row, handle?.dragging && styles.dragging)}>
      {handle ? <DragHandle kind="lesson" title={lesson.title} activator={handle.activator} attributes={handle.attributes} /> : null}
      <div className={styles.lessonBody}>
        <Link to={lessonPath(courseGuid, unitGuid, lesson.guid)} className={mergeClasses(styles.lessonLink, lesson.hidden && styles.hidden)}>
          {lesson.title}
        </Link>
        {lesson.summary ? (
          <Text as="p" size={200} className={mergeClasses(styles.summary, lesson.hidden && styles.hidden)}>
            {lesson.summary}
          </Text>
        ) : null}
      </div>
      {lesson.hidden ? <HiddenBadge /> : null}
      {actions ? (
        <ItemControls
          kind="lesson"
          title={lesson.title}
          hidden={lesson.hidden}
          index={index}
          count={siblings.length}
          onMove={(from, to) => actions.reorder("lessons", unitGuid, moveGuid(siblings, from, to))}
          onToggleHidden={() => actions.setHidden("lessons", lesson.guid, !lesson.hidden)}
        />
      ) : null}
    </div>
  );
}

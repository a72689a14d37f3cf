import { Badge, Button, mergeClasses } from "@fluentui/react-components";
import { ArrowDownRegular, ArrowUpRegular, EyeOffRegular, EyeRegular, ReOrderDotsVerticalRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import type { DragHandleProps } from "./SortableList";
import { useProgramStyles } from "./programStyles";

export type ProgramItemKind = "unit" | "lesson";

/** The drag handle a teacher grabs (mouse, touch, or space and the arrow keys). */
export function DragHandle({ kind, title, activator, attributes }: { kind: ProgramItemKind; title: string } & Omit<DragHandleProps, "dragging">) {
  const styles = useProgramStyles();
  const { t } = useTranslation("program");
  return (
    <Button
      ref={activator}
      {...attributes}
      appearance="subtle"
      size="small"
      className={styles.handle}
      icon={<ReOrderDotsVerticalRegular />}
      aria-label={t(`controls.${kind}.drag`, { title })}
    />
  );
}

export type ItemControlsProps = {
  kind: ProgramItemKind;
  title: string;
  hidden: boolean;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onToggleHidden: () => void;
};

/**
 * Move up, Move down and Hide/Show for one unit or lesson: the plain keyboard way, next to the
 * drag handle. The edge buttons stay focusable when disabled so focus is not lost after a move.
 */
export function ItemControls({ kind, title, hidden, index, count, onMove, onToggleHidden }: ItemControlsProps) {
  const styles = useProgramStyles();
  const { t } = useTranslation("program");
  return (
    <div className={styles.controls}>
      <Button
        appearance="subtle"
        size="small"
        icon={<ArrowUpRegular />}
        aria-label={t(`controls.${kind}.moveUp`, { title })}
        disabledFocusable={index === 0}
        onClick={() => onMove(index, index - 1)}
      />
      <Button
        appearance="subtle"
        size="small"
        icon={<ArrowDownRegular />}
        aria-label={t(`controls.${kind}.moveDown`, { title })}
        disabledFocusable={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      />
      <Button
        appearance="subtle"
        size="small"
        icon={hidden ? <EyeRegular /> : <EyeOffRegular />}
        aria-label={t(hidden ? `controls.${kind}.show` : `controls.${kind}.hide`, { title })}
        onClick={onToggleHidden}
      >
        {t(hidden ? "controls.showShort" : "controls.hideShort")}
      </Button>
    </div>
  );
}

/** "Hidden from students", next to a hidden unit or lesson's title. */
export function HiddenBadge({ className }: { className?: string }) {
  const { t } = useTranslation("program");
  return (
    <Badge appearance="outline" color="subtle" icon={<EyeOffRegular />} className={mergeClasses(className)}>
      {t("hiddenFromStudents")}
    </Badge>
  );
}

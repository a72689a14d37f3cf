import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/*
 * The drag-and-drop pieces of QT_12 (label image drag and drop): a token that can be dragged
 * (pointer, or dnd-kit's keyboard sensor when `focusable`), a label's zone on the image that
 * accepts a token anywhere in its box, and the bank of free tokens. Every placement is also possible with the per-label lists
 * of the view, which is the way that needs no dragging.
 */

export type TokenDragData = { tokenId: string; from: string | null };

export const BANK_ID = "bank";
export const labelDropId = (labelId: string) => `label:${labelId}`;
export const labelOfDropId = (id: string): string | null => (id.startsWith("label:") ? id.slice("label:".length) : null);

const useStyles = makeStyles({
  token: {
    display: "inline-flex",
    alignItems: "center",
    minHeight: "32px",
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    boxSizing: "border-box",
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow4,
    cursor: "grab",
    touchAction: "none",
    userSelect: "none",
    lineHeight: tokens.lineHeightBase300,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  /** A token placed in a zone: as wide as the zone leaves it, its word cut with an ellipsis. */
  compact: {
    display: "block",
    minWidth: 0,
    maxWidth: "100%",
    minHeight: "24px",
    padding: `0 ${tokens.spacingHorizontalXS}`,
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
    lineHeight: "22px",
    fontSize: tokens.fontSizeBase200,
  },
  dragging: { opacity: 0.85, boxShadow: tokens.shadow16, cursor: "grabbing", zIndex: 10, position: "relative" },
  /** Fills the zone's box: a token dropped anywhere on the box lands on it. */
  drop: { position: "absolute", inset: 0, borderRadius: "inherit" },
  over: { outline: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`, backgroundColor: "rgba(15, 108, 189, 0.18)" },
  bank: {
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalS,
    minHeight: "48px",
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  bankOver: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}` },
  empty: { color: tokens.colorNeutralForeground3 },
  staticList: { margin: 0, listStyleType: "none" },
  static: { cursor: "default", boxShadow: "none" },
});

export function DraggableToken(props: { dragId: string; data: TokenDragData; text: string; focusable: boolean; disabled?: boolean; compact?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: props.dragId,
    data: props.data,
    disabled: props.disabled ?? false,
    attributes: { roleDescription: t("media.drag.roleDescription") },
  });
  return (
    <span
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // Tokens on the image are reachable by pointer only: the label lists are their keyboard way.
      {...(props.focusable ? {} : { tabIndex: -1, "aria-hidden": true })}
      className={mergeClasses(styles.token, props.compact && styles.compact, isDragging && styles.dragging)}
      title={props.compact ? props.text : undefined}
      style={{ transform: CSS.Translate.toString(transform) }}
    >
      {props.text}
    </span>
  );
}

/** A label's zone on the image that accepts a token: it fills the zone's box and holds its number and token. */
export function DropZone({ labelId, children }: { labelId: string; children: ReactNode }) {
  const styles = useStyles();
  const { setNodeRef, isOver } = useDroppable({ id: labelDropId(labelId) });
  return (
    <span ref={setNodeRef} className={mergeClasses(styles.drop, isOver && styles.over)}>
      {children}
    </span>
  );
}

/** The free tokens; a token dropped here leaves its label. */
export function TokenBank({ label, children, empty }: { label: string; children: ReactNode; empty: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const { setNodeRef, isOver } = useDroppable({ id: BANK_ID });
  return (
    <div ref={setNodeRef} role="group" aria-label={label} className={mergeClasses(styles.bank, isOver && styles.bankOver)}>
      {empty ? <span className={styles.empty}>{t("media.drag.bankEmpty")}</span> : children}
    </div>
  );
}

/** The words, shown without dragging (projection). */
export function StaticTokens({ label, words }: { label: string; words: readonly string[] }) {
  const styles = useStyles();
  return (
    <ul aria-label={label} className={mergeClasses(styles.bank, styles.staticList)}>
      {words.map((w, i) => (
        <li key={i} className={mergeClasses(styles.token, styles.static)}>
          {w}
        </li>
      ))}
    </ul>
  );
}

import { mergeClasses, Select } from "@fluentui/react-components";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StudentItem } from "../../../../contracts/student-questions";
import { DraggableChip, DropBoard, DropZone, groupName, isInteractive, itemName, RightAnswer, valueOf, withoutKey } from "./dnd-board";
import { useDndStyles } from "./dnd-styles";
import { MathText } from "./MathText";
import { ItemContent, partResult, ReviewMark } from "./parts";
import type { QuestionViewProps } from "./types";

/*
 * Classify (QT_13): one column per category and one for the items not sorted yet. An item is
 * dragged into a column, or its category chosen in the item's select (the keyboard way).
 * Answer: { items: { itemId: categoryId } }; an unsorted item is left out.
 */

type Props = QuestionViewProps<"QT_13">;
const UNSORTED = "unsorted";

export default function ClassifyView(props: Props) {
  return isInteractive(props.mode) ? <Answering {...props} /> : <ReadOnly {...props} />;
}

type Column = { id: string; title: string; items: StudentItem[] };

/** The unsorted column first, then one per category, each with the items `placement` puts there. */
function useColumns(categories: readonly { id: string; text: string }[], items: readonly StudentItem[], placement: (itemId: string) => string | undefined): Column[] {
  const { t } = useTranslation("questions");
  const known = new Set(categories.map((c) => c.id));
  const columnOf = (item: StudentItem) => {
    const c = placement(item.id);
    return c !== undefined && known.has(c) ? c : UNSORTED;
  };
  return [{ id: UNSORTED, text: t("dnd.classify.unsorted") }, ...categories].map((c) => ({
    id: c.id,
    title: c.text,
    items: items.filter((item) => columnOf(item) === c.id),
  }));
}

function ColumnBox({ column, label, children, interactive }: { column: Column; label: string; children: ReactNode; interactive: boolean }) {
  const styles = useDndStyles();
  const { t } = useTranslation("questions");
  const body = (
    <>
      <p className={styles.heading}>
        <MathText text={column.title} />
      </p>
      {column.items.length === 0 ? <span className={styles.hint}>{t("dnd.classify.empty")}</span> : children}
    </>
  );
  const className = mergeClasses(styles.zone, styles.zoneColumn);
  const name = groupName(label, column.title);
  return interactive ? (
    <DropZone id={`col:${column.id}`} className={className} role="group" aria-label={name}>
      {body}
    </DropZone>
  ) : (
    <div className={className} role="group" aria-label={name}>
      {body}
    </div>
  );
}

function Answering({ question, answer, onAnswer, label }: Props) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const { categories, items } = question.data;
  const placed = answer?.items ?? {};
  const columns = useColumns(categories, items, (id) => valueOf(placed, id));

  const assign = (itemId: string, categoryId: string) => {
    const rest = withoutKey(placed, itemId);
    onAnswer?.({ items: categoryId === UNSORTED || categoryId === "" ? rest : { ...rest, [itemId]: categoryId } });
  };
  // Choosing a category moves the item (and its select) to another column, which remounts it: the
  // focus follows it there, or a keyboard user would be thrown back to the top of the page.
  const selects = useRef(new Map<string, HTMLSelectElement>());
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current === null) return;
    const select = selects.current.get(refocus.current);
    refocus.current = null;
    if (select && document.activeElement !== select) select.focus();
  });
  const nameOf = (id: string) => {
    if (id.startsWith("item:")) return itemName(items.find((i) => `item:${i.id}` === id) ?? {});
    return columns.find((c) => `col:${c.id}` === id)?.title ?? "";
  };
  const onDrop = (dragId: string, zoneId: string) => {
    if (dragId.startsWith("item:") && zoneId.startsWith("col:")) assign(dragId.slice("item:".length), zoneId.slice("col:".length));
  };

  return (
    <DropBoard nameOf={nameOf} onDrop={onDrop}>
      <div className={styles.root} role="group" aria-label={label}>
        <p className={styles.hint}>{t("dnd.classify.hint")}</p>
        <div className={styles.columns}>
          {columns.map((column) => (
            <ColumnBox key={column.id} column={column} label={label} interactive>
              {column.items.map((item) => (
                <div key={item.id} className={styles.card}>
                  <DraggableChip id={`item:${item.id}`}>
                    <ItemContent item={item} />
                  </DraggableChip>
                  <Select
                    size="small"
                    aria-label={t("dnd.classify.categoryOf", { item: itemName(item) })}
                    value={valueOf(placed, item.id) ?? ""}
                    ref={(el) => {
                      if (el) selects.current.set(item.id, el);
                      else selects.current.delete(item.id);
                    }}
                    onChange={(_, data) => {
                      refocus.current = item.id;
                      assign(item.id, data.value);
                    }}
                  >
                    <option value="">{t("dnd.classify.unsorted")}</option>
                    {categories.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.text}
                      </option>
                    ))}
                  </Select>
                </div>
              ))}
            </ColumnBox>
          ))}
        </div>
      </div>
    </DropBoard>
  );
}

function ReadOnly({ question, mode, answer, solution, parts, label }: Props) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const { categories, items } = question.data;
  const review = mode === "review";
  const rightOf = (itemId: string) => solution?.items.find((i) => i.id === itemId)?.categoryId;
  // Projection shows the right classification when revealed, else whatever answer it was given (usually none).
  const columns = useColumns(categories, items, (id) => (!review && solution ? rightOf(id) : valueOf(answer?.items, id)));
  const categoryText = (id: string | undefined) => categories.find((c) => c.id === id)?.text;
  const visible = columns.filter((c) => c.id !== UNSORTED || c.items.length > 0);

  return (
    <div className={mergeClasses(styles.root, !review && styles.large)} role="group" aria-label={label}>
      {!review && solution && <p className={styles.caption}>{t("review.correctAnswer")}</p>}
      {review && !answer && <p className={styles.caption}>{t("review.noAnswer")}</p>}
      <div className={styles.columns}>
        {visible.map((column) => (
          <ColumnBox key={column.id} column={column} label={label} interactive={false}>
            {column.items.map((item) => {
              const correct = review ? partResult(parts, item.id) : undefined;
              const rightId = review && correct !== true ? rightOf(item.id) : undefined;
              const right = rightId !== valueOf(answer?.items, item.id) ? categoryText(rightId) : undefined;
              return (
                <div key={item.id} className={styles.card}>
                  <ItemContent item={item} />
                  <ReviewMark correct={correct} />
                  {right !== undefined && (
                    <RightAnswer>
                      <MathText text={right} />
                    </RightAnswer>
                  )}
                </div>
              );
            })}
          </ColumnBox>
        ))}
      </div>
    </div>
  );
}

import { Button, mergeClasses, Select } from "@fluentui/react-components";
import { Dismiss16Regular } from "@fluentui/react-icons";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { StudentItem } from "../../../../contracts/student-questions";
import {
  DraggableChip, DropBoard, DropZone, groupName, isInteractive, itemName, RightAnswer, StaticChip, valueOf, withoutKey, withoutValue,
} from "./dnd-board";
import { useDndStyles } from "./dnd-styles";
import { ItemContent, partResult, ReviewMark } from "./parts";
import type { QuestionViewProps } from "./types";

/*
 * Match list (QT_14): each left item has a slot for one of the matches (some matches may be
 * distractors). A match is dragged from the pool into a slot, or chosen in the item's select (the
 * keyboard way); one to one, so a match in a slot leaves the pool. Answer: { pairs: { itemId: matchId } }.
 */

type Props = QuestionViewProps<"QT_14">;

export default function MatchListView(props: Props) {
  return isInteractive(props.mode) ? <Answering {...props} /> : <ReadOnly {...props} />;
}

function Answering({ question, answer, onAnswer, label }: Props) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const { items, matches } = question.data;
  const pairs = answer?.pairs ?? {};
  const used = new Set(Object.values(pairs));
  const selects = useRef(new Map<string, HTMLSelectElement>());
  const matchOf = (id: string | undefined) => matches.find((m) => m.id === id);

  const pair = (itemId: string, matchId: string | undefined) => {
    if (!matchId) return onAnswer?.({ pairs: withoutKey(pairs, itemId) });
    onAnswer?.({ pairs: { ...withoutValue(pairs, matchId), [itemId]: matchId } });
  };
  const unpair = (itemId: string) => {
    pair(itemId, undefined);
    selects.current.get(itemId)?.focus();
  };

  const nameOf = (id: string) => {
    if (id.startsWith("match:")) return itemName(matchOf(id.slice("match:".length)) ?? {});
    if (id.startsWith("slot:")) return t("dnd.match.matchOf", { item: itemName(items.find((i) => `slot:${i.id}` === id) ?? {}) });
    return t("dnd.match.pool");
  };
  const onDrop = (dragId: string, zoneId: string) => {
    if (dragId.startsWith("match:") && zoneId.startsWith("slot:")) pair(zoneId.slice("slot:".length), dragId.slice("match:".length));
  };

  const pool = matches.filter((m) => !used.has(m.id));
  return (
    <DropBoard nameOf={nameOf} onDrop={onDrop}>
      <div className={styles.root} role="group" aria-label={label}>
        <p className={styles.hint}>{t("dnd.match.hint")}</p>
        <ul className={styles.rows}>
          {items.map((item) => {
            const current = matchOf(valueOf(pairs, item.id));
            const name = itemName(item);
            return (
              <li key={item.id} className={styles.row}>
                <span className={styles.grow}>
                  <ItemContent item={item} />
                </span>
                <DropZone id={`slot:${item.id}`} className={mergeClasses(styles.gap, current && styles.gapFilled)}>
                  {current?.image && <ItemContent item={{ image: current.image }} />}
                  <Select
                    className={styles.gapSelect}
                    aria-label={t("dnd.match.matchOf", { item: name })}
                    value={current?.id ?? ""}
                    ref={(el: HTMLSelectElement | null) => {
                      if (el) selects.current.set(item.id, el);
                      else selects.current.delete(item.id);
                    }}
                    onChange={(_, data) => pair(item.id, data.value || undefined)}
                  >
                    <option value="">{t("dnd.match.choose")}</option>
                    {matches
                      .filter((m) => !used.has(m.id) || m.id === current?.id)
                      .map((m) => (
                        <option key={m.id} value={m.id}>
                          {itemName(m)}
                        </option>
                      ))}
                  </Select>
                  {current && (
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<Dismiss16Regular />}
                      aria-label={t("dnd.match.remove", { match: itemName(current), item: name })}
                      onClick={() => unpair(item.id)}
                    >
                      {t("dnd.remove")}
                    </Button>
                  )}
                </DropZone>
              </li>
            );
          })}
        </ul>
        <DropZone id="pool" className={styles.zone} role="group" aria-label={groupName(label, t("dnd.match.pool"))}>
          {pool.length === 0 ? (
            <span className={styles.hint}>{t("dnd.match.poolEmpty")}</span>
          ) : (
            pool.map((m) => (
              <DraggableChip key={m.id} id={`match:${m.id}`}>
                <ItemContent item={m} />
              </DraggableChip>
            ))
          )}
        </DropZone>
      </div>
    </DropBoard>
  );
}

function ReadOnly({ question, mode, answer, solution, parts, label }: Props) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const { items, matches } = question.data;
  const review = mode === "review";
  const matchOf = (id: string | undefined): StudentItem | undefined => (solution?.matches ?? matches).find((m) => m.id === id);
  const rightOf = (itemId: string) => matchOf(solution?.items.find((i) => i.id === itemId)?.matchId);
  // Projection shows the right pairs when revealed, else whatever answer it was given (usually none).
  const shown = (itemId: string) => (!review && solution ? rightOf(itemId) : matchOf(valueOf(answer?.pairs, itemId)));

  return (
    <div className={mergeClasses(styles.root, !review && styles.large)} role="group" aria-label={label}>
      {!review && solution && <p className={styles.caption}>{t("review.correctAnswer")}</p>}
      <ul className={styles.rows}>
        {items.map((item) => {
          const value = shown(item.id);
          const correct = review ? partResult(parts, item.id) : undefined;
          const rightMatch = review && correct !== true ? rightOf(item.id) : undefined;
          const right = rightMatch && rightMatch.id !== value?.id ? rightMatch : undefined;
          return (
            <li key={item.id} className={styles.row}>
              <span className={styles.grow}>
                <ItemContent item={item} />
              </span>
              <span className={mergeClasses(styles.gap, value && styles.gapFilled)}>
                <span className={styles.srOnly}>{t("dnd.match.matchOf", { item: itemName(item) })}: </span>
                {value ? <ItemContent item={value} /> : review ? <span>{t("review.noAnswer")}</span> : <span aria-hidden>…</span>}
              </span>
              <ReviewMark correct={correct} />
              {right && (
                <RightAnswer>
                  <ItemContent item={right} />
                </RightAnswer>
              )}
            </li>
          );
        })}
      </ul>
      {!review && !solution && (
        <div className={styles.zone} role="group" aria-label={groupName(label, t("dnd.match.pool"))}>
          {matches.map((m) => (
            <StaticChip key={m.id}>
              <ItemContent item={m} />
            </StaticChip>
          ))}
        </div>
      )}
    </div>
  );
}

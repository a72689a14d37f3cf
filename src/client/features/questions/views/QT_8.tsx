import { Button, mergeClasses, Select } from "@fluentui/react-components";
import { Dismiss16Regular } from "@fluentui/react-icons";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { clozeGapIds, clozeSegments } from "../../../../contracts/questions-base";
import {
  DraggableChip, DropBoard, DropZone, groupName, isInteractive, RightAnswer, StaticChip, valueOf, withoutKey, withoutValue,
} from "./dnd-board";
import { useDndStyles } from "./dnd-styles";
import { MathText } from "./MathText";
import { partResult, ReviewMark } from "./parts";
import type { QuestionViewProps } from "./types";

/*
 * Cloze drag and drop (QT_8): a text with gaps and a bank of word tokens. A token is dragged into a
 * gap, or chosen in the gap's select (the keyboard way); it leaves the bank unless the question
 * lets tokens be reused. Answer: { gaps: { gapId: tokenId } }.
 */

type Props = QuestionViewProps<"QT_8">;

export default function ClozeDragDropView(props: Props) {
  return isInteractive(props.mode) ? <Answering {...props} /> : <ReadOnly {...props} />;
}

function Answering({ question, answer, onAnswer, label }: Props) {
  const { t } = useTranslation("questions");
  const styles = useDndStyles();
  const { text, tokens, reuseTokens } = question.data;
  const gapIds = clozeGapIds(text);
  const gaps = answer?.gaps ?? {};
  const used = new Set(Object.values(gaps));
  const free = (id: string) => reuseTokens || !used.has(id);
  const selects = useRef(new Map<string, HTMLSelectElement>());

  const tokenText = (id: string) => tokens.find((tk) => tk.id === id)?.text ?? "";
  const gapNumber = (id: string) => gapIds.indexOf(id) + 1;

  const place = (gapId: string, tokenId: string | undefined) => {
    if (!tokenId) return onAnswer?.({ gaps: withoutKey(gaps, gapId) });
    const rest = reuseTokens ? gaps : withoutValue(gaps, tokenId);
    onAnswer?.({ gaps: { ...rest, [gapId]: tokenId } });
  };
  const remove = (gapId: string) => {
    place(gapId, undefined);
    selects.current.get(gapId)?.focus();
  };

  const nameOf = (id: string) => {
    if (id.startsWith("token:")) return tokenText(id.slice("token:".length));
    if (id.startsWith("gap:")) return t("dnd.cloze.gap", { n: gapNumber(id.slice("gap:".length)) });
    return t("dnd.cloze.bank");
  };
  const onDrop = (dragId: string, zoneId: string) => {
    if (zoneId.startsWith("gap:")) place(zoneId.slice(4), dragId.slice("token:".length));
  };

  const bank = tokens.filter((tk) => free(tk.id));
  return (
    <DropBoard nameOf={nameOf} onDrop={onDrop}>
      <div className={styles.root} role="group" aria-label={label}>
        <p className={styles.hint}>{t("dnd.cloze.hint")}</p>
        <p className={styles.clozeText}>
          {clozeSegments(text).map((seg, i) => {
            if (!("gapId" in seg)) return <MathText key={i} text={seg.text} />;
            const gapId = seg.gapId;
            const current = valueOf(gaps, gapId);
            const n = gapNumber(gapId);
            return (
              <DropZone key={gapId} id={`gap:${gapId}`} as="span" className={mergeClasses(styles.gap, current && styles.gapFilled)}>
                <Select
                  className={styles.gapSelect}
                  aria-label={t("dnd.cloze.gap", { n })}
                  value={current ?? ""}
                  ref={(el: HTMLSelectElement | null) => {
                    if (el) selects.current.set(gapId, el);
                    else selects.current.delete(gapId);
                  }}
                  onChange={(_, data) => place(gapId, data.value || undefined)}
                >
                  <option value="">{t("dnd.cloze.choose")}</option>
                  {tokens
                    .filter((tk) => free(tk.id) || tk.id === current)
                    .map((tk) => (
                      <option key={tk.id} value={tk.id}>
                        {tk.text}
                      </option>
                    ))}
                </Select>
                {current && (
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<Dismiss16Regular />}
                    aria-label={t("dnd.cloze.removeToken", { token: tokenText(current), n })}
                    onClick={() => remove(gapId)}
                  >
                    {t("dnd.remove")}
                  </Button>
                )}
              </DropZone>
            );
          })}
        </p>
        <DropZone id="bank" className={styles.zone} role="group" aria-label={groupName(label, t("dnd.cloze.bank"))}>
          {bank.length === 0 ? (
            <span className={styles.hint}>{t("dnd.cloze.bankEmpty")}</span>
          ) : (
            bank.map((tk) => (
              <DraggableChip key={tk.id} id={`token:${tk.id}`}>
                <MathText text={tk.text} />
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
  const { text, tokens } = question.data;
  const gapIds = clozeGapIds(text);
  const review = mode === "review";
  const tokenText = (id: string | undefined) => (id === undefined ? undefined : (solution?.tokens ?? tokens).find((tk) => tk.id === id)?.text);
  const rightOf = (gapId: string) => tokenText(solution?.gaps.find((g) => g.id === gapId)?.tokenId);
  // Projection shows the right placement when revealed, else whatever answer it was given (usually none).
  const shown = (gapId: string) => (!review && solution ? rightOf(gapId) : tokenText(valueOf(answer?.gaps, gapId)));
  const showBank = !review && !solution;

  return (
    <div className={mergeClasses(styles.root, !review && styles.large)} role="group" aria-label={label}>
      {!review && solution && <p className={styles.caption}>{t("review.correctAnswer")}</p>}
      <p className={styles.clozeText}>
        {clozeSegments(text).map((seg, i) => {
          if (!("gapId" in seg)) return <MathText key={i} text={seg.text} />;
          const gapName = t("dnd.cloze.gap", { n: gapIds.indexOf(seg.gapId) + 1 });
          const value = shown(seg.gapId);
          const correct = review ? partResult(parts, seg.gapId) : undefined;
          const rightText = review && correct !== true ? rightOf(seg.gapId) : undefined;
          const right = rightText !== value ? rightText : undefined;
          return (
            <span key={seg.gapId} className={mergeClasses(styles.gap, value !== undefined && styles.gapFilled)}>
              <span className={styles.srOnly}>{value !== undefined || review ? `${gapName}: ` : gapName}</span>
              {value !== undefined ? <MathText text={value} /> : review ? <span>{t("review.noAnswer")}</span> : <span aria-hidden>…</span>}
              <ReviewMark correct={correct} />
              {right !== undefined && (
                <RightAnswer>
                  <MathText text={right} />
                </RightAnswer>
              )}
            </span>
          );
        })}
      </p>
      {showBank && (
        <div className={styles.zone} role="group" aria-label={groupName(label, t("dnd.cloze.bank"))}>
          {tokens.map((tk) => (
            <StaticChip key={tk.id}>
              <MathText text={tk.text} />
            </StaticChip>
          ))}
        </div>
      )}
    </div>
  );
}

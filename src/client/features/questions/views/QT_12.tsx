import { Button, Field, Select } from "@fluentui/react-components";
import {
  DndContext, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent,
} from "@dnd-kit/core";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LabelGroup, labelMarkers, LabelNumber, LabelOutcome, toneOf, useLabelStyles } from "./media-labels";
import { BANK_ID, DraggableToken, DropZone, labelOfDropId, StaticTokens, TokenBank, type TokenDragData } from "./media-tokens";
import { ZoneImage } from "./media-ZoneImage";
import { partResult } from "./parts";
import type { QuestionViewProps } from "./types";

/*
 * QT_12 label image drag and drop: drag a word from the bank onto a label's numbered box on the
 * image (pointer or dnd-kit's keyboard sensor), or choose it in the label's list ("Etiqueta 1"),
 * the way that needs no dragging. Unless the question reuses tokens, a placed word leaves the bank
 * and the other lists. Answer {labels: {labelId: tokenId}}.
 */

/** The box under the pointer wins; without a pointer (keyboard dragging), the box the word overlaps most. */
const dropCollision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};
export default function LabelImageDragDrop({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_12">) {
  const styles = useLabelStyles();
  const { t } = useTranslation("questions");
  const { image, labels, tokens, reuseTokens } = question.data;
  const [placed, setPlaced] = useState<Record<string, string>>(() => ({ ...answer?.labels }));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const large = mode === "projection";
  const baseId = useId();
  const selectId = (labelId: string) => `${baseId}-${labelId}`;
  const textOf = (id: string | undefined) => (id === undefined ? undefined : (tokens.find((k) => k.id === id) ?? solution?.tokens.find((k) => k.id === id))?.text);
  const numberOf = (labelId: string) => labels.findIndex((l) => l.id === labelId) + 1;

  const announcements = useMemo<Announcements>(() => {
    const word = (data: unknown) => textOf((data as TokenDragData | undefined)?.tokenId) ?? "";
    const labelOf = (overId: string | number) => labelOfDropId(String(overId));
    return {
      onDragStart: ({ active }) => t("media.drag.picked", { word: word(active.data.current) }),
      onDragOver: ({ active, over }) => {
        if (!over) return undefined;
        const labelId = labelOf(over.id);
        return labelId
          ? t("media.drag.over", { word: word(active.data.current), n: numberOf(labelId) })
          : t("media.drag.overBank", { word: word(active.data.current) });
      },
      onDragEnd: ({ active, over }) => {
        const labelId = over ? labelOf(over.id) : null;
        if (labelId) return t("media.drag.dropped", { word: word(active.data.current), n: numberOf(labelId) });
        return over ? t("media.drag.returned", { word: word(active.data.current) }) : t("media.drag.cancelled", { word: word(active.data.current) });
      },
      onDragCancel: ({ active }) => t("media.drag.cancelled", { word: word(active.data.current) }),
    };
    // textOf and numberOf only read the question's data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, tokens, labels]);

  if (mode === "review" || mode === "projection") {
    const given = answer?.labels;
    const rightOf = (id: string) => textOf(solution?.labels.find((l) => l.id === id)?.tokenId);
    const markers = labelMarkers(labels, (id) => ({
      content: mode === "review" ? textOf(given?.[id]) : rightOf(id),
      tone: mode === "review" ? toneOf(partResult(parts, id)) : "neutral",
    }));
    return (
      <LabelGroup label={label} large={large}>
        <ZoneImage image={image} markers={markers} large={large} />
        {mode === "projection" && !solution && (
          <StaticTokens label={t("media.drag.bank")} words={tokens.map((k) => k.text)} />
        )}
        <ol className={styles.list}>
          {labels.map((l, i) => (
            <LabelOutcome
              key={l.id}
              n={i + 1}
              given={mode === "review" ? (textOf(given?.[l.id]) ?? null) : undefined}
              correct={mode === "review" ? partResult(parts, l.id) : undefined}
              right={rightOf(l.id)}
            />
          ))}
        </ol>
      </LabelGroup>
    );
  }

  const commit = (next: Record<string, string>) => {
    setPlaced(next);
    onAnswer?.({ labels: next });
  };
  const place = (labelId: string, tokenId: string | null, from: string | null = null) => {
    const next = { ...placed };
    if (from && from !== labelId) delete next[from];
    if (tokenId === null) delete next[labelId];
    else next[labelId] = tokenId;
    commit(next);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = active.data.current as TokenDragData | undefined;
    if (!data || !over) return;
    const labelId = labelOfDropId(String(over.id));
    if (labelId) place(labelId, data.tokenId, data.from);
    else if (over.id === BANK_ID && data.from) place(data.from, null);
  };

  const used = new Set(Object.values(placed));
  const bank = reuseTokens ? tokens : tokens.filter((k) => !used.has(k.id));
  /** The words a label's list offers: the free ones and its own. */
  const choicesFor = (labelId: string) => (reuseTokens ? tokens : tokens.filter((k) => !used.has(k.id) || placed[labelId] === k.id));

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dropCollision}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("media.drag.instructions") } }}
    >
      <LabelGroup label={label} large={false}>
        <ZoneImage
          image={image}
          markers={labelMarkers(labels, (id) => ({
            content:
              placed[id] === undefined ? undefined : (
                <DraggableToken dragId={`placed:${id}`} data={{ tokenId: placed[id] as string, from: id }} text={textOf(placed[id]) ?? ""} focusable={false} compact />
              ),
          }))}
          wrapZone={(m, inner) => <DropZone labelId={m.id}>{inner}</DropZone>}
        />
        <TokenBank label={t("media.drag.bank")} empty={bank.length === 0}>
          {bank.map((k) => (
            <DraggableToken key={k.id} dragId={`token:${k.id}`} data={{ tokenId: k.id, from: null }} text={k.text} focusable />
          ))}
        </TokenBank>
        <ol className={styles.list}>
          {labels.map((l, i) => {
            const n = i + 1;
            const current = placed[l.id];
            return (
              <li key={l.id} className={styles.row}>
                <LabelNumber n={n} />
                <Field label={t("media.labels.label", { n })} className={styles.control}>
                  <Select id={selectId(l.id)} value={current ?? ""} onChange={(_, d) => place(l.id, d.value === "" ? null : d.value)}>
                    <option value="">{t("media.labels.unassigned")}</option>
                    {choicesFor(l.id).map((k) => (
                      <option key={k.id} value={k.id}>
                        {k.text}
                      </option>
                    ))}
                  </Select>
                </Field>
                {current !== undefined && (
                  <Button appearance="subtle" size="small" onClick={() => {
                      place(l.id, null);
                      // The button goes away with the word: keep the keyboard on this label.
                      document.getElementById(selectId(l.id))?.focus();
                    }}
                    aria-label={t("media.labels.removeFrom", { word: textOf(current), n })}>
                    {t("media.labels.remove")}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      </LabelGroup>
    </DndContext>
  );
}

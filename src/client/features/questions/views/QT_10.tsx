import { Field, Input } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LabelGroup, labelMarkers, LabelNumber, LabelOutcome, toneOf, useLabelStyles } from "./media-labels";
import { ZoneImage } from "./media-ZoneImage";
import { partResult } from "./parts";
import type { QuestionViewProps } from "./types";

/*
 * QT_10 label image text: numbered markers on the image, and one text box per label below
 * ("Etiqueta 1"). Answer {labels: {labelId: text}}; an emptied box leaves its label unanswered.
 */
export default function LabelImageText({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_10">) {
  const styles = useLabelStyles();
  const { t } = useTranslation("questions");
  const { image, labels } = question.data;
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...answer?.labels }));
  const large = mode === "projection";

  if (mode === "review" || mode === "projection") {
    const given = answer?.labels;
    const rightOf = (id: string) => solution?.labels.find((l) => l.id === id)?.answers.join(" / ");
    const markers = labelMarkers(labels, (id) => ({
      content: mode === "review" ? given?.[id] || undefined : rightOf(id),
      tone: mode === "review" ? toneOf(partResult(parts, id)) : "neutral",
    }));
    return (
      <LabelGroup label={label} large={large}>
        <ZoneImage image={image} markers={markers} large={large} />
        <ol className={styles.list}>
          {labels.map((l, i) => (
            <LabelOutcome
              key={l.id}
              n={i + 1}
              given={mode === "review" ? (given?.[l.id] ?? null) : undefined}
              correct={mode === "review" ? partResult(parts, l.id) : undefined}
              right={rightOf(l.id)}
            />
          ))}
        </ol>
      </LabelGroup>
    );
  }

  const change = (id: string, value: string) => {
    const next = { ...values };
    if (value === "") delete next[id];
    else next[id] = value;
    setValues(next);
    onAnswer?.({ labels: next });
  };

  return (
    <LabelGroup label={label} large={false}>
      <ZoneImage image={image} markers={labelMarkers(labels)} />
      <ol className={styles.list}>
        {labels.map((l, i) => (
          <li key={l.id} className={styles.row}>
            <LabelNumber n={i + 1} />
            <Field label={t("media.labels.label", { n: i + 1 })} className={styles.control}>
              <Input value={values[l.id] ?? ""} maxLength={500} onChange={(_, d) => change(l.id, d.value)} />
            </Field>
          </li>
        ))}
      </ol>
    </LabelGroup>
  );
}

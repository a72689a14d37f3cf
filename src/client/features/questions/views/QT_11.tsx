import { Field, Select } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LabelGroup, labelMarkers, LabelNumber, LabelOutcome, toneOf, useLabelStyles } from "./media-labels";
import { ZoneImage } from "./media-ZoneImage";
import { partResult } from "./parts";
import type { QuestionViewProps } from "./types";

/*
 * QT_11 label image dropdown: numbered markers on the image, and per label a list of the
 * question's options ("Etiqueta 1"). Answer {labels: {labelId: optionId}}.
 */
export default function LabelImageDropdown({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_11">) {
  const styles = useLabelStyles();
  const { t } = useTranslation("questions");
  const { image, labels, options } = question.data;
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...answer?.labels }));
  const large = mode === "projection";
  const optionText = (id: string | undefined) => (id === undefined ? undefined : (options.find((o) => o.id === id) ?? solution?.options.find((o) => o.id === id))?.text);

  if (mode === "review" || mode === "projection") {
    const given = answer?.labels;
    const rightOf = (id: string) => optionText(solution?.labels.find((l) => l.id === id)?.optionId);
    const markers = labelMarkers(labels, (id) => ({
      content: mode === "review" ? optionText(given?.[id]) : rightOf(id),
      tone: mode === "review" ? toneOf(partResult(parts, id)) : "neutral",
    }));
    return (
      <LabelGroup label={label} large={large}>
        <ZoneImage image={image} markers={markers} large={large} />
        {mode === "projection" && !solution && (
          <p>
            {t("media.labels.options")}: {options.map((o) => o.text).join(", ")}
          </p>
        )}
        <ol className={styles.list}>
          {labels.map((l, i) => (
            <LabelOutcome
              key={l.id}
              n={i + 1}
              given={mode === "review" ? (optionText(given?.[l.id]) ?? null) : undefined}
              correct={mode === "review" ? partResult(parts, l.id) : undefined}
              right={rightOf(l.id)}
            />
          ))}
        </ol>
      </LabelGroup>
    );
  }

  const change = (id: string, optionId: string) => {
    const next = { ...values };
    if (optionId === "") delete next[id];
    else next[id] = optionId;
    setValues(next);
    onAnswer?.({ labels: next });
  };

  return (
    <LabelGroup label={label} large={false}>
      <ZoneImage image={image} markers={labelMarkers(labels, (id) => ({ content: optionText(values[id]) }))} />
      <ol className={styles.list}>
        {labels.map((l, i) => (
          <li key={l.id} className={styles.row}>
            <LabelNumber n={i + 1} />
            <Field label={t("media.labels.label", { n: i + 1 })} className={styles.control}>
              <Select value={values[l.id] ?? ""} onChange={(_, d) => change(l.id, d.value)}>
                <option value="">{t("media.labels.choose")}</option>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.text}
                  </option>
                ))}
              </Select>
            </Field>
          </li>
        ))}
      </ol>
    </LabelGroup>
  );
}

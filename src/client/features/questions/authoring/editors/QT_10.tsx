import { useTranslation } from "react-i18next";
import { AnswersEditor, MatchingSwitches } from "./edit-answers";
import { ImageZonesEditor, setItemField } from "./edit-labels";
import { Section, strs, useEditorStyles } from "./edit-shared";
import type { EditorProps } from "./types";

/*
 * Label image with text (QT_10): the image, a zone per label, each label's accepted answers, and
 * how typed answers are compared (case, accents).
 */
export default function LabelImageTextEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const labelName = (n: number) => t("editors.labels.label", { n });
  return (
    <div className={styles.root}>
      <ImageZonesEditor
        draft={draft}
        onChange={onChange}
        issues={issues}
        listKey="labels"
        itemLabel={labelName}
        zonesLegend={t("editors.labels.zones")}
        newItem={() => ({ answers: [""] })}
        itemsLegend={t("editors.labels.answers")}
        renderItem={(item, i, name) => (
          <AnswersEditor
            name={name}
            answers={strs(item.answers)}
            onChange={(answers) => onChange(setItemField(draft, "labels", i, "answers", answers))}
            issues={issues}
            path={["labels", i, "answers"]}
            max={20}
          />
        )}
      />
      <Section legend={t("editors.answers.matching")}>
        <MatchingSwitches draft={draft} onChange={onChange} />
      </Section>
    </div>
  );
}

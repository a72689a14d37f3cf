import { Field, Input, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ImageZonesEditor } from "./edit-labels";
import { fieldState, messageUnder, recs, Section, useEditorStyles, withOptional } from "./edit-shared";
import type { EditorProps } from "./types";

/*
 * Click to find (QT_21): the image, a zone per target (students never see them: they click, and
 * the server decides what was hit), and an optional limit of clicks, at least one per target.
 */
export default function ClickToFindEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const targets = recs(draft.targets);
  const maxClicks = typeof draft.maxClicks === "number" ? String(draft.maxClicks) : "";
  const setMaxClicks = (value: string) => {
    const n = Number(value);
    onChange(withOptional(draft, "maxClicks", value.trim() === "" || !Number.isFinite(n) ? undefined : n));
  };
  return (
    <div className={styles.root}>
      <Text size={200} className={styles.note}>
        {t("editors.targets.note")}
      </Text>
      <ImageZonesEditor
        draft={draft}
        onChange={onChange}
        issues={issues}
        listKey="targets"
        itemLabel={(n) => t("editors.targets.target", { n })}
        zonesLegend={t("editors.targets.zones")}
        newItem={() => ({})}
      />
      <Section legend={t("editors.targets.clicks")}>
        <Field
          label={t("editors.targets.maxClicks")}
          hint={t("editors.targets.maxClicksHint", { n: targets.length })}
          {...fieldState(messageUnder(t, issues, "maxClicks"))}
        >
          <Input type="number" inputMode="numeric" min={Math.max(1, targets.length)} max={100} step={1} value={maxClicks} onChange={(_, d) => setMaxClicks(d.value)} />
        </Field>
      </Section>
    </div>
  );
}

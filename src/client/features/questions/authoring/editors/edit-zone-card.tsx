import { Button, Field, Input, makeStyles, Select, Text, tokens } from "@fluentui/react-components";
import { DeleteRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Zone } from "../../../../../contracts/questions";
import { ErrorText } from "./edit-shared";
import { convertZone, FIELDS, withField, type Shape } from "./edit-zones";

/*
 * The keyboard way to place a zone: its shape and its numbers in percent of the image
 * (x, y, width, height of a rectangle; centre and radius of a circle), and a remove button.
 */

const useStyles = makeStyles({
  card: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    borderLeft: `${tokens.strokeWidthThick} solid transparent`,
  },
  selected: { borderLeft: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  numbers: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(7.5rem, 1fr))", gap: tokens.spacingHorizontalS },
  head: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

/** A number input that keeps what is typed (e.g. "12.") and reports each value it can read. */
function PercentInput({ label, value, max, onCommit }: { label: string; value: number; max: number; onCommit: (n: number) => void }) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  return (
    <Field label={label}>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        max={max}
        step={0.1}
        value={text}
        onChange={(_, d) => {
          setText(d.value);
          const n = Number(d.value);
          if (d.value.trim() !== "" && Number.isFinite(n)) {
            setShown(n);
            onCommit(n);
          }
        }}
      />
    </Field>
  );
}

export type ZoneCardProps = {
  /** "Etiqueta 2" */
  name: string;
  zone: Zone;
  selected: boolean;
  error: string | undefined;
  onChange: (zone: Zone) => void;
  onRemove: () => void;
  onSelect: () => void;
};

export function ZoneCard({ name, zone, selected, error, onChange, onRemove, onSelect }: ZoneCardProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const values = zone as unknown as Record<string, number>;
  return (
    <div role="group" aria-label={t("editors.zones.groupName", { name })} className={`${styles.card} ${selected ? styles.selected : ""}`} onFocus={onSelect}>
      <div className={styles.head}>
        <Text weight="semibold">
          {selected ? t("editors.zones.selectedName", { name }) : name}
        </Text>
        <Button icon={<DeleteRegular />} aria-label={t("editors.zones.removeNamed", { name })} onClick={onRemove}>
          {t("editors.zones.remove")}
        </Button>
      </div>
      <div className={styles.numbers}>
        <Field label={t("editors.zones.shape")}>
          <Select value={zone.shape} onChange={(_, d) => onChange(convertZone(zone, d.value as Shape))}>
            <option value="rect">{t("editors.zones.rect")}</option>
            <option value="circle">{t("editors.zones.circle")}</option>
          </Select>
        </Field>
        {FIELDS[zone.shape].map((field) => (
          <PercentInput
            key={`${zone.shape}-${field}`}
            label={t(`editors.zones.fields.${field}`)}
            value={values[field] ?? 0}
            max={field === "r" ? 50 : 100}
            onCommit={(n) => onChange(withField(zone, field, n))}
          />
        ))}
      </div>
      <ErrorText message={error} />
    </div>
  );
}

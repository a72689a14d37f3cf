import { Field, Input, Select } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { defaultPeriods, PERIOD_TYPES } from "../../../contracts/course-settings-base";
import type { Period, PeriodType } from "../../../contracts/course-settings";
import { fieldState, Section, setSetting, useFormStyles, type SectionProps } from "./formParts";

/** Evaluation periods: the type sets how many; each has start and end dates within the course. */
export function PeriodsSection({ values, update, error, onRawInput }: SectionProps) {
  const styles = useFormStyles();
  const { t } = useTranslation("classes");
  const { periods } = values.settings;
  const setItem = (i: number, patch: Partial<Period>) =>
    update((v) => setSetting("periods", { ...v.settings.periods, items: v.settings.periods.items.map((p, j) => (j === i ? { ...p, ...patch } : p)) })(v));
  return (
    <Section legend={t("sections.periods")}>
      <Field label={t("periods.type")} {...fieldState(error("settings.periods.type") ?? error("settings.periods.items"))}>
        <Select
          value={periods.type}
          // A new type splits the course dates again into that many periods.
          onChange={(_, d) => update((v) => setSetting("periods", defaultPeriods(d.value as PeriodType, v.startDate, v.endDate))(v))}
        >
          {PERIOD_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(`periods.types.${p}`)}
            </option>
          ))}
        </Select>
      </Field>
      {periods.items.map((p, i) => {
        const base = `settings.periods.items.${i}`;
        return (
          <Section key={i} sub legend={t("periods.period", { number: i + 1 })}>
            <div className={styles.row}>
              <Field className={styles.rowField} label={t("periods.start")} {...fieldState(error(`${base}.start`))}>
                <Input
                  type="date"
                  value={p.start}
                  onChange={(e, d) => {
                    onRawInput(`${base}.start`, e.target, "date");
                    setItem(i, { start: d.value });
                  }}
                />
              </Field>
              <Field className={styles.rowField} label={t("periods.end")} {...fieldState(error(`${base}.end`))}>
                <Input
                  type="date"
                  value={p.end}
                  onChange={(e, d) => {
                    onRawInput(`${base}.end`, e.target, "date");
                    setItem(i, { end: d.value });
                  }}
                />
              </Field>
            </div>
          </Section>
        );
      })}
    </Section>
  );
}

import { Button, Field, Input, Select } from "@fluentui/react-components";
import { AddRegular, DeleteRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { COURSE_LIMITS, WEEKDAYS } from "../../../contracts/course-settings-base";
import type { ScheduleQuarter, ScheduleSlot, Weekday } from "../../../contracts/course-settings";
import { nextSlot } from "./courseFormModel";
import { fieldState, GroupError, Section, setSetting, useFormStyles, type SectionProps } from "./formParts";

/** Timetable (spec §3 "Schedule"): per quarter, weekday slots with start and end times. */
export function ScheduleSection({ values, update, error, onRawInput }: SectionProps) {
  const styles = useFormStyles();
  const { t } = useTranslation("classes");
  const { quarters } = values.settings.schedule;

  const setQuarter = (qi: number, change: (q: ScheduleQuarter) => ScheduleQuarter) =>
    update((v) =>
      setSetting("schedule", { quarters: v.settings.schedule.quarters.map((q, i) => (i === qi ? change(q) : q)) })(v),
    );
  const setSlot = (qi: number, si: number, patch: Partial<ScheduleSlot>) =>
    setQuarter(qi, (q) => ({ ...q, days: q.days.map((s, j) => (j === si ? { ...s, ...patch } : s)) }));

  return (
    <Section legend={t("sections.schedule")}>
      {quarters.map((quarter, qi) => {
        const quarterNumber = qi + 1;
        const base = `settings.schedule.quarters.${qi}.days`;
        return (
          <Section key={quarter.guid} sub legend={t("schedule.quarter", { number: quarterNumber })}>
            {quarter.days.length === 0 ? <span className={styles.hint}>{t("schedule.noSlots")}</span> : null}
            {quarter.days.map((slot, si) => (
              <div key={slot.guid} className={styles.row} role="group" aria-label={t("schedule.slot", { number: si + 1, quarter: quarterNumber })}>
                <Field className={styles.rowField} label={t("schedule.day")} {...fieldState(error(`${base}.${si}.weekday`))}>
                  <Select value={slot.weekday} onChange={(_, d) => setSlot(qi, si, { weekday: d.value as Weekday })}>
                    {WEEKDAYS.map((w) => (
                      <option key={w} value={w}>
                        {t(`weekdays.${w}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field className={styles.rowField} label={t("schedule.start")} {...fieldState(error(`${base}.${si}.start`))}>
                  <Input
                    type="time"
                    value={slot.start}
                    onChange={(e, d) => {
                      onRawInput(`${base}.${si}.start`, e.target, "time");
                      setSlot(qi, si, { start: d.value });
                    }}
                  />
                </Field>
                <Field className={styles.rowField} label={t("schedule.end")} {...fieldState(error(`${base}.${si}.end`))}>
                  <Input
                    type="time"
                    value={slot.end}
                    onChange={(e, d) => {
                      onRawInput(`${base}.${si}.end`, e.target, "time");
                      setSlot(qi, si, { end: d.value });
                    }}
                  />
                </Field>
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={t("schedule.removeSlot", {
                    day: t(`weekdays.${slot.weekday}`),
                    start: slot.start,
                    end: slot.end,
                    quarter: quarterNumber,
                  })}
                  onClick={() => setQuarter(qi, (q) => ({ ...q, days: q.days.filter((_, j) => j !== si) }))}
                />
              </div>
            ))}
            <GroupError message={error(base)} />
            <div>
              <Button
                icon={<AddRegular />}
                disabled={quarter.days.length >= COURSE_LIMITS.maxSlotsPerQuarter}
                onClick={() => setQuarter(qi, (q) => ({ ...q, days: [...q.days, nextSlot(q)] }))}
              >
                {t("schedule.addSlot", { quarter: quarterNumber })}
              </Button>
            </div>
          </Section>
        );
      })}
    </Section>
  );
}

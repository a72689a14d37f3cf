import { Field, Input, Radio, RadioGroup, Select } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { COURSE_LIMITS, defaultCourseDates } from "../../../contracts/course-settings-base";
import type { CourseKind } from "../../../contracts/course-settings";
import type { Discipline, EducationLevel } from "../../../contracts/reference";
import { withCourseDates } from "./courseFormModel";
import { fieldState, Section, useFormStyles, type SectionProps } from "./formParts";
import { educationName } from "../../i18n/education";

type Props = SectionProps & {
  /** The kinds the school allows; the choice shows only when there are two. */
  kinds: readonly CourseKind[];
  levels: readonly EducationLevel[];
  disciplines: readonly Discipline[];
  schoolYears: readonly string[];
};


/** Kind, name, level and year, subject, school year and course dates. */
export function BasicsSection({ values, update, error, onRawInput, kinds, levels, disciplines, schoolYears }: Props) {
  const styles = useFormStyles();
  const { t } = useTranslation(["classes", "home"]);
  const years = levels.find((l) => l.guid === values.educationLevelGuid)?.years ?? [];
  return (
    <Section legend={t("sections.basics")}>
      {kinds.length > 1 ? (
        <Field label={t("fields.kind")} {...fieldState(error("kind"))}>
          <RadioGroup layout="horizontal" value={values.kind} onChange={(_, d) => update((v) => ({ ...v, kind: d.value as CourseKind }))}>
            {kinds.map((k) => (
              <Radio key={k} value={k} label={t(`kinds.${k}`)} />
            ))}
          </RadioGroup>
        </Field>
      ) : null}
      <Field
        label={t("fields.name")}
        required
        hint={t("fields.nameCounter", { length: values.name.length, max: COURSE_LIMITS.nameMaxChars })}
        {...fieldState(error("name"))}
      >
        <Input
          name="name"
          // Focus starts on the first field (and keeps Tabster's modal trap active around the form).
          autoFocus
          value={values.name}
          maxLength={COURSE_LIMITS.nameMaxChars}
          onChange={(_, d) => update((v) => ({ ...v, name: d.value }))}
        />
      </Field>
      <div className={styles.grid}>
        <Field label={t("fields.level")} required {...fieldState(error("educationLevelGuid"))}>
          <Select
            value={values.educationLevelGuid}
            onChange={(_, d) => {
              const level = levels.find((l) => l.guid === d.value);
              // The year list follows the level; a level with one year chooses it.
              const only = level?.years.length === 1 ? (level.years[0]?.guid ?? "") : "";
              update((v) => ({ ...v, educationLevelGuid: d.value, educationYearGuid: only }));
            }}
          >
            <option value="" disabled>
              {t("fields.choose")}
            </option>
            {levels.map((l) => (
              <option key={l.guid} value={l.guid}>
                {educationName(l.level, t)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("fields.year")} required {...fieldState(error("educationYearGuid"))}>
          <Select
            value={values.educationYearGuid}
            disabled={years.length === 0}
            onChange={(_, d) => update((v) => ({ ...v, educationYearGuid: d.value }))}
          >
            <option value="" disabled>
              {t(years.length === 0 ? "fields.chooseLevelFirst" : "fields.choose")}
            </option>
            {years.map((y) => (
              <option key={y.guid} value={y.guid}>
                {educationName(y.year, t)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("fields.subject")} required {...fieldState(error("disciplineGuid"))}>
          <Select value={values.disciplineGuid} onChange={(_, d) => update((v) => ({ ...v, disciplineGuid: d.value }))}>
            <option value="" disabled>
              {t("fields.choose")}
            </option>
            {disciplines.map((d) => (
              <option key={d.guid} value={d.guid}>
                {t(`home:disciplines.${d.code}`, { defaultValue: d.name })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("fields.schoolYear")} required {...fieldState(error("schoolYear"))}>
          <Select
            value={values.schoolYear}
            onChange={(_, d) => {
              const dates = defaultCourseDates(d.value);
              update((v) => withCourseDates({ ...v, schoolYear: d.value }, dates.startDate, dates.endDate));
            }}
          >
            {schoolYears.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("fields.startDate")} required {...fieldState(error("startDate"))}>
          <Input
            type="date"
            value={values.startDate}
            onChange={(e, d) => {
              onRawInput("startDate", e.target, "date");
              update((v) => withCourseDates(v, d.value, v.endDate));
            }}
          />
        </Field>
        <Field label={t("fields.endDate")} required {...fieldState(error("endDate"))}>
          <Input
            type="date"
            value={values.endDate}
            onChange={(e, d) => {
              onRawInput("endDate", e.target, "date");
              update((v) => withCourseDates(v, v.startDate, d.value));
            }}
          />
        </Field>
      </div>
    </Section>
  );
}

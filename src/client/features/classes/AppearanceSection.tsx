import { Field, Radio, RadioGroup } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { COURSE_COLORS, COURSE_ICONS } from "../../../contracts/course-settings-base";
import type { CourseIcon } from "../../../contracts/course-settings";
import { COURSE_COLOR_NAMES, COURSE_ICON_GLYPHS } from "./courseLook";
import { fieldState, Section, useFormStyles, type SectionProps } from "./formParts";

/** Colour and icon of the class card: swatches and pictures, each radio named ("Blue", "Calculator"). */
export function AppearanceSection({ values, update, error }: SectionProps) {
  const styles = useFormStyles();
  const { t } = useTranslation("classes");
  return (
    <Section legend={t("sections.appearance")}>
      <Field label={t("fields.color")} {...fieldState(error("color"))}>
        <RadioGroup layout="horizontal" className={styles.swatches} value={values.color.toUpperCase()} onChange={(_, d) => update((v) => ({ ...v, color: d.value }))}>
          {COURSE_COLORS.map((c) => (
            <Radio
              key={c}
              value={c}
              label={
                <>
                  <span className={styles.swatch} style={{ backgroundColor: c }} aria-hidden="true" />
                  <span className={styles.visuallyHidden}>{t(`colors.${COURSE_COLOR_NAMES[c]}`)}</span>
                </>
              }
            />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t("fields.icon")} {...fieldState(error("icon"))}>
        <RadioGroup layout="horizontal" className={styles.swatches} value={values.icon} onChange={(_, d) => update((v) => ({ ...v, icon: d.value as CourseIcon }))}>
          {COURSE_ICONS.map((i) => {
            const Glyph = COURSE_ICON_GLYPHS[i];
            return (
              <Radio
                key={i}
                value={i}
                label={
                  <>
                    <Glyph className={styles.glyph} aria-hidden="true" />
                    <span className={styles.visuallyHidden}>{t(`icons.${i}`)}</span>
                  </>
                }
              />
            );
          })}
        </RadioGroup>
      </Field>
    </Section>
  );
}

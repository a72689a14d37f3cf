import { Field, Radio, RadioGroup, Switch, Text } from "@fluentui/react-components";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DEVICE_MODES, STREAM_PERMISSIONS, TEACHING_MODELS } from "../../../contracts/course-settings-base";
import type { DeviceMode, StreamPermission, TeachingModel } from "../../../contracts/course-settings";
import { fieldState, Section, setSetting, useFormStyles, type SectionProps } from "./formParts";

/** One radio with a short description read after its name. */
function DescribedRadio({ value, label, description }: { value: string; label: string; description: string }) {
  const styles = useFormStyles();
  const id = useId();
  return (
    <div className={styles.option}>
      <Radio value={value} label={label} input={{ "aria-describedby": id }} />
      <Text id={id} size={200} className={styles.optionDescription}>
        {description}
      </Text>
    </div>
  );
}

/** Teaching model (its look), devices, stream permissions, Q&A in lessons and gamification. */
export function TeachingSection({ values, update, error, gamifiedEdition }: SectionProps & { gamifiedEdition: boolean }) {
  const styles = useFormStyles();
  const { t } = useTranslation("classes");
  const { settings } = values;
  return (
    <Section legend={t("sections.teaching")}>
      <Field label={t("fields.teachingModel")} {...fieldState(error("settings.teachingModel"))}>
        <RadioGroup
          className={styles.options}
          value={settings.teachingModel}
          onChange={(_, d) => update(setSetting("teachingModel", d.value as TeachingModel))}
        >
          {TEACHING_MODELS.map((m) => (
            <DescribedRadio key={m} value={m} label={t(`teachingModels.${m}.name`)} description={t(`teachingModels.${m}.description`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t("fields.devices")} {...fieldState(error("settings.devices"))}>
        <RadioGroup value={settings.devices} onChange={(_, d) => update(setSetting("devices", d.value as DeviceMode))}>
          {DEVICE_MODES.map((m) => (
            <DescribedRadio key={m} value={m} label={t(`devices.${m}.name`)} description={t(`devices.${m}.description`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t("fields.streamPermission")} {...fieldState(error("settings.streamPermission"))}>
        <RadioGroup
          value={settings.streamPermission}
          onChange={(_, d) => update(setSetting("streamPermission", d.value as StreamPermission))}
        >
          {STREAM_PERMISSIONS.map((p) => (
            <Radio key={p} value={p} label={t(`streamPermissions.${p}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Switch
        checked={settings.lessonQuestions}
        label={t("fields.lessonQuestions")}
        onChange={(_, d) => update(setSetting("lessonQuestions", d.checked))}
      />
      {gamifiedEdition ? (
        <Switch
          checked={settings.gamification}
          label={t("fields.gamification")}
          onChange={(_, d) => update(setSetting("gamification", d.checked))}
        />
      ) : null}
    </Section>
  );
}

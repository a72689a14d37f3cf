import { Checkbox, Field, Input, Radio, RadioGroup } from "@fluentui/react-components";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PUBLICATION_STATUSES } from "../../../../contracts/lessons-base";
import type { PublicationStatus } from "../../../../contracts/lessons";
import type { ItemSettingsDraft } from "../lessonRules";

export type PublicationFieldsProps = {
  draft: ItemSettingsDraft;
  onChange: (change: Partial<ItemSettingsDraft>) => void;
  /** Translated field errors (publishAt, dueAt). */
  errors: Record<string, string | undefined>;
  showDueAt: boolean;
  showAllowDownload: boolean;
  disabled?: boolean;
};

/** The general settings every item has: publication status (with its date) and the type's settings. */
export function PublicationFields({ draft, onChange, errors, showDueAt, showAllowDownload, disabled }: PublicationFieldsProps) {
  const { t } = useTranslation("lesson");
  const name = useId();
  return (
    <>
      <Field label={t("settings.status")}>
        <RadioGroup
          name={name}
          value={draft.status}
          disabled={disabled}
          onChange={(_, data) => onChange({ status: data.value as PublicationStatus })}
        >
          {PUBLICATION_STATUSES.map((status) => (
            <Radio key={status} value={status} label={t(`status.${status}`)} />
          ))}
        </RadioGroup>
      </Field>
      {draft.status === "scheduled" ? (
        <Field
          label={t("settings.publishAt")}
          required
          validationMessage={errors.publishAt}
          validationState={errors.publishAt ? "error" : "none"}
        >
          <Input
            type="datetime-local"
            value={draft.publishAt}
            disabled={disabled}
            onChange={(_, data) => onChange({ publishAt: data.value })}
          />
        </Field>
      ) : null}
      {showDueAt ? (
        <Field label={t("settings.dueAt")} validationMessage={errors.dueAt} validationState={errors.dueAt ? "error" : "none"}>
          <Input type="datetime-local" value={draft.dueAt} disabled={disabled} onChange={(_, data) => onChange({ dueAt: data.value })} />
        </Field>
      ) : null}
      {showAllowDownload ? (
        <Checkbox
          label={t("settings.allowDownload")}
          checked={draft.allowDownload}
          disabled={disabled}
          onChange={(_, data) => onChange({ allowDownload: data.checked === true })}
        />
      ) : null}
    </>
  );
}

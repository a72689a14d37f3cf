import { Button, Field, Radio, RadioGroup, Textarea } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GAMIFICATION_LIMITS } from "../../../contracts/gamification-base";
import type { Ranking } from "../../../contracts/gamification";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { useNotify } from "../../ui/toast";
import { useAwardMedalMutation } from "./gamificationApi";

export type AwardMedalDialogProps = {
  courseGuid: string;
  student: { guid: string; name: string };
  medals: Ranking["manualMedals"];
  onClose: () => void;
};

type Errors = { medal?: string; reason?: string; submit?: string };

/** What the form lacks, in the teacher's words (the server checks the same: TeacherMedalCreateSchema). */
export function awardErrors(medalId: string, reason: string): { medal?: "medalRequired"; reason?: "reasonRequired" | "reasonTooLong" } {
  const text = reason.trim();
  return {
    ...(medalId ? {} : { medal: "medalRequired" as const }),
    ...(text.length === 0 ? { reason: "reasonRequired" as const } : text.length > GAMIFICATION_LIMITS.reasonMaxChars ? { reason: "reasonTooLong" as const } : {}),
  };
}

/** A teacher gives one of the edition's manual medals to a student, with a reason the student reads. */
export function AwardMedalDialog({ courseGuid, student, medals, onClose }: AwardMedalDialogProps) {
  const { t } = useTranslation("gamification");
  const notify = useNotify();
  const [medalId, setMedalId] = useState(medals[0]?.id ?? "");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [award, { isLoading }] = useAwardMedalMutation();
  const max = GAMIFICATION_LIMITS.reasonMaxChars;

  const send = async () => {
    const found = awardErrors(medalId, reason);
    const shown: Errors = {
      ...(found.medal ? { medal: t(`teacher.${found.medal}`) } : {}),
      ...(found.reason ? { reason: t(`teacher.${found.reason}`, { max }) } : {}),
    };
    setErrors(shown);
    if (shown.medal || shown.reason) return;
    try {
      await award({ courseGuid, studentGuid: student.guid, medalId, reason: reason.trim() }).unwrap();
      notify({ intent: "success", title: t("teacher.awarded", { name: student.name }) });
      onClose();
    } catch (error) {
      setErrors({ submit: errorMessage(t, error) });
    }
  };

  return (
    <ModalDialog
      open
      size="small"
      onClose={onClose}
      title={t("teacher.awardTo", { name: student.name })}
      actions={
        <>
          <Button onClick={onClose}>{t("teacher.cancel")}</Button>
          <Button appearance="primary" disabled={isLoading} onClick={() => void send()}>
            {t("teacher.send")}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Field label={t("teacher.medal")} required validationMessage={errors.medal} validationState={errors.medal ? "error" : "none"}>
          <RadioGroup value={medalId} onChange={(_, data) => setMedalId(data.value)}>
            {medals.map((m) => (
              <Radio
                key={m.id}
                value={m.id}
                label={
                  <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
                    <img src={m.imageUrl} alt="" width={24} height={24} />
                    {m.name}
                  </span>
                }
              />
            ))}
          </RadioGroup>
        </Field>
        <Field
          label={t("teacher.reason")}
          required
          hint={t("teacher.reasonHint", { max })}
          validationMessage={errors.reason ?? errors.submit}
          validationState={errors.reason || errors.submit ? "error" : "none"}
        >
          <Textarea value={reason} maxLength={max} resize="vertical" onChange={(_, data) => setReason(data.value)} />
        </Field>
      </form>
    </ModalDialog>
  );
}

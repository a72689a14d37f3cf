import { Button } from "@fluentui/react-components";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../../contracts/limits";
import { errorKeyOf } from "../../../app/apiResult";
import { ModalDialog } from "../../../ui/ModalDialog";
import { useNotify } from "../../../ui/toast";
import { useChangePasswordMutation } from "../authApi";
import { problemsFromServer } from "../authErrors";
import { useFieldFocus } from "../hooks";
import { checkNewPassword, checkRepeat, checkRequired, firstInvalid, hasProblems, type FieldProblems } from "../validation";
import { AuthField } from "./AuthField";
import { AuthForm } from "./AuthLayout";
import { PasswordInput } from "./PasswordInput";
import { SubmitButton } from "./SubmitButton";

type ChangeField = "currentPassword" | "newPassword" | "repeat";
const ORDER: readonly ChangeField[] = ["currentPassword", "newPassword", "repeat"];
const EMPTY: Record<ChangeField, string> = { currentPassword: "", newPassword: "", repeat: "" };
const SERVER_MESSAGES = {
  currentPassword: { key: "errors:CURRENT_PASSWORD_INCORRECT" },
  newPassword: { key: "validation.passwordTooShort", values: { length: LIMITS.passwordMinChars } },
  repeat: { key: "validation.passwordMismatch" },
};

type Props = { open: boolean; onClose: () => void };

/** Changes the signed-in user's password (spec §8 account messages). */
export function ChangePasswordDialog({ open, onClose }: Props) {
  const { t } = useTranslation("auth");
  const notify = useNotify();
  const [change] = useChangePasswordMutation();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<FieldProblems<ChangeField>>({});
  const [loading, setLoading] = useState(false);
  const { refFor, focus } = useFieldFocus<ChangeField>();
  const formId = useId();
  const set = (field: ChangeField) => (_: unknown, d: { value: string }) => setValues((v) => ({ ...v, [field]: d.value }));

  // Reset here rather than on open, so every opening starts blank without an effect.
  const close = () => {
    setValues(EMPTY);
    setProblems({});
    setLoading(false);
    onClose();
  };

  const showProblems = (found: FieldProblems<ChangeField>) => {
    setProblems(found);
    focus(firstInvalid(ORDER, found));
  };

  const submit = async () => {
    if (loading) return;
    const found = {
      currentPassword: checkRequired(values.currentPassword),
      newPassword: checkNewPassword(values.newPassword),
      repeat: checkRepeat(values.newPassword, values.repeat),
    };
    if (hasProblems(found)) return showProblems(found);
    setProblems({});
    setLoading(true);
    try {
      await change({ currentPassword: values.currentPassword, newPassword: values.newPassword }).unwrap();
      notify({ intent: "success", title: t("changePassword.success") });
      close();
    } catch (error) {
      setLoading(false);
      const key = errorKeyOf(error);
      const onFields =
        key === "CURRENT_PASSWORD_INCORRECT" ? { currentPassword: SERVER_MESSAGES.currentPassword } : problemsFromServer(error, SERVER_MESSAGES);
      if (hasProblems(onFields)) showProblems(onFields);
      else notify({ intent: "error", title: t(key === "RATE_LIMITED" ? "errors:RATE_LIMITED" : "errors:PASSWORD_CHANGE_FAILED") });
    }
  };

  return (
    <ModalDialog
      open={open}
      onClose={close}
      size="s"
      title={t("changePassword.title")}
      actions={
        <>
          <Button onClick={close}>{t("changePassword.cancel")}</Button>
          <SubmitButton loading={loading} form={formId}>
            {t("changePassword.submit")}
          </SubmitButton>
        </>
      }
    >
      <AuthForm id={formId} onSubmit={() => void submit()}>
        <AuthField label={t("fields.currentPassword")} problem={problems.currentPassword}>
          <PasswordInput ref={refFor("currentPassword")} name="currentPassword" autoComplete="current-password" value={values.currentPassword} onChange={set("currentPassword")} />
        </AuthField>
        <AuthField label={t("fields.newPassword")} problem={problems.newPassword} hint={t("fields.passwordHint", { length: LIMITS.passwordMinChars })}>
          <PasswordInput ref={refFor("newPassword")} name="newPassword" autoComplete="new-password" value={values.newPassword} onChange={set("newPassword")} />
        </AuthField>
        <AuthField label={t("fields.repeatNewPassword")} problem={problems.repeat}>
          <PasswordInput ref={refFor("repeat")} name="repeatNewPassword" autoComplete="new-password" value={values.repeat} onChange={set("repeat")} />
        </AuthField>
      </AuthForm>
    </ModalDialog>
  );
}

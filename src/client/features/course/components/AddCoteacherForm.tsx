import { Button, Field, Input, makeStyles, tokens } from "@fluentui/react-components";
import { PersonAddRegular } from "@fluentui/react-icons";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { COURSE_LIMITS, FORM_RULES } from "../../../../contracts/course-settings-base";
import { errorKeyOf } from "../../../app/apiResult";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { useAddCoteacherMutation } from "../courseApi";
import { fullName } from "./format";

/** The shared e-mail rule (zod) loads when the teacher starts typing, not with the class page (ADR 0028). */
const loadRule = () => import(/* webpackChunkName: "course-coteacher-rule" */ "../../../../contracts/course-settings").then((m) => m.AddCoteacherSchema);

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  actions: { display: "flex", justifyContent: "flex-end" },
});

/** The class's teacher adds a co-teacher by e-mail; refusals show under the field. */
export function AddCoteacherForm({ courseGuid }: { courseGuid: string }) {
  const styles = useStyles();
  const { t } = useTranslation(["course", "common", "errors"]);
  const notify = useNotify();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [add, adding] = useAddCoteacherMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schema = await loadRule().catch(() => undefined);
    if (!schema) {
      setError(t("errors:NETWORK_ERROR"));
      return;
    }
    const parsed = schema.safeParse({ email });
    if (!parsed.success) {
      const rule = parsed.error.issues[0]?.message ?? FORM_RULES.required;
      // The shared rule for a malformed address is "invalid choice"; say what is wrong here.
      setError(rule === FORM_RULES.invalidChoice ? t("members.add.invalidEmail") : t(`common:form.${rule}`, { count: COURSE_LIMITS.coteacherEmailMaxChars }));
      return;
    }
    const result = await add({ guid: courseGuid, email: parsed.data.email });
    if ("error" in result) {
      setError(errorKeyOf(result.error) === "USER_NOT_FOUND" ? t("members.add.userNotFound") : errorMessage(t, result.error));
      return;
    }
    setEmail("");
    setError(undefined);
    notify({ intent: "success", title: t("members.add.added", { name: fullName(result.data) }) });
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={t("members.add.label")}
        hint={t("members.add.hint")}
        validationMessage={error}
        validationState={error ? "error" : "none"}
        required
      >
        <Input
          type="email"
          autoComplete="off"
          value={email}
          onFocus={() => void loadRule()}
          onChange={(_, data) => {
            setEmail(data.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" icon={<PersonAddRegular />} disabled={adding.isLoading}>
          {t("members.add.submit")}
        </Button>
      </div>
    </form>
  );
}

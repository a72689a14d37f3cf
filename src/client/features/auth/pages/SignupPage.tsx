import { Radio, RadioGroup } from "@fluentui/react-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SignupRole } from "../../../../contracts/auth";
import { LIMITS } from "../../../../contracts/limits";
import { errorKeyOf } from "../../../app/apiResult";
import { toLanguage } from "../../../i18n";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { signup } from "../authCalls";
import { problemsFromServer } from "../authErrors";
import { AuthField } from "../components/AuthField";
import { AuthForm, AuthLayout, AuthLinks } from "../components/AuthLayout";
import { PasswordInput } from "../components/PasswordInput";
import { RouteLink } from "../components/RouteLink";
import { SubmitButton } from "../components/SubmitButton";
import { TextInput } from "../components/TextInput";
import { useFieldFocus, useMountedRef, useStartSession } from "../hooks";
import {
  checkDateOfBirth,
  checkEmail,
  checkName,
  checkNewPassword,
  checkRepeat,
  firstInvalid,
  hasProblems,
  type FieldProblem,
  type FieldProblems,
} from "../validation";

type SignupField = "firstName" | "lastName" | "email" | "dateOfBirth" | "password" | "repeat" | "role";
const ORDER: readonly SignupField[] = ["firstName", "lastName", "email", "dateOfBirth", "password", "repeat", "role"];
type Values = Record<Exclude<SignupField, "role">, string> & { role: SignupRole | "" };
const EMPTY: Values = { firstName: "", lastName: "", email: "", dateOfBirth: "", password: "", repeat: "", role: "" };
const ROLE_CHOICES: readonly SignupRole[] = ["teacher", "student"];
const isRole = (v: string): v is SignupRole => (ROLE_CHOICES as readonly string[]).includes(v);

/** What each field says when the server rejects it (VALIDATION_ERROR details, spec §5). */
const SERVER_MESSAGES: Record<SignupField, FieldProblem> = {
  firstName: { key: "validation.maxChars", values: { count: LIMITS.nameMaxChars } },
  lastName: { key: "validation.maxChars", values: { count: LIMITS.nameMaxChars } },
  email: { key: "validation.emailInvalid" },
  dateOfBirth: { key: "validation.dateInvalid" },
  password: { key: "validation.passwordTooShort", values: { length: LIMITS.passwordMinChars } },
  repeat: { key: "validation.passwordMismatch" },
  role: { key: "validation.roleRequired" },
};

function validate(v: Values): FieldProblems<SignupField> {
  return {
    firstName: checkName(v.firstName),
    lastName: checkName(v.lastName),
    email: checkEmail(v.email),
    dateOfBirth: checkDateOfBirth(v.dateOfBirth),
    password: checkNewPassword(v.password),
    repeat: checkRepeat(v.password, v.repeat),
    role: v.role ? undefined : { key: "validation.roleRequired" },
  };
}

/** Today as YYYY-MM-DD: the latest date of birth the date picker offers. */
const today = () => new Date().toISOString().slice(0, 10);

/** /auth/signup: creates an account and signs in (spec §2 'The login page offers signup', §5). */
export function SignupPage() {
  const { t, i18n } = useTranslation("auth");
  const notify = useNotify();
  const startSession = useStartSession();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<FieldProblems<SignupField>>({});
  const [loading, setLoading] = useState(false);
  const { refFor, focus } = useFieldFocus<SignupField>();
  const mounted = useMountedRef();
  const set = (field: Exclude<SignupField, "role">) => (_: unknown, d: { value: string }) => setValues((v) => ({ ...v, [field]: d.value }));

  const chooseRole = (role: string) => {
    if (isRole(role)) setValues((v) => ({ ...v, role }));
  };

  const showProblems = (found: FieldProblems<SignupField>) => {
    setProblems(found);
    focus(firstInvalid(ORDER, found));
  };

  const submit = async () => {
    if (loading) return;
    const found = validate(values);
    const { role } = values;
    if (hasProblems(found) || !role) return showProblems(found);
    setProblems({});
    setLoading(true);
    try {
      const session = await signup({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        dateOfBirth: values.dateOfBirth,
        locale: toLanguage(i18n.language),
        role,
      });
      startSession(session, "/home");
    } catch (error) {
      if (!mounted.current) return;
      setLoading(false);
      const key = errorKeyOf(error);
      // Problems with one field are shown on that field; the rest in a toast.
      const onFields: FieldProblems<SignupField> =
        key === "USER_ALREADY_EXISTS" ? { email: { key: "errors:USER_ALREADY_EXISTS" } } : problemsFromServer(error, SERVER_MESSAGES);
      if (hasProblems(onFields)) showProblems(onFields);
      else notify({ intent: "error", title: errorMessage(t, error) });
    }
  };

  return (
    <AuthLayout title={t("signup.title")}>
      <AuthForm onSubmit={() => void submit()}>
        <AuthField label={t("fields.firstName")} problem={problems.firstName}>
          <TextInput ref={refFor("firstName")} name="firstName" autoComplete="given-name" value={values.firstName} onChange={set("firstName")} />
        </AuthField>
        <AuthField label={t("fields.lastName")} problem={problems.lastName}>
          <TextInput ref={refFor("lastName")} name="lastName" autoComplete="family-name" value={values.lastName} onChange={set("lastName")} />
        </AuthField>
        <AuthField label={t("fields.email")} problem={problems.email}>
          <TextInput ref={refFor("email")} type="email" name="email" autoComplete="email" inputMode="email" value={values.email} onChange={set("email")} />
        </AuthField>
        <AuthField label={t("fields.dateOfBirth")} problem={problems.dateOfBirth} hint={t("fields.dateOfBirthHint")}>
          <TextInput ref={refFor("dateOfBirth")} type="date" name="dateOfBirth" autoComplete="bday" max={today()} value={values.dateOfBirth} onChange={set("dateOfBirth")} />
        </AuthField>
        <AuthField label={t("fields.password")} problem={problems.password} hint={t("fields.passwordHint", { length: LIMITS.passwordMinChars })}>
          <PasswordInput ref={refFor("password")} name="password" autoComplete="new-password" value={values.password} onChange={set("password")} />
        </AuthField>
        <AuthField label={t("fields.repeatPassword")} problem={problems.repeat}>
          <PasswordInput ref={refFor("repeat")} name="repeatPassword" autoComplete="new-password" value={values.repeat} onChange={set("repeat")} />
        </AuthField>
        <AuthField label={t("fields.role")} problem={problems.role}>
          <RadioGroup value={values.role} onChange={(_, d) => chooseRole(d.value)}>
            <Radio ref={refFor("role")} value="teacher" label={t("fields.roleTeacher")} />
            <Radio value="student" label={t("fields.roleStudent")} />
          </RadioGroup>
        </AuthField>
        <SubmitButton loading={loading}>{t("signup.submit")}</SubmitButton>
      </AuthForm>
      <AuthLinks>
        <RouteLink to="/auth/login">{t("signup.haveAccount")}</RouteLink>
      </AuthLinks>
    </AuthLayout>
  );
}

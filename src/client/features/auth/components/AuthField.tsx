import { Field } from "@fluentui/react-components";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import type { FieldProblem } from "../validation";

type Props = {
  label: string;
  problem: FieldProblem | undefined;
  required?: boolean;
  hint?: string;
  children: ReactElement;
};

/**
 * A labelled Field whose translated problem becomes its validation message; Field links the
 * message (and hint) to the control with aria-describedby and marks it aria-invalid.
 */
export function AuthField({ label, problem, required = true, hint, children }: Props) {
  const { t } = useTranslation("auth");
  return (
    <Field label={label} required={required} hint={hint} validationMessage={problem ? t(problem.key, problem.values) : undefined}>
      {children}
    </Field>
  );
}

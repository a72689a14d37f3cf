import { DiamondDismiss12Filled } from "@fluentui/react-icons";
import { cloneElement, useId, type ReactElement } from "react";
import { useTranslation } from "react-i18next";
import type { FieldProblem } from "../validation";
import "./auth.css";

type Props = {
  label: string;
  problem: FieldProblem | undefined;
  required?: boolean;
  hint?: string;
  children: ReactElement;
};

/** The props AuthField gives its control (Fluent's Field gives the same ones). */
type ControlProps = {
  id?: string;
  required?: boolean;
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling";
  "aria-required"?: boolean | "true" | "false";
};

const LABELABLE_TAGS = new Set(["input", "select", "textarea"]);

/** Whether `<label for>` names the control: a native one, or a component marked `labelable` (TextInput). */
function isLabelable(type: ReactElement["type"]): boolean {
  if (typeof type === "string") return LABELABLE_TAGS.has(type);
  return (type as { labelable?: unknown }).labelable === true;
}

/**
 * A labelled field whose translated problem becomes its validation message, with the markup and
 * accessibility of Fluent's Field (our own, styled in auth.css, so Field, Label and Input stay off
 * the sign-in route's first load): the label names the control (`for`, or `aria-labelledby` for a
 * control such as a RadioGroup that a label cannot name), the message and hint describe it
 * (`aria-describedby`, message first), a problem marks it `aria-invalid` and is announced
 * (`role="alert"`, as Field does for its error state), and a required field is `required` (or
 * `aria-required` where the control is not a native input) with the label's hidden asterisk.
 */
export function AuthField({ label, problem, required = true, hint, children }: Props) {
  const { t } = useTranslation("auth");
  const baseId = useId();
  const control = children as ReactElement<ControlProps>;
  const own = control.props;
  const labelable = isLabelable(control.type);
  const controlId = own.id ?? `${baseId}control`;
  const labelId = `${baseId}label`;
  const message = problem ? t(problem.key, problem.values) : undefined;
  const messageId = message ? `${baseId}message` : undefined;
  const hintId = hint ? `${baseId}hint` : undefined;

  const extra: ControlProps = { id: controlId };
  if (!labelable) extra["aria-labelledby"] = own["aria-labelledby"] ?? labelId;
  if (messageId || hintId) extra["aria-describedby"] = [messageId, hintId, own["aria-describedby"]].filter(Boolean).join(" ");
  if (message) extra["aria-invalid"] = own["aria-invalid"] ?? true;
  if (required && labelable) extra.required = own.required ?? true;
  if (required && !labelable) extra["aria-required"] = own["aria-required"] ?? true;

  return (
    <div className="auth-field">
      <label id={labelId} htmlFor={controlId} className="auth-field__label">
        {label}
        {required ? (
          <span aria-hidden="true" className="auth-field__required">
            *
          </span>
        ) : null}
      </label>
      {cloneElement(control, extra)}
      {message ? (
        <div id={messageId} role="alert" className="auth-field__message">
          <span className="auth-field__message-icon">
            <DiamondDismiss12Filled />
          </span>
          {message}
        </div>
      ) : null}
      {hint ? (
        <div id={hintId} className="auth-field__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

import { Field, ProgressBar } from "@fluentui/react-components";

export type LabeledProgressProps = {
  label: string;
  /** Between 0 and `max`; leave undefined for an indeterminate bar. */
  value?: number;
  max?: number;
  /** Text under the bar, e.g. "3 of 10". */
  hint?: string;
  intent?: "brand" | "success" | "warning" | "error";
};

/** A progress bar with a visible label (Field wires the accessible name and description). */
export function LabeledProgress({ label, value, max = 1, hint, intent = "brand" }: LabeledProgressProps) {
  const color = intent === "brand" ? undefined : intent;
  return (
    <Field label={label} hint={hint} validationState="none">
      <ProgressBar value={value} max={max} color={color} thickness="large" />
    </Field>
  );
}

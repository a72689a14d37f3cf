import { Field, Select } from "@fluentui/react-components";
import type { ChangeEvent } from "react";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** Shows the asterisk and sets aria-required (spec §2, §5: required fields are marked *). */
  required?: boolean;
  /** A first, empty option such as "Choose a subject". */
  placeholder?: string;
  hint?: string;
  /** Shown in red under the field, and announced. */
  error?: string;
  disabled?: boolean;
  name?: string;
};

export function SelectField({ label, options, value, onChange, required = false, placeholder, hint, error, disabled, name }: SelectFieldProps) {
  return (
    <Field label={label} required={required} hint={hint} validationMessage={error} validationState={error ? "error" : "none"}>
      <Select
        name={name}
        value={value}
        disabled={disabled}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}
      >
        {placeholder !== undefined ? (
          <option value="" disabled={required}>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

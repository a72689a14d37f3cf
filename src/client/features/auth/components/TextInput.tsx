import type { ChangeEvent, InputHTMLAttributes, ReactNode, Ref } from "react";
import "./auth.css";

/** The second argument of onChange, as Fluent's Input gives it. */
export type TextInputChangeData = { value: string };

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> & {
  /** Shown inside the field after the text (a button, an icon). */
  contentAfter?: ReactNode;
  /** Fluent's signature, so call sites keep `onChange={(_, d) => setX(d.value)}`. */
  onChange?: (event: ChangeEvent<HTMLInputElement>, data: TextInputChangeData) => void;
  /** The `<input>` itself (a page focuses its first invalid field). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * A single-line text input that looks like Fluent's outline, medium Input (auth.css). Our own
 * markup rather than Fluent's Input: with Field and Label it cost ~5.5 KiB gzip of script on the
 * sign-in route, whose first load has a budget (ADR 0007). As in Fluent, `className` and `style`
 * go to the wrapper and every other prop to the `<input>`; `aria-invalid` gives the red border.
 */
export function TextInput({ contentAfter, onChange, className, style, ref, type = "text", ...input }: TextInputProps) {
  const invalid = `${input["aria-invalid"]}` === "true";
  const classes = ["auth-input"];
  if (contentAfter) classes.push("auth-input--after");
  if (input.disabled) classes.push("auth-input--disabled");
  else if (invalid) classes.push("auth-input--invalid");
  if (className) classes.push(className);
  return (
    <span className={classes.join(" ")} style={style}>
      <input
        {...input}
        ref={ref}
        type={type}
        className="auth-input__control"
        onChange={onChange ? (event) => onChange(event, { value: event.target.value }) : undefined}
      />
      {contentAfter ? <span className="auth-input__after">{contentAfter}</span> : null}
    </span>
  );
}

/** Tells AuthField that the `id` it gives reaches a native `<input>`, so `<label for>` names it. */
TextInput.labelable = true as const;

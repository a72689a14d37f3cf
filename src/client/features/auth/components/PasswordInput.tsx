import { Eye20Regular, EyeOff20Regular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextInput, type TextInputProps } from "./TextInput";

type Props = Omit<TextInputProps, "type" | "contentAfter">;

/**
 * A password input with a show/hide toggle; the toggle keeps one name and reports its state.
 * The toggle is a plain button that looks like Fluent's small transparent icon button (auth.css).
 */
export function PasswordInput(props: Props) {
  const { t } = useTranslation("auth");
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? "text" : "password"}
      contentAfter={
        <button
          type="button"
          className="auth-input__toggle"
          aria-label={t("fields.showPassword")}
          aria-pressed={visible}
          disabled={props.disabled}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff20Regular /> : <Eye20Regular />}
        </button>
      }
    />
  );
}

/** Its `id` reaches the `<input>` (see TextInput). */
PasswordInput.labelable = true as const;

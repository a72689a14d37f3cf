import { Button, Input, type InputProps } from "@fluentui/react-components";
import { Eye20Regular, EyeOff20Regular } from "@fluentui/react-icons";
import { useState, type Ref } from "react";
import { useTranslation } from "react-i18next";

type Props = Omit<InputProps, "type" | "contentAfter"> & { ref?: Ref<HTMLInputElement> };

/** A password input with a show/hide toggle; the toggle keeps one name and reports its state. */
export function PasswordInput(props: Props) {
  const { t } = useTranslation("auth");
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? "text" : "password"}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={visible ? <EyeOff20Regular /> : <Eye20Regular />}
          aria-label={t("fields.showPassword")}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        />
      }
    />
  );
}

import { Button, type ButtonProps } from "@fluentui/react-components";
import { LocalLanguageRegular } from "@fluentui/react-icons";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES } from "../../i18n";
import type { Language } from "../../../contracts/common";

/** The language switch's button: the current language by its own name. */
export const LanguageButton = forwardRef<HTMLButtonElement, ButtonProps & { current: Language }>(function LanguageButton(
  { current, ...props },
  ref,
) {
  const { t } = useTranslation("common");
  return (
    <Button
      {...props}
      ref={ref}
      appearance="subtle"
      icon={<LocalLanguageRegular />}
      aria-label={t("shell.languageMenu", { language: LANGUAGE_NAMES[current] })}
    >
      {LANGUAGE_NAMES[current]}
    </Button>
  );
});

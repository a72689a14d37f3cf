import { Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, type MenuProps } from "@fluentui/react-components";
import { useState } from "react";
import type { Language } from "../../../contracts/common";
import { isLanguage, LANGUAGE_NAMES } from "../../i18n";
import { LanguageButton } from "./LanguageButton";

export type LanguageMenuProps = {
  current: Language;
  languages: readonly Language[];
  onChoose: (language: Language) => void;
  /** Opens at once: the reader already pressed the button that loaded this menu. */
  openOnMount: boolean;
};

/** The menu part of the language switch (its own chunk: Fluent Menu and positioning are heavy). */
export function LanguageMenu({ current, languages, onChoose, openOnMount }: LanguageMenuProps) {
  const [open, setOpen] = useState(openOnMount);
  const onChange: MenuProps["onCheckedValueChange"] = (_e, { checkedItems }) => {
    const next = checkedItems[0];
    if (isLanguage(next)) onChoose(next);
  };
  return (
    <Menu
      open={open}
      onOpenChange={(_, data) => setOpen(data.open)}
      checkedValues={{ language: [current] }}
      onCheckedValueChange={onChange}
    >
      <MenuTrigger disableButtonEnhancement>
        <LanguageButton current={current} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {languages.map((lng) => (
            <MenuItemRadio key={lng} name="language" value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

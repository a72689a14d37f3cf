import { Button, Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuList, MenuPopover, MenuTrigger } from "@fluentui/react-components";
import { KeyRegular, LibraryRegular, QuestionCircleRegular, SignOutRegular, VideoClipRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useAppSelector } from "../../app/store";
import { UserAvatar } from "../../ui/Avatar";
import { useComingSoon } from "../../ui/ComingSoon";
import { selectCurrentUser } from "../auth/authSlice";

/** The avatar menu (spec §2): profile, licences, library, recorded lessons, help, sign out. */
export function ProfileMenu() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const comingSoon = useComingSoon();
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim();
  // Library, recorded lessons and help get their screens in later issues.
  const later = () => comingSoon();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="transparent" shape="circular" aria-label={t("shell.profileMenu", { name })}>
          <UserAvatar name={name} decorative />
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{name}</MenuGroupHeader>
            <MenuItem onClick={() => navigate("/profile")}>{t("menu.profile")}</MenuItem>
            <MenuItem icon={<KeyRegular />} onClick={() => navigate("/license")}>
              {t("menu.license")}
            </MenuItem>
            <MenuItem icon={<LibraryRegular />} onClick={later}>
              {t("shell.library")}
            </MenuItem>
            <MenuItem icon={<VideoClipRegular />} onClick={later}>
              {t("shell.recordedLessons")}
            </MenuItem>
            <MenuItem icon={<QuestionCircleRegular />} onClick={later}>
              {t("shell.help")}
            </MenuItem>
          </MenuGroup>
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={() => navigate("/logout")}>
            {t("actions.signOut")}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

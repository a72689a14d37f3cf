import { Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuList, MenuPopover, MenuTrigger } from "@fluentui/react-components";
import { KeyRegular, LibraryRegular, QuestionCircleRegular, SignOutRegular, VideoClipRegular } from "@fluentui/react-icons";
import { TaskListLtrRegular } from "@fluentui/react-icons";
import { CalendarLtrRegular } from "@fluentui/react-icons";
import { BrainCircuitRegular, DataBarVerticalRegular, SparkleRegular, TrophyRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { ANALYTICS_ROLES } from "../../../contracts/analytics-base";
import { useEdition } from "../../app/publicData";
import { useAppSelector } from "../../app/store";
import { useComingSoon } from "../../ui/ComingSoon";
import { selectCurrentUser } from "../auth/authSlice";
import { ProfileButton } from "./ProfileButton";

export type ProfileMenuPopupProps = {
  /** The reader's full name (the group header and the button's label). */
  name: string;
  /** Opens at once: the reader already pressed the button that loaded this menu. */
  openOnMount: boolean;
};

/** The menu part of the avatar menu (its own chunk): profile, licences, library, recorded lessons, help, sign out. */
export function ProfileMenuPopup({ name, openOnMount }: ProfileMenuPopupProps) {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const comingSoon = useComingSoon();
  // Analytics are the teachers' alone (spec §6): no entry for anyone else.
  const role = useAppSelector(selectCurrentUser)?.role;
  const teaches = role !== undefined && ANALYTICS_ROLES.includes(role);
  // Points, medals and the shop are for students of a gamified edition only (issue 18).
  const gamifiedEdition = useEdition().data?.gamified === true;
  const gamified = role === "student" && gamifiedEdition;
  const [open, setOpen] = useState(openOnMount);
  // Library, recorded lessons and help get their screens in later issues.
  const later = () => comingSoon();
  return (
    <Menu open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <MenuTrigger disableButtonEnhancement>
        <ProfileButton name={name} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{name}</MenuGroupHeader>
            <MenuItem onClick={() => navigate("/profile")}>{t("menu.profile")}</MenuItem>
            <MenuItem icon={<TaskListLtrRegular />} onClick={() => navigate("/tasks")}>
              {t("menu.tasks")}
            </MenuItem>
            <MenuItem icon={<CalendarLtrRegular />} onClick={() => navigate("/calendar")}>
              {t("menu.calendar")}
            </MenuItem>
            {role === "student" ? (
              <MenuItem icon={<BrainCircuitRegular />} onClick={() => navigate("/chatbot-practice")}>
                {t("menu.practice")}
              </MenuItem>
            ) : null}
            {gamified ? (
              <MenuItem icon={<TrophyRegular />} onClick={() => navigate("/gamification")}>
                {t("menu.gamification")}
              </MenuItem>
            ) : null}
            {teaches ? (
              <MenuItem icon={<DataBarVerticalRegular />} onClick={() => navigate("/analytics")}>
                {t("menu.analytics")}
              </MenuItem>
            ) : null}
            {teaches ? (
              <MenuItem icon={<SparkleRegular />} onClick={() => navigate("/ai/tools")}>
                {t("menu.aiTools")}
              </MenuItem>
            ) : null}
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

import { Button, Card, makeStyles, Text, tokens } from "@fluentui/react-components";
import { KeyRegular, SignOutRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { AppPageHeader } from "../../app/AppPageHeader";
import { useEdition } from "../../app/publicData";
import { useAppSelector } from "../../app/store";
import { isLanguage, LANGUAGE_NAMES } from "../../i18n";
import { UserAvatar } from "../../ui/Avatar";
import { FactList } from "../../ui/FactList";
import { selectCurrentUser } from "../auth/authSlice";

const ChangePasswordDialog = lazy(() =>
  import(/* webpackChunkName: "change-password-dialog" */ "../auth/components/ChangePasswordDialog").then((m) => ({
    default: m.ChangePasswordDialog,
  })),
);

/** A gamified student's level, points and coins (issue 18): its own chunk, loaded only for them. */
const ProfileGamification = lazy(() =>
  import(/* webpackChunkName: "profile-gamification" */ "../gamification/ProfileGamification").then((m) => ({ default: m.ProfileGamification })),
);

const useStyles = makeStyles({
  card: { maxWidth: "640px", padding: tokens.spacingHorizontalXL },
  who: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalL },
  actions: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
});

/** Device pairing comes in a later issue; until then no device is paired (0/0). */
const DEVICES = { paired: 0, total: 0 };

/** Profile (spec §2): name, e-mail, role, language, device pairing paired/total, password, sign out. */
export function ProfilePage() {
  const styles = useStyles();
  const { t } = useTranslation(["profile", "common"]);
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const [changing, setChanging] = useState(false);
  const gamifiedEdition = useEdition().data?.gamified === true;
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim();
  const language = isLanguage(user.locale) ? LANGUAGE_NAMES[user.locale] : user.locale;
  const facts: Array<[string, string]> = [
    [t("fields.name"), name],
    [t("fields.email"), user.email],
    [t("fields.role"), t(`common:roles.${user.role}`)],
    [t("fields.language"), language],
    [t("fields.devices"), t("devicesValue", DEVICES)],
  ];
  return (
    <>
      <AppPageHeader />
      <Card className={styles.card}>
        <div className={styles.who}>
          <UserAvatar name={name} size={64} decorative />
          <Text as="h2" size={600} weight="semibold">
            {name}
          </Text>
        </div>
        <FactList facts={facts} />
        {gamifiedEdition && user.role === "student" ? (
          <Suspense fallback={null}>
            <ProfileGamification />
          </Suspense>
        ) : null}
        <div className={styles.actions}>
          <Button icon={<KeyRegular />} onClick={() => setChanging(true)}>
            {t("changePassword")}
          </Button>
          <Button icon={<SignOutRegular />} onClick={() => navigate("/logout")}>
            {t("common:actions.signOut")}
          </Button>
        </div>
      </Card>
      {changing ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

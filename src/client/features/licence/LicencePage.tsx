import { makeStyles, MessageBar, MessageBarBody, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { AppPageHeader } from "../../app/AppPageHeader";
import { useAppSelector } from "../../app/store";
import { selectCurrentUser } from "../auth/authSlice";
import { LicenceList } from "./components/LicenceList";
import { RedeemForm } from "./components/RedeemForm";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXL, maxWidth: "880px" },
});

/** /license (spec §7): redeem a licence code, then the caller's active and expired licences. */
export function LicencePage() {
  const styles = useStyles();
  const { t } = useTranslation("licence");
  const user = useAppSelector(selectCurrentUser);
  const teaches = user?.role === "teacher" || user?.role === "coteacher";
  return (
    <>
      <AppPageHeader subtitle={t("subtitle")} />
      <div className={styles.page}>
        <RedeemForm />
        {teaches ? (
          <MessageBar intent="info" layout="multiline">
            <MessageBarBody>{t("teacherHint")}</MessageBarBody>
          </MessageBar>
        ) : null}
        <LicenceList />
      </div>
    </>
  );
}

import { Button } from "@fluentui/react-components";
import { LibraryRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { useComingSoon } from "../../ui/ComingSoon";
import { EmptyState } from "../../ui/States";

/** My library: its screens come in a later issue, so it says so (coming-soon notice). */
export function MyLibraryTab() {
  const { t } = useTranslation("home");
  const comingSoon = useComingSoon();
  return (
    <EmptyState
      icon={<LibraryRegular />}
      title={t("myLibrary.empty.title")}
      body={t("myLibrary.empty.body")}
      action={<Button onClick={() => comingSoon()}>{t("myLibrary.open")}</Button>}
    />
  );
}

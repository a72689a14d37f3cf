import { DocumentDismissRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/States";

/** The spec's 'Content not available' (empty or unloadable content). */
export function NotAvailable() {
  const { t } = useTranslation("viewer");
  return <EmptyState icon={<DocumentDismissRegular />} title={t("notAvailable.title")} body={t("notAvailable.body")} />;
}

/** 'The content might have been deleted' (410) or 'Activity is no longer available'. */
export function Gone({ activity = false }: { activity?: boolean }) {
  const { t } = useTranslation("viewer");
  return <EmptyState icon={<DocumentDismissRegular />} title={activity ? t("gone.activity") : t("gone.content")} />;
}

import { useTranslation } from "react-i18next";
import { ProblemPage } from "./ProblemPage";

/** /error: 'Oops! This page is not available' with a way home (spec §2, §8). */
export function ErrorPage() {
  const { t } = useTranslation("platform");
  return <ProblemPage title={t("errorPage.title")} body={t("errorPage.body")} />;
}

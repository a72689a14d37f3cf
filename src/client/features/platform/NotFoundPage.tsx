import { useTranslation } from "react-i18next";
import { ProblemPage } from "./ProblemPage";

/** Any path the route table does not know. */
export function NotFoundPage() {
  const { t } = useTranslation("platform");
  return <ProblemPage code="404" title={t("notFound.title")} body={t("notFound.body")} />;
}

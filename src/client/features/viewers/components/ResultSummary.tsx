import { Card, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { IndividualResults } from "../../../../contracts/records";
import { FactList } from "../../../ui/FactList";
import { statusText } from "./statusText";
import { formatWhen, percentOf } from "./resultsFormat";

/** One learner's results for an item: completion, success, score, statements, last activity. */
export function ResultSummary({ results }: { results: IndividualResults }) {
  const { t, i18n } = useTranslation("viewer");
  const s = results.summary;
  const percent = percentOf(s);
  return (
    <Card aria-labelledby="result-summary-title">
      <Text as="h2" id="result-summary-title" weight="semibold" size={500}>
        {t("results.summary")}
      </Text>
      <FactList
        facts={[
          [t("results.columns.completion"), s.attempted ? statusText(t, s.completion) : t("status.notAttempted")],
          [t("results.columns.success"), s.success ? statusText(t, s.success) : t("results.none")],
          [t("results.columns.score"), percent === null ? t("results.none") : t("results.percent", { value: percent })],
          [t("results.columns.statements"), String(s.statements)],
          [t("results.columns.lastActivity"), s.lastActivityAt ? formatWhen(s.lastActivityAt, i18n.language) : t("results.none")],
        ]}
      />
    </Card>
  );
}

import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from "@fluentui/react-components";
import { LockClosedRegular, LockOpenRegular } from "@fluentui/react-icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../ui/errors";
import { useAssessmentClosureQuery, useSetAssessmentClosureMutation } from "../assessmentsApi";
import { formatDateTime } from "../results-format";

/*
 * Close or reopen the assessment in this class (ADR 0018). Closed: no attempt starts any more and
 * students see the correct answers of their handed-in attempts (unless the settings never show
 * them). The class's teachers change it; anyone else who sees the overview reads the state.
 */

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", alignItems: "flex-start", gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
});

export function AssessmentClosureControl({ assessmentGuid, courseGuid }: { assessmentGuid: string; courseGuid: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const headingId = useId();
  const stateId = useId();
  const query = useAssessmentClosureQuery({ assessmentGuid, courseGuid }, { skip: !courseGuid });
  const [setClosure, saving] = useSetAssessmentClosureMutation();
  const closure = query.data;
  if (!closure) return null;

  const state = closure.closedAt
    ? t("authoring.closure.closed", { date: formatDateTime(closure.closedAt, i18n.language) })
    : t("authoring.closure.open");
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Text as="h4" id={headingId} size={400} weight="semibold" className={styles.heading}>
        {t("authoring.closure.heading")}
      </Text>
      <Text id={stateId} role="status">
        {state}
      </Text>
      {closure.canChange ? (
        <Button
          icon={closure.closed ? <LockOpenRegular /> : <LockClosedRegular />}
          aria-describedby={stateId}
          disabled={saving.isLoading}
          onClick={() => void setClosure({ assessmentGuid, body: { courseGuid, closed: !closure.closed } })}
        >
          {closure.closed ? t("authoring.closure.reopen") : t("authoring.closure.close")}
        </Button>
      ) : null}
      {saving.isError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errorMessage(t, saving.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
    </section>
  );
}

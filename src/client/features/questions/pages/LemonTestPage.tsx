import { Button, Field, Input, Text, Textarea } from "@fluentui/react-components";
import { DocumentAddRegular } from "@fluentui/react-icons";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { parseQuestionData, type QuestionType } from "../../../../contracts/questions";
import { PageHeader } from "../../../ui/PageHeader";
import { ruleText, toEditorIssues } from "../authoring/author-issues";
import { QuestionPreview } from "../authoring/author-preview";
import { starterDraft } from "../authoring/author-starters";
import { jsonPath, TypeSelect, useTestPageStyles } from "../authoring/author-test-parts";

/*
 * /lemon-test, the editorial tool that renders any question type from its JSON: choose a type,
 * paste its question_data (and a prompt if you like). Valid data shows the question as students
 * would see it (preview mode, answerable) with the answer it would send; invalid data lists each
 * issue with its path in the JSON and the rule it breaks.
 */
export function LemonTestPage() {
  const styles = useTestPageStyles();
  const { t } = useTranslation("questions");
  const [type, setType] = useState<QuestionType>("QT_1");
  const [json, setJson] = useState("");
  const [prompt, setPrompt] = useState("");
  const [answer, setAnswer] = useState<unknown>(undefined);
  const previewId = useId();
  const issuesId = useId();
  const answerId = useId();
  const parsed = useMemo(() => (json.trim() ? parseQuestionData(type, json) : null), [type, json]);
  const issues = parsed && !parsed.ok ? toEditorIssues(parsed.issues) : [];

  const changeType = (next: QuestionType) => {
    setType(next);
    setAnswer(undefined);
  };
  const changeJson = (next: string) => {
    setJson(next);
    setAnswer(undefined);
  };

  return (
    <div className={styles.root}>
      <PageHeader title={t("authoring.lemon.title")} subtitle={t("authoring.lemon.intro")} />
      <div className={styles.layout}>
        <div className={styles.column}>
          <TypeSelect value={type} onChange={changeType} />
          <Field label={t("authoring.lemon.data")} hint={t("authoring.lemon.dataHint")}>
            <Textarea className={styles.code} value={json} rows={16} resize="vertical" onChange={(_, data) => changeJson(data.value)} />
          </Field>
          <div className={styles.actions}>
            <Button icon={<DocumentAddRegular />} onClick={() => changeJson(JSON.stringify(starterDraft(type), null, 2))}>
              {t("authoring.lemon.template")}
            </Button>
          </div>
          <Field label={t("authoring.lemon.prompt")}>
            <Input value={prompt} onChange={(_, data) => setPrompt(data.value)} />
          </Field>
        </div>
        <div className={styles.column}>
          {parsed === null ? <Text>{t("authoring.lemon.empty")}</Text> : null}
          {parsed && !parsed.ok ? (
            <section className={styles.box} aria-labelledby={issuesId}>
              <Text as="h2" id={issuesId} size={500} weight="semibold" className={styles.heading}>
                {t("authoring.lemon.issues", { total: issues.length })}
              </Text>
              <ul className={styles.issues}>
                {issues.map((issue, i) => (
                  <li key={i}>
                    <code className={styles.code}>{jsonPath(issue.path) || t("authoring.lemon.root")}</code>
                    {": "}
                    {ruleText(t, issue.message)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {parsed?.ok ? (
            <>
              <section className={styles.box} aria-labelledby={previewId}>
                <Text as="h2" id={previewId} size={500} weight="semibold" className={styles.heading}>
                  {t("authoring.lemon.preview")}
                </Text>
                <QuestionPreview
                  key={`${type}:${json}`}
                  type={type}
                  data={parsed.data}
                  seed="lemon-test"
                  prompt={prompt}
                  label={t("authoring.lemon.previewLabel")}
                  onAnswer={setAnswer}
                />
              </section>
              <section className={styles.box} aria-labelledby={answerId}>
                <Text as="h2" id={answerId} size={500} weight="semibold" className={styles.heading}>
                  {t("authoring.lemon.answer")}
                </Text>
                {answer === undefined ? (
                  <Text>{t("authoring.lemon.noAnswer")}</Text>
                ) : (
                  <pre className={styles.json}>
                    {JSON.stringify({ type, answer }, null, 2)}
                  </pre>
                )}
              </section>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}

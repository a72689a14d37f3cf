import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
} from "@fluentui/react-components";
import { CheckmarkStarburstRegular } from "@fluentui/react-icons";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScoreResult } from "../../../../contracts/assessments";
import type { QuestionType } from "../../../../contracts/questions";
import { PageHeader } from "../../../ui/PageHeader";
import { errorMessage } from "../../../ui/errors";
import { useCheckAnswerMutation } from "../assessmentsApi";
import { ruleText, validationDetails } from "../authoring/author-issues";
import { TypeSelect, useTestPageStyles } from "../authoring/author-test-parts";
import { ReviewMark } from "../views/parts";

/*
 * /answer-test, the editorial tool that checks an answer against a question: the type, its
 * question_data, the points and an answer as JSON go to the server's scorer (nothing is stored),
 * which says the status, the score, whether it is fully right and each part's result, or which
 * fields it refused.
 */

type Outcome = { kind: "result"; result: ScoreResult } | { kind: "refused"; note: string; fields: { field: string; message: string }[] };

export function AnswerTestPage() {
  const styles = useTestPageStyles();
  const { t } = useTranslation("questions");
  const [type, setType] = useState<QuestionType>("QT_1");
  const [json, setJson] = useState("");
  const [points, setPoints] = useState("1");
  const [answerJson, setAnswerJson] = useState("");
  const [formError, setFormError] = useState<{ points?: string; answer?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [check, { isLoading }] = useCheckAnswerMutation();
  const resultId = useId();

  const submit = async () => {
    const errors: { points?: string; answer?: string } = {};
    const pointsValue = Number(points);
    if (!points.trim() || !Number.isFinite(pointsValue) || pointsValue <= 0 || pointsValue > 1000) errors.points = t("authoring.answerTest.pointsRange");
    let answer: unknown;
    try {
      answer = JSON.parse(answerJson);
    } catch {
      errors.answer = t("authoring.answerTest.answerNotJson");
    }
    setFormError(errors);
    if (errors.points || errors.answer) return;
    setOutcome(null);
    try {
      const result = await check({ type, question_data: json, points: pointsValue, answer }).unwrap();
      setOutcome({ kind: "result", result });
    } catch (error) {
      const fields = validationDetails(error);
      setOutcome({ kind: "refused", note: fields.length > 0 ? t("authoring.answerTest.refused") : errorMessage(t, error), fields });
    }
  };

  return (
    <div className={styles.root}>
      <PageHeader title={t("authoring.answerTest.title")} subtitle={t("authoring.answerTest.intro")} />
      <div className={styles.layout}>
        <form
          className={styles.column}
          noValidate
          aria-label={t("authoring.answerTest.title")}
          onSubmit={(event) => {
            event.preventDefault();
            if (!isLoading) void submit();
          }}
        >
          <TypeSelect value={type} onChange={setType} />
          <Field label={t("authoring.answerTest.data")}>
            <Textarea className={styles.code} value={json} rows={12} resize="vertical" onChange={(_, data) => setJson(data.value)} />
          </Field>
          <Field label={t("authoring.answerTest.points")} validationMessage={formError.points} validationState={formError.points ? "error" : "none"}>
            <Input type="number" min={0.25} max={1000} step={0.25} value={points} onChange={(_, data) => setPoints(data.value)} />
          </Field>
          <Field
            label={t("authoring.answerTest.answer")}
            hint={t("authoring.answerTest.answerHint")}
            validationMessage={formError.answer}
            validationState={formError.answer ? "error" : "none"}
          >
            <Textarea className={styles.code} value={answerJson} rows={6} resize="vertical" onChange={(_, data) => setAnswerJson(data.value)} />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" icon={<CheckmarkStarburstRegular />} disabled={isLoading}>
              {isLoading ? t("authoring.answerTest.checking") : t("authoring.answerTest.check")}
            </Button>
          </div>
        </form>
        <section className={styles.box} aria-labelledby={resultId} aria-live="polite">
          <Text as="h2" id={resultId} size={500} weight="semibold" className={styles.heading}>
            {t("authoring.answerTest.result")}
          </Text>
          {outcome === null ? <Text>{t("authoring.answerTest.noResult")}</Text> : null}
          {outcome?.kind === "result" ? <ResultView result={outcome.result} /> : null}
          {outcome?.kind === "refused" ? (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                <Text as="p">{outcome.note}</Text>
                {outcome.fields.length > 0 ? (
                  <ul className={styles.issues}>
                    {outcome.fields.map((f, i) => (
                      <li key={i}>
                        <code className={styles.code}>{f.field || t("authoring.lemon.root")}</code>
                        {": "}
                        {ruleText(t, f.message)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </MessageBarBody>
            </MessageBar>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function ResultView({ result }: { result: ScoreResult }) {
  const { t } = useTranslation("questions");
  if (result.status === "needs_grading") {
    return (
      <>
        <Text weight="semibold">{t("authoring.answerTest.status.needs_grading")}</Text>
        <Text>{t("authoring.answerTest.maxOnly", { max: result.maxScore })}</Text>
      </>
    );
  }
  return (
    <>
      <Text weight="semibold">{t("authoring.answerTest.status.scored")}</Text>
      <Text size={500}>{t("authoring.answerTest.score", { score: result.score, max: result.maxScore })}</Text>
      <Text>
        {t("authoring.answerTest.fullyCorrect")} <ReviewMark correct={result.correct} />
      </Text>
      {result.parts.length > 0 ? (
        <Table aria-label={t("authoring.answerTest.parts")} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t("authoring.answerTest.part")}</TableHeaderCell>
              <TableHeaderCell>{t("authoring.answerTest.partResult")}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.parts.map((part) => (
              <TableRow key={part.id}>
                <TableCell>
                  <code>{part.id}</code>
                </TableCell>
                <TableCell>
                  <ReviewMark correct={part.correct} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </>
  );
}

import { Button, MessageBar, MessageBarBody, Spinner, Text } from "@fluentui/react-components";
import { ArrowDownloadRegular, CopyRegular, DeleteRegular, DocumentAddRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import type { ToolInstance } from "../../../contracts/teacher-tools-base";
import { AppPageHeader } from "../../app/AppPageHeader";
import { errorMessage } from "../../ui/errors";
import { FactList, type Fact } from "../../ui/FactList";
import { ModalDialog } from "../../ui/ModalDialog";
import { RouterLink } from "../../ui/RouterLink";
import { AdapterResult } from "./AdapterResult";
import type { AddedToLesson } from "./AddToLessonDialog";
import { ConnectionsResult, EnergizerResult } from "./EngagementResults";
import { LessonPlanView } from "./LessonPlanResult";
import { useDeleteToolInstanceMutation, useGetToolInstanceQuery } from "./aiToolsApi";
import { ToolsLoadError, useToolFormat, useToolStyles } from "./parts";
import { fileNameOf, resultText, saveText } from "./resultText";
import { toolPaths } from "./toolLook";
import { VocabularyResult } from "./VocabularyResult";

// The question views (the editor's preview, with their heavier parts) load only for a question generator's instance.
// The "add to a lesson" dialog (the classes' programs, content and item creation) loads when first opened.
const AddToLessonDialog = lazy(() => import(/* webpackChunkName: "ai-tools-add-to-lesson" */ "./AddToLessonDialog").then((m) => ({ default: m.AddToLessonDialog })));
const QuestionsResult = lazy(() => import(/* webpackChunkName: "ai-tools-questions" */ "./QuestionsResult").then((m) => ({ default: m.QuestionsResult })));
// The rubric's and the feedback's tables load only for their instances too.
const RubricResult = lazy(() => import(/* webpackChunkName: "ai-tools-assessment" */ "./RubricResult").then((m) => ({ default: m.RubricResult })));
const FeedbackResult = lazy(() => import(/* webpackChunkName: "ai-tools-assessment" */ "./FeedbackResult").then((m) => ({ default: m.FeedbackResult })));

/** What the teacher asked for: level and year, needs, notes, the lesson, who made it. */
function RequestSummary({ instance }: { instance: ToolInstance }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const facts: Fact[] = [
    [t("instance.tool"), t(`tools.${instance.tool}.title`)],
    [t("instance.created"), f.dateTime(instance.createdAt)],
    [t("instance.level"), t("instance.levelYear", { level: t(`levels.${instance.educationLevel}`), year: instance.educationYear })],
    [t("instance.needs"), instance.specialNeeds.length > 0 ? instance.specialNeeds.map((n) => t(`needs.${n}`)).join(", ") : t("instance.none")],
  ];
  if (instance.additionalNotes) facts.push([t("instance.notes"), instance.additionalNotes]);
  if (instance.learningObjectives) facts.push([t("setup.fields.objectives"), <span className={styles.text}>{instance.learningObjectives}</span>]);
  if (instance.vocabularyWordCount !== null) facts.push([t("instance.wordCount"), f.integer(instance.vocabularyWordCount)]);
  if (instance.destinationLanguage) facts.push([t("instance.destination"), t(`languages.${instance.destinationLanguage}`)]);
  if (instance.context) {
    const c = instance.context;
    facts.push([t("instance.lesson"), t("instance.lessonContext", { subject: c.subject, unit: c.unitTitle, lesson: c.lessonTitle, course: c.courseName })]);
  }
  facts.push([t("instance.madeBy"), instance.model ? t("instance.model", { model: instance.model }) : t(`instance.providers.${instance.provider}`)]);
  return <FactList facts={facts} />;
}

/** /ai/tools/instance/:toolInstanceId: what a tool made, to copy, download, add to a lesson or delete. */
export function InstancePage() {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const navigate = useNavigate();
  const { toolInstanceId = "" } = useParams();
  const { data: instance, isLoading, isError, error, refetch } = useGetToolInstanceQuery(toolInstanceId);
  const [copyState, setCopyState] = useState<"copied" | "failed" | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<AddedToLesson | undefined>();
  const addButton = useRef<HTMLButtonElement>(null);
  // The dialog is unmounted when it closes: the keyboard goes back to the button that opened it.
  const wasAdding = useRef(false);
  useEffect(() => {
    if (wasAdding.current && !adding) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding]);
  const [remove, { isLoading: deleting, error: deleteError }] = useDeleteToolInstanceMutation();

  if (isError) {
    return (
      <div className={styles.page}>
        <AppPageHeader title={t("instance.title")} />
        <ToolsLoadError context={t("instance.failed")} error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (isLoading || !instance) return <Spinner label={t("loading")} />;

  const text = () => resultText(instance, t, f.decimal, f.dateTime);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setCopyState("copied");
    } catch {
      setCopyState("failed");
    }
  };
  const confirmDelete = async () => {
    try {
      await remove(instance.id).unwrap();
      setConfirming(false);
      navigate(toolPaths.history);
    } catch {
      // The dialog says why (deleteError).
    }
  };

  const result = instance.result;
  return (
    <div className={styles.page}>
      <AppPageHeader
        title={instance.title}
        subtitle={t(`tools.${instance.tool}.title`)}
        actions={
          <div className={styles.row}>
            <Button icon={<CopyRegular />} onClick={() => void copy()}>
              {t("instance.copy")}
            </Button>
            <Button icon={<ArrowDownloadRegular />} onClick={() => saveText(text(), fileNameOf(instance))}>
              {t("instance.download")}
            </Button>
            <Button
              ref={addButton}
              icon={<DocumentAddRegular />}
              onClick={() => {
                setAdded(undefined);
                setAdding(true);
              }}
            >
              {t("instance.addToLesson.title")}
            </Button>
            <Button icon={<DeleteRegular />} onClick={() => setConfirming(true)}>
              {t("instance.delete")}
            </Button>
          </div>
        }
      />
      <div role="status">{copyState === "copied" ? <Text>{t("instance.copied")}</Text> : null}</div>
      <div role="status">
        {added ? (
          <MessageBar intent="success">
            <MessageBarBody>
              {t("instance.addToLesson.done", { title: added.title })} <RouterLink to={toolPaths.lesson(added)}>{t("instance.addToLesson.open")}</RouterLink>
            </MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
      {copyState === "failed" ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t("instance.copyFailed")}</MessageBarBody>
        </MessageBar>
      ) : null}
      <section className={styles.section} aria-labelledby="instance-request">
        <h2 id="instance-request">{t("instance.request")}</h2>
        <RequestSummary instance={instance} />
      </section>
      {result.tool === "text-level-adapter" ? <AdapterResult result={result} /> : null}
      {result.tool === "vocabulary-creator" ? <VocabularyResult result={result} /> : null}
      {result.tool === "real-world-connection" ? <ConnectionsResult result={result} /> : null}
      {result.tool === "classroom-energizer" ? <EnergizerResult result={result} /> : null}
      {result.tool === "question-generator" ? (
        <Suspense fallback={<Spinner label={t("loading")} />}>
          <QuestionsResult instance={instance} result={result} />
        </Suspense>
      ) : null}
      {result.tool === "lesson-plan-generator" ? <LessonPlanView result={result} /> : null}
      {result.tool === "rubric-generator" || result.tool === "student-feedback" ? (
        <Suspense fallback={<Spinner label={t("loading")} />}>
          {result.tool === "rubric-generator" ? <RubricResult result={result} /> : <FeedbackResult result={result} />}
        </Suspense>
      ) : null}
      {result.tool === "text-translator" ? (
        <section className={styles.section} aria-labelledby="translator-text">
          <h2 id="translator-text">{t("translator.title", { language: t(`languages.${result.destinationLanguage}`) })}</h2>
          <p className={styles.text} lang={result.destinationLanguage}>
            {result.text}
          </p>
        </section>
      ) : null}
      {instance.text.trim() !== "" ? (
        <section className={styles.section} aria-labelledby="instance-original">
          <h2 id="instance-original">{t("instance.original")}</h2>
          <p className={styles.text}>{instance.text}</p>
        </section>
      ) : null}
      <RouterLink to={toolPaths.history}>{t("history.open")}</RouterLink>
      {adding ? (
        <Suspense fallback={<Spinner label={t("loading")} />}>
          <AddToLessonDialog
            instance={instance}
            onClose={() => setAdding(false)}
            onAdded={(done) => {
              setAdding(false);
              setAdded(done);
            }}
          />
        </Suspense>
      ) : null}
      {confirming ? (
        <ModalDialog
          open
          modalType="alert"
          size="s"
          title={t("instance.confirmTitle")}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button appearance="primary" disabled={deleting} onClick={() => void confirmDelete()}>
                {t("instance.confirmDelete")}
              </Button>
              <Button onClick={() => setConfirming(false)}>{t("instance.cancel")}</Button>
            </>
          }
        >
          <Text as="p">{t("instance.confirmBody", { title: instance.title })}</Text>
          {deleteError ? (
            <MessageBar intent="error">
              <MessageBarBody>{errorMessage(t, deleteError)}</MessageBarBody>
            </MessageBar>
          ) : null}
        </ModalDialog>
      ) : null}
    </div>
  );
}

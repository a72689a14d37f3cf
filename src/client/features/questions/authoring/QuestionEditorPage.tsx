import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from "@fluentui/react-components";
import { SaveRegular } from "@fluentui/react-icons";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import type { QuestionFull } from "../../../../contracts/assessments";
import { QuestionTypeSchema, type QuestionType } from "../../../../contracts/questions";
import { ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { LinkButton } from "../../lesson/components/LinkButton";
import { NotFoundPage } from "../../platform/NotFoundPage";
import { useAddQuestionMutation, useQuestionQuery, useUpdateQuestionMutation } from "../assessmentsApi";
import { FeedbackFields, MediaFields, PointsAndKcs, PromptField } from "./author-common-fields";
import { fieldPath, pathText, ruleText, validationDetails } from "./author-issues";
import { IssueSummary, type SummaryItem } from "./author-issue-summary";
import { QuestionPreview } from "./author-preview";
import { checkQuestion, formOfQuestion, newQuestionForm, type QuestionForm } from "./author-question-form";
import { QuestionDataEditor } from "./editors/registry";

/*
 * Writing a question of an assessment (issue 6): a new one of the type in the address
 * (.../new-question/QT_n) or an existing one (.../question/:contentGuid). The common fields, the
 * type's own editor, and a live preview as students will see it. Save checks the question with the
 * same rules as the server and, when something is wrong, lists it above the form (focus moves
 * there) and next to each field; nothing is sent until it is right.
 */

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  head: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  title: { margin: 0, flexGrow: 1 },
  layout: {
    display: "grid",
    gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)",
    gap: tokens.spacingHorizontalXXL,
    alignItems: "start",
    "@media (max-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr)" },
  },
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL, minWidth: 0 },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  preview: {
    position: "sticky",
    top: tokens.spacingVerticalL,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  hint: { color: tokens.colorNeutralForeground3 },
  actions: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
});

type Params = { guid?: string; lessonGuid?: string; unitGuid?: string; assessmentGuid?: string; contentGuid?: string; lemonadeType?: string };

export function QuestionEditorPage() {
  const { t } = useTranslation("questions");
  const params = useParams<Params>();
  const { guid = "", lessonGuid = "", unitGuid, assessmentGuid = "", contentGuid, lemonadeType } = params;
  const lessonBasePath = unitGuid ? `/course/${guid}/unit/${unitGuid}/lesson/${lessonGuid}` : `/course/${guid}/lesson/${lessonGuid}`;
  const back = `${lessonBasePath}/assessment/${assessmentGuid}`;

  if (contentGuid) return <EditExisting key={contentGuid} guid={contentGuid} assessmentGuid={assessmentGuid} back={back} />;
  const type = QuestionTypeSchema.safeParse(lemonadeType);
  if (!type.success) return <NotFoundPage />;
  return (
    <QuestionEditor
      key={type.data}
      type={type.data}
      initial={newQuestionForm(type.data)}
      target={{ kind: "new", assessmentGuid }}
      back={back}
      title={t("authoring.page.newTitle", { type: t(`authoring.types.${type.data}.name`) })}
    />
  );
}

function EditExisting({ guid, assessmentGuid, back }: { guid: string; assessmentGuid: string; back: string }) {
  const { t } = useTranslation("questions");
  const query = useQuestionQuery(guid);
  if (query.isLoading) return <Spinner label={t("authoring.page.loading")} />;
  if (!query.data) return <ErrorState message={query.error ? errorMessage(t, query.error) : undefined} onRetry={() => void query.refetch()} />;
  return <LoadedQuestion question={query.data} assessmentGuid={assessmentGuid} back={back} />;
}

function LoadedQuestion({ question, assessmentGuid, back }: { question: QuestionFull; assessmentGuid: string; back: string }) {
  const { t } = useTranslation("questions");
  const { form, readable } = useMemo(() => formOfQuestion(question), [question]);
  return (
    <QuestionEditor
      type={question.type}
      initial={form}
      target={{ kind: "edit", guid: question.guid, assessmentGuid }}
      back={back}
      title={t("authoring.page.editTitle", { type: t(`authoring.types.${question.type}.name`) })}
      readOnly={!question.editable}
      note={readable ? undefined : t("authoring.page.unreadable")}
    />
  );
}

type Target = { kind: "new"; assessmentGuid: string } | { kind: "edit"; guid: string; assessmentGuid: string };

type QuestionEditorProps = {
  type: QuestionType;
  initial: QuestionForm;
  target: Target;
  back: string;
  title: string;
  readOnly?: boolean;
  note?: string | undefined;
};

function QuestionEditor({ type, initial, target, back, title, readOnly = false, note }: QuestionEditorProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const navigate = useNavigate();
  const notify = useNotify();
  const headingId = useId();
  const previewId = useId();
  const dataId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<QuestionForm>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ items: SummaryItem[]; note: string } | null>(null);
  const [add, adding] = useAddQuestionMutation();
  const [update, updating] = useUpdateQuestionMutation();
  const saving = adding.isLoading || updating.isLoading;

  const check = useMemo(() => checkQuestion(type, form), [type, form]);
  const dataIssues = submitted ? check.dataIssues : [];
  const commonIssues = submitted ? check.commonIssues : [];
  const change = (patch: Partial<QuestionForm>) => setForm((current) => ({ ...current, ...patch }));

  const localItems: SummaryItem[] = [
    ...commonIssues.map((i, n) => ({ key: `c${n}`, where: pathText(t, i.path), text: ruleText(t, i.message) })),
    ...dataIssues.map((i, n) => ({ key: `d${n}`, where: pathText(t, i.path), text: ruleText(t, i.message) })),
  ];

  // Each refused save moves focus to the summary, once it is on the page.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) summaryRef.current?.focus();
  }, [focusRequest]);
  const focusSummary = () => setFocusRequest((n) => n + 1);

  const save = async () => {
    setSubmitted(true);
    setServer(null);
    if (!check.body) {
      focusSummary();
      return;
    }
    try {
      if (target.kind === "new") await add({ assessmentGuid: target.assessmentGuid, body: check.body }).unwrap();
      else await update({ guid: target.guid, body: check.body }).unwrap();
      notify({ intent: "success", title: t("authoring.page.saved") });
      void navigate(back);
    } catch (error) {
      const details = validationDetails(error);
      setServer({
        note: details.length > 0 ? t("authoring.page.serverRefused") : errorMessage(t, error),
        items: details.map((d, n) => ({ key: `s${n}`, where: pathText(t, fieldPath(d.field)), text: ruleText(t, d.message) })),
      });
      focusSummary();
    }
  };

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.head}>
        <Text as="h2" id={headingId} size={700} weight="semibold" className={styles.title}>
          {title}
        </Text>
      </div>
      {note ? (
        <MessageBar intent="warning">
          <MessageBarBody>{note}</MessageBarBody>
        </MessageBar>
      ) : null}
      {readOnly ? (
        <MessageBar intent="info">
          <MessageBarBody>{t("authoring.page.notEditable")}</MessageBarBody>
        </MessageBar>
      ) : null}
      {localItems.length > 0 ? (
        <IssueSummary ref={summaryRef} title={t("authoring.page.issuesTitle", { total: localItems.length })} items={localItems} />
      ) : server ? (
        <IssueSummary ref={summaryRef} title={t("authoring.page.notSaved")} note={server.note} items={server.items} />
      ) : null}
      <div className={styles.layout}>
        <form
          className={styles.form}
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly && !saving) void save();
          }}
        >
          <PromptField form={form} onChange={change} issues={commonIssues} />
          <PointsAndKcs form={form} onChange={change} issues={commonIssues} />
          <MediaFields form={form} onChange={change} issues={commonIssues} />
          <section className={styles.section} aria-labelledby={dataId}>
            <Text as="h3" id={dataId} size={500} weight="semibold" className={styles.heading}>
              {t("authoring.page.dataHeading", { type: t(`authoring.types.${type}.name`) })}
            </Text>
            <Text className={styles.hint}>{t(`authoring.types.${type}.description`)}</Text>
            <QuestionDataEditor type={type} draft={form.draft} onChange={(draft) => change({ draft })} issues={dataIssues} />
          </section>
          <FeedbackFields form={form} onChange={change} issues={commonIssues} />
          <div className={styles.actions}>
            {!readOnly ? (
              <Button type="submit" appearance="primary" icon={<SaveRegular />} disabled={saving}>
                {saving ? t("authoring.page.saving") : t("authoring.page.save")}
              </Button>
            ) : null}
            <LinkButton to={back}>{readOnly ? t("authoring.page.back") : t("authoring.page.cancel")}</LinkButton>
          </div>
        </form>
        <aside className={styles.preview} aria-labelledby={previewId}>
          <Text as="h3" id={previewId} size={500} weight="semibold" className={styles.heading}>
            {t("authoring.page.previewHeading")}
          </Text>
          {check.data ? (
            <>
              <Text className={styles.hint}>{t("authoring.page.previewNote")}</Text>
              <QuestionPreview
                type={type}
                data={check.data}
                seed={target.kind === "edit" ? target.guid : "preview"}
                prompt={form.prompt}
                media={form.media.flatMap((slot) => (slot.image ? [slot.image] : []))}
                label={t("authoring.page.previewLabel")}
              />
            </>
          ) : (
            <Text>{t("authoring.page.previewUnavailable")}</Text>
          )}
        </aside>
      </div>
    </section>
  );
}

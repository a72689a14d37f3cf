import { Badge, Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Textarea, tokens } from "@fluentui/react-components";
import { ArrowUndoRegular, DeleteRegular, DismissRegular, OpenRegular, SendRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { JobDetail, JobFile } from "../../../contracts/tasks";
import { JOB_FILE_EXTENSIONS, TASK_LIMITS } from "../../../contracts/tasks-base";
import { currentEditionSlug } from "../../app/edition";
import { useAppDispatch, useAppSelector } from "../../app/store";
import { formatIso, numberFormat } from "../../i18n/format";
import { errorMessage } from "../../ui/errors";
import { FactList, type Fact } from "../../ui/FactList";
import { ModalDialog } from "../../ui/ModalDialog";
import { LabeledProgress } from "../../ui/ProgressBar";
import { ErrorState } from "../../ui/States";
import { useNotify } from "../../ui/toast";
import { selectAuthRecord } from "../auth/authSlice";
import { LinkButton } from "../lesson/components/LinkButton";
import { uploadJobFile } from "./jobUpload";
import { jobChanged, useAddJobCommentMutation, useDeleteJobFileMutation, useGetJobQuery, useUpdateJobMutation } from "./tasksApi";
import { formatDue } from "./taskTabs";

/** pdf.js loads only when a teacher opens a PDF hand-in. */
const PdfViewer = lazy(() => import(/* webpackChunkName: "pdf-viewer" */ "../platform/PdfViewer").then((m) => ({ default: m.PdfViewer })));

const useStyles = makeStyles({
  body: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  prose: { margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  fileRow: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  fileName: { flexGrow: 1, minWidth: 0, overflowWrap: "anywhere" },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  viewer: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, border: `1px solid ${tokens.colorNeutralStroke2}`, padding: tokens.spacingVerticalS, borderRadius: tokens.borderRadiusMedium },
  media: { maxWidth: "100%", maxHeight: "60vh" },
  comment: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  commentMeta: { color: tokens.colorNeutralForeground2 },
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, alignItems: "flex-start" },
  wide: { alignSelf: "stretch" },
});

const ACCEPT = JOB_FILE_EXTENSIONS.map((e) => `.${e}`).join(",");
const STAMP: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };

/** One job (front/jobs/{guid}) in a dialog: focus moves in and comes back, Escape closes, the URL says which. */
export function JobDialog({ guid, onClose }: { guid: string; onClose: () => void }) {
  const { t } = useTranslation("tasks");
  const { data: job, isLoading, isError, refetch } = useGetJobQuery(guid);
  return (
    <ModalDialog open onClose={onClose} size="xl" title={job?.item.title ?? t("job.details")}>
      {isLoading ? (
        <Spinner label={t("job.loading")} />
      ) : isError || !job ? (
        <ErrorState message={t("job.loadFailed")} onRetry={() => void refetch()} />
      ) : (
        <JobBody job={job} />
      )}
    </ModalDialog>
  );
}

function JobBody({ job }: { job: JobDetail }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("tasks");
  const number = numberFormat(i18n.language);
  const lessonPath = `/course/${job.course.guid}/lesson/${job.lesson.guid}`;
  const facts: Fact[] = [
    [t("job.class"), job.course.name],
    [t("job.lesson"), job.lesson.title],
  ];
  if (job.student && job.viewer !== "student") facts.push([t("job.student"), job.student.name]);
  facts.push([t("job.due"), job.dueAt ? formatDue(job.dueAt, i18n.language) : t("row.noDue")]);
  facts.push([
    t("job.state"),
    <span key="state" className={styles.actions}>
      <Badge appearance="tint">{t(`states.${job.state}`)}</Badge>
      {job.late ? <Badge color="warning">{t("row.late")}</Badge> : null}
      {job.overdue ? <Badge color="danger">{t("row.overdue")}</Badge> : null}
    </span>,
  ]);
  if (job.deliveredAt) facts.push([t("job.deliveredAt"), formatIso(job.deliveredAt, i18n.language, STAMP)]);
  if (job.state === "graded" && job.score !== null) facts.push([t("job.score"), `${number.format(job.score)} / ${number.format(job.maxScore)}`]);

  return (
    <div className={styles.body}>
      {job.removed ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t("job.removed")}</MessageBarBody>
        </MessageBar>
      ) : null}
      <FactList facts={facts} />
      <section className={styles.section} aria-labelledby="job-instructions">
        <h3 id="job-instructions" className={styles.heading}>
          {t("job.instructions")}
        </h3>
        <p className={styles.prose}>{job.instructions || t("job.noInstructions")}</p>
      </section>
      {job.item.kind === "assessment" ? (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{t("job.assessmentNote")}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <LinkButton
          to={job.item.kind === "assessment" ? lessonPath : `${lessonPath}/resource/${job.item.guid}`}
          icon={<OpenRegular />}
          appearance={job.item.kind === "resource" && job.viewer === "student" ? "primary" : "secondary"}
        >
          {job.item.kind === "assessment" ? t("job.openInLesson") : t("job.openItem", { title: job.item.title })}
        </LinkButton>
      </div>
      <FilesSection job={job} />
      <StudentActions job={job} />
      <FeedbackSection job={job} />
      {job.rights.grade ? <GradeForm key={`${job.guid}:${job.gradedAt ?? ""}`} job={job} /> : null}
      <CommentsSection job={job} />
    </div>
  );
}

function FilesSection({ job }: { job: JobDetail }) {
  const styles = useStyles();
  const { t } = useTranslation(["tasks", "errors"]);
  const notify = useNotify();
  const [viewing, setViewing] = useState<JobFile | undefined>(undefined);
  const [deleteFile, deleting] = useDeleteJobFileMutation();
  const remove = async (file: JobFile) => {
    try {
      await deleteFile({ guid: job.guid, fileGuid: file.guid }).unwrap();
      if (viewing?.guid === file.guid) setViewing(undefined);
      notify({ intent: "success", title: t("job.fileDeleted") });
    } catch (error) {
      notify({ intent: "error", title: errorMessage(t, error) });
    }
  };
  return (
    <section className={styles.section} aria-labelledby="job-files">
      <h3 id="job-files" className={styles.heading}>
        {t("job.files")}
      </h3>
      {job.files.length === 0 ? (
        <Text>{t("job.noFiles")}</Text>
      ) : (
        <ul className={styles.list}>
          {job.files.map((file) => (
            <li key={file.guid} className={styles.fileRow}>
              <span className={styles.fileName}>{file.name}</span>
              {file.viewer === "download" ? (
                <Button as="a" href={file.url} target="_blank" rel="noopener noreferrer" size="small" icon={<OpenRegular />} aria-label={t("job.openFile", { name: file.name })} />
              ) : (
                <Button size="small" icon={<OpenRegular />} aria-label={t("job.openFile", { name: file.name })} aria-pressed={viewing?.guid === file.guid} onClick={() => setViewing(file)} />
              )}
              {job.rights.deleteFiles ? (
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={t("job.deleteFile", { name: file.name })}
                  disabled={deleting.isLoading}
                  onClick={() => void remove(file)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {viewing ? <FileViewer file={viewing} onClose={() => setViewing(undefined)} /> : null}
      {job.rights.upload ? <Uploader jobGuid={job.guid} /> : null}
    </section>
  );
}

/** A handed-in file in the app's viewers (pdf.js, the browser's media and image elements). */
function FileViewer({ file, onClose }: { file: JobFile; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation("tasks");
  return (
    <div className={styles.viewer} role="region" aria-label={t("job.fileViewer", { name: file.name })}>
      <div className={styles.fileRow}>
        <Text weight="semibold" className={styles.fileName}>
          {file.name}
        </Text>
        <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t("job.closeFile")} onClick={onClose} />
      </div>
      {file.viewer === "pdf" ? (
        <Suspense fallback={<Spinner />}>
          <PdfViewer url={file.url} title={file.name} />
        </Suspense>
      ) : file.viewer === "image" ? (
        <img src={file.url} alt={file.name} className={styles.media} />
      ) : file.viewer === "video" ? (
        <video src={file.url} controls className={styles.media} aria-label={file.name} />
      ) : (
        <audio src={file.url} controls aria-label={file.name} />
      )}
    </div>
  );
}

function Uploader({ jobGuid }: { jobGuid: string }) {
  const styles = useStyles();
  const { t } = useTranslation(["tasks", "errors"]);
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const token = useAppSelector(selectAuthRecord)?.token;
  const [upload, setUpload] = useState<{ name: string; progress: number } | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setFailure(undefined);
    setUpload({ name: file.name, progress: 0 });
    try {
      await uploadJobFile({ jobGuid, file, token, edition: currentEditionSlug(), onProgress: (progress) => setUpload({ name: file.name, progress }) });
      dispatch(jobChanged(jobGuid));
      notify({ intent: "success", title: t("job.uploaded") });
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setUpload(undefined);
      input.value = "";
    }
  };
  return (
    <div className={styles.form}>
      <Field label={t("job.addFile")} hint={t("job.accepted", { list: JOB_FILE_EXTENSIONS.join(", ") })}>
        {(props) => <input {...props} type="file" accept={ACCEPT} disabled={upload !== undefined} onChange={(e) => void pick(e.currentTarget)} />}
      </Field>
      {upload ? (
        <LabeledProgress label={t("job.uploading", { name: upload.name })} value={upload.progress} max={1} hint={`${Math.round(upload.progress * 100)} %`} />
      ) : null}
      {failure ? (
        <MessageBar intent="error" className={styles.wide}>
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}

function StudentActions({ job }: { job: JobDetail }) {
  const styles = useStyles();
  const { t } = useTranslation(["tasks", "errors"]);
  const notify = useNotify();
  const [update, state] = useUpdateJobMutation();
  if (!job.rights.deliver && !job.rights.undo) return null;
  const act = async (action: "deliver" | "undo") => {
    try {
      await update({ guid: job.guid, body: { action } }).unwrap();
      notify({ intent: "success", title: t(action === "deliver" ? "job.delivered" : "job.undone") });
    } catch (error) {
      notify({ intent: "error", title: errorMessage(t, error) });
    }
  };
  return (
    <div className={styles.actions}>
      {job.rights.deliver ? (
        <Button appearance="primary" icon={<SendRegular />} disabled={state.isLoading} onClick={() => void act("deliver")}>
          {t("job.deliver")}
        </Button>
      ) : null}
      {job.rights.undo ? (
        <Button icon={<ArrowUndoRegular />} disabled={state.isLoading} onClick={() => void act("undo")}>
          {t("job.undo")}
        </Button>
      ) : null}
    </div>
  );
}

function FeedbackSection({ job }: { job: JobDetail }) {
  const styles = useStyles();
  const { t } = useTranslation("tasks");
  if (job.state !== "graded" && !job.feedback) return null;
  return (
    <section className={styles.section} aria-labelledby="job-feedback">
      <h3 id="job-feedback" className={styles.heading}>
        {t("job.feedback")}
      </h3>
      <p className={styles.prose}>{job.feedback || t("job.noFeedback")}</p>
      {job.gradedBy ? <Text className={styles.commentMeta}>{t("job.gradedBy", { name: job.gradedBy.name })}</Text> : null}
    </section>
  );
}

/** Reads a score typed in the reader's language ("7,5" or "7.5"); NaN when it is not a number. */
const parseScore = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text.trim().replace(",", ".")));

function GradeForm({ job }: { job: JobDetail }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["tasks", "errors"]);
  const notify = useNotify();
  const [update, state] = useUpdateJobMutation();
  const [score, setScore] = useState(job.score === null ? "" : String(job.score));
  const [feedback, setFeedback] = useState(job.feedback ?? "");
  const [invalid, setInvalid] = useState(false);
  const max = numberFormat(i18n.language).format(job.maxScore);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = parseScore(score);
    if (!Number.isFinite(value) || value < 0 || value > job.maxScore) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    try {
      await update({ guid: job.guid, body: { score: value, feedback: feedback.trim() } }).unwrap();
      notify({ intent: "success", title: t("grade.saved") });
    } catch (error) {
      notify({ intent: "error", title: errorMessage(t, error) });
    }
  };
  return (
    <section className={styles.section} aria-labelledby="job-grade">
      <h3 id="job-grade" className={styles.heading}>
        {t("grade.title")}
      </h3>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t("grade.score", { max })} required validationState={invalid ? "error" : "none"} validationMessage={invalid ? t("grade.range", { max }) : undefined}>
          <Input inputMode="decimal" value={score} onChange={(_, data) => setScore(data.value)} />
        </Field>
        <Field label={t("grade.feedback")} className={styles.wide}>
          <Textarea value={feedback} maxLength={TASK_LIMITS.feedbackMaxChars} resize="vertical" onChange={(_, data) => setFeedback(data.value)} />
        </Field>
        <Button type="submit" appearance="primary" disabled={state.isLoading}>
          {t("grade.save")}
        </Button>
      </form>
    </section>
  );
}

function CommentsSection({ job }: { job: JobDetail }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["tasks", "errors"]);
  const notify = useNotify();
  const [add, state] = useAddJobCommentMutation();
  const [body, setBody] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === "") return;
    try {
      await add({ guid: job.guid, body: body.trim() }).unwrap();
      setBody("");
      notify({ intent: "success", title: t("job.commentSent") });
    } catch (error) {
      notify({ intent: "error", title: errorMessage(t, error) });
    }
  };
  return (
    <section className={styles.section} aria-labelledby="job-comments">
      <h3 id="job-comments" className={styles.heading}>
        {t("job.comments")}
      </h3>
      {job.comments.length === 0 ? (
        <Text>{t("job.noComments")}</Text>
      ) : (
        <ul className={styles.list}>
          {job.comments.map((comment) => (
            <li key={comment.guid} className={styles.comment}>
              <Text size={200} className={styles.commentMeta}>
                {comment.author?.name ?? ""} · {formatIso(comment.createdAt, i18n.language, STAMP)}
              </Text>
              <p className={styles.prose}>{comment.body}</p>
            </li>
          ))}
        </ul>
      )}
      {job.rights.comment ? (
        <form className={styles.form} onSubmit={(e) => void submit(e)}>
          <Field label={t("job.comment")} className={styles.wide}>
            <Textarea value={body} maxLength={TASK_LIMITS.commentMaxChars} resize="vertical" onChange={(_, data) => setBody(data.value)} />
          </Field>
          <Button type="submit" icon={<SendRegular />} disabled={state.isLoading || body.trim() === ""}>
            {t("job.send")}
          </Button>
        </form>
      ) : null}
    </section>
  );
}

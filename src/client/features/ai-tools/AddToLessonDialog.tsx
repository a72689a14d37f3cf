import type { TFunction } from "i18next";
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text } from "@fluentui/react-components";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ToolInstance } from "../../../contracts/teacher-tools-base";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { SelectField, type SelectOption } from "../../ui/Select";
import { useGetProgramQuery } from "../course/programApi";
import { useGetCoursesQuery } from "../home/homeApi";
import { useCreateContentMutation, useCreateLessonItemMutation } from "../lesson/lessonApi";
import type { LessonRef } from "./aiToolsApi";
import { ToolsLoadError, useToolFormat, useToolStyles } from "./parts";
import { resultText } from "./resultText";

/** The responsive text page: its body is plain text, shown as paragraphs. */
export const LESSON_TEXT_TYPE = "CTTY_02";
/** ContentCreateSchema's limits (src/contracts/lessons.ts). */
const TITLE_MAX = 200;
const BODY_MAX = 100_000;


/**
 * What goes into the lesson: the adapter's adapted text or the translation alone (the text pupils
 * read), otherwise the whole result as "Copy content" gives it. resultText gives the same two texts
 * today; they are named here so that a richer copy never puts the report into a pupils' page.
 */
export function lessonTextOf(instance: ToolInstance, t: TFunction, num: (n: number) => string, date: (iso: string) => string): string {
  const result = instance.result;
  if (result.tool === "text-level-adapter" && result.adapted) return result.adapted.text;
  if (result.tool === "text-translator") return result.text;
  return resultText(instance, t, num, date);
}

export type AddedToLesson = LessonRef & { title: string };

export type AddToLessonDialogProps = {
  instance: ToolInstance;
  onClose: () => void;
  /** Both calls answered: the dialog is done. */
  onAdded: (added: AddedToLesson) => void;
};

type Missing = { courseGuid: boolean; lessonGuid: boolean; title: boolean };
const NONE_MISSING: Missing = { courseGuid: false, lessonGuid: false, title: false };

/**
 * "Add to a lesson": the result as a text page (CTTY_02), placed as a draft item in a lesson of one
 * of the teacher's classes, the instance's own lesson first. Mount it only while open (ADR 0029).
 */
export function AddToLessonDialog({ instance, onClose, onAdded }: AddToLessonDialogProps) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const formId = useId();
  const context = instance.context;
  const [courseGuid, setCourseGuid] = useState(context?.courseGuid ?? "");
  const [lessonGuid, setLessonGuid] = useState(context?.lessonGuid ?? "");
  const [title, setTitle] = useState(instance.title.slice(0, TITLE_MAX));
  const [missing, setMissing] = useState<Missing>(NONE_MISSING);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [createContent] = useCreateContentMutation();
  const [createItem] = useCreateLessonItemMutation();
  // A content already created when placing it failed: a retry places that one, not a copy (same title).
  const created = useRef<{ title: string; guid: string } | undefined>(undefined);

  const courses = useGetCoursesQuery();
  const program = useGetProgramQuery({ guid: courseGuid, studentView: false }, { skip: courseGuid === "" });

  // While the lists load (or when they cannot), the instance's own class and lesson stay chosen.
  const classes: SelectOption[] = courses.data
    ? courses.data.items.filter((c) => c.myRole === "teacher" || c.myRole === "coteacher").map((c) => ({ value: c.guid, label: c.name }))
    : context
      ? [{ value: context.courseGuid, label: context.courseName }]
      : [];
  const programLessons = program.currentData?.publications.flatMap((p) => p.units.flatMap((u) => u.lessons.map((l) => ({ value: l.guid, label: `${u.title} · ${l.title}` }))));
  const lessons: SelectOption[] =
    programLessons ?? (context && courseGuid === context.courseGuid ? [{ value: context.lessonGuid, label: `${context.unitTitle} · ${context.lessonTitle}` }] : []);
  // A class or lesson the lists do not have is not chosen.
  const course = classes.some((c) => c.value === courseGuid) ? courseGuid : "";
  const lesson = course !== "" && lessons.some((l) => l.value === lessonGuid) ? lessonGuid : "";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const name = title.trim();
    const gaps: Missing = { courseGuid: course === "", lessonGuid: lesson === "", title: name === "" };
    setMissing(gaps);
    if (gaps.courseGuid || gaps.lessonGuid || gaps.title) {
      setProblem(t("setup.required"));
      return;
    }
    const body = lessonTextOf(instance, t, f.decimal, f.dateTime);
    if (body.length > BODY_MAX) {
      setProblem(t("instance.addToLesson.tooLong", { max: f.integer(BODY_MAX) }));
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      if (created.current?.title !== name) {
        const content = await createContent({ type: LESSON_TEXT_TYPE, title: name, description: "", body }).unwrap();
        created.current = { title: name, guid: content.guid };
      }
      await createItem({ courseGuid: course, lessonGuid: lesson, contentGuid: created.current.guid, status: "draft" }).unwrap();
      onAdded({ courseGuid: course, lessonGuid: lesson, title: name });
    } catch (err) {
      setProblem(t("contextMessage", { context: t("instance.addToLesson.failed"), message: errorMessage(t, err) }));
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      open
      size="small"
      title={t("instance.addToLesson.title")}
      onClose={onClose}
      actions={
        <>
          <Button type="submit" form={formId} appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {t("instance.addToLesson.add")}
          </Button>
          <Button onClick={onClose}>{t("instance.cancel")}</Button>
        </>
      }
    >
      <form id={formId} className={styles.section} noValidate onSubmit={(e) => void submit(e)}>
        <Text as="p">{t("instance.addToLesson.draft")}</Text>
        <SelectField
          label={t("lesson.class")}
          required
          placeholder={t("lesson.choose")}
          value={course}
          options={classes}
          error={missing.courseGuid && course === "" ? t("setup.requiredField") : undefined}
          onChange={(v) => {
            setCourseGuid(v);
            setLessonGuid("");
          }}
        />
        <SelectField
          label={t("lesson.lesson")}
          required
          placeholder={t("lesson.choose")}
          value={lesson}
          options={lessons}
          disabled={course === "" || lessons.length === 0}
          error={missing.lessonGuid && lesson === "" ? t("setup.requiredField") : undefined}
          onChange={setLessonGuid}
        />
        {program.isFetching ? <Spinner size="tiny" label={t("loading")} /> : null}
        {courses.isError ? <ToolsLoadError context={t("instance.addToLesson.loadFailed")} error={courses.error} onRetry={() => void courses.refetch()} /> : null}
        {program.isError ? <ToolsLoadError context={t("instance.addToLesson.loadFailed")} error={program.error} onRetry={() => void program.refetch()} /> : null}
        <Field
          label={t("instance.addToLesson.contentTitle")}
          required
          validationState={missing.title && title.trim() === "" ? "error" : "none"}
          validationMessage={missing.title && title.trim() === "" ? t("setup.requiredField") : undefined}
        >
          <Input value={title} maxLength={TITLE_MAX} onChange={(_e, d) => setTitle(d.value)} />
        </Field>
        {problem ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        ) : null}
      </form>
    </ModalDialog>
  );
}

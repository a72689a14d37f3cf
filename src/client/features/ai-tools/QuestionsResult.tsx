import { Badge, Button, Checkbox, MessageBar, MessageBarBody, Spinner, Text } from "@fluentui/react-components";
import { AddRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { QuestionDataFor } from "../../../contracts/questions";
import type { QuestionGeneratorResult, ToolInstance } from "../../../contracts/teacher-tools-base";
import { FactList } from "../../ui/FactList";
import { RouterLink } from "../../ui/RouterLink";
import { SelectField } from "../../ui/Select";
import { errorMessage } from "../../ui/errors";
import { useGetProgramQuery } from "../course/programApi";
import { useGetCoursesQuery } from "../home/homeApi";
import { useGetLessonItemsQuery } from "../lesson/lessonApi";
import { QuestionPreview } from "../questions/authoring/author-preview";
import { useAddToAssessmentMutation, type LessonRef } from "./aiToolsApi";
import { ToolNotes, useToolStyles } from "./parts";
import { toolPaths } from "./toolLook";

/**
 * The question generator's result: each question as a student would see it (the question views'
 * preview mode, built with toStudentData so no answer shows), its type, KCs and source sentence,
 * a checkbox to choose it, and "Add to assessment" for the chosen ones.
 */
export function QuestionsResult({ instance, result }: { instance: ToolInstance; result: QuestionGeneratorResult }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (i: number, on: boolean) => setChosen((c) => (on ? [...c.filter((x) => x !== i), i].sort((a, b) => a - b) : c.filter((x) => x !== i)));

  return (
    <>
      <section className={styles.section} aria-labelledby="questions-title">
        <h2 id="questions-title">{t("questions.title")}</h2>
        {result.questions.length === 0 ? (
          <Text>{t("questions.none")}</Text>
        ) : (
          <>
            <Text className={styles.muted}>{t("questions.previewHint")}</Text>
            <ol className={styles.list}>
              {result.questions.map((q, i) => {
                const n = i + 1;
                const label = t("questions.label", { n });
                return (
                  <li key={i}>
                    <article className={styles.card} aria-labelledby={`question-${i}`}>
                      <div className={styles.row}>
                        <h3 id={`question-${i}`}>{label}</h3>
                        <Badge appearance="tint" color="brand">
                          {t(`questionTypes.${q.type}`)}
                        </Badge>
                      </div>
                      <QuestionPreview type={q.type} data={q.questionData as QuestionDataFor<typeof q.type>} seed={`${instance.id}:${i}`} prompt={q.prompt} label={label} />
                      <FactList
                        facts={[
                          [t("questions.kcs"), q.kcs.length > 0 ? q.kcs.join(", ") : t("questions.noKcs")],
                          [t("questions.source"), q.source],
                        ]}
                      />
                      <Checkbox label={t("questions.choose", { n })} checked={chosen.includes(i)} onChange={(_, d) => toggle(i, d.checked === true)} />
                    </article>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </section>

      <ToolNotes id="questions-notes" notes={result.notes.map((n) => t(`notes.questions.${n}`))} />

      {result.questions.length > 0 ? <AddToAssessment instance={instance} chosen={chosen} /> : null}
    </>
  );
}

/** The instance's lesson, or one the teacher picks from their classes. */
function useLessonChoice(instance: ToolInstance) {
  const fromInstance: LessonRef | null = instance.context ? { courseGuid: instance.context.courseGuid, lessonGuid: instance.context.lessonGuid } : null;
  const [courseGuid, setCourseGuid] = useState("");
  const [lessonGuid, setLessonGuid] = useState("");
  const lesson = fromInstance ?? (courseGuid && lessonGuid ? { courseGuid, lessonGuid } : null);
  return { fromInstance, courseGuid, setCourseGuid, lessonGuid, setLessonGuid, lesson };
}

/** "Add to assessment": an assessment of the lesson (its items of type assessment), and the chosen questions into it, all or none. */
function AddToAssessment({ instance, chosen }: { instance: ToolInstance; chosen: number[] }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const choice = useLessonChoice(instance);
  const needsPicker = choice.fromInstance === null;
  const courses = useGetCoursesQuery(undefined, { skip: !needsPicker });
  const program = useGetProgramQuery({ guid: choice.courseGuid, studentView: false }, { skip: !needsPicker || choice.courseGuid === "" });
  const items = useGetLessonItemsQuery(
    { lessonGuid: choice.lesson?.lessonGuid ?? "", courseGuid: choice.lesson?.courseGuid ?? "", studentView: false },
    { skip: choice.lesson === null },
  );
  const [assessmentGuid, setAssessmentGuid] = useState("");
  const [add, { isLoading: adding }] = useAddToAssessmentMutation();
  const [outcome, setOutcome] = useState<{ kind: "done"; count: number; title: string; lesson: LessonRef; guid: string } | { kind: "failed"; message: string } | undefined>();

  const classes = (courses.data?.items ?? []).filter((c) => c.myRole === "teacher" || c.myRole === "coteacher");
  const lessons = (program.data?.publications ?? []).flatMap((p) => p.units.flatMap((u) => u.lessons.map((l) => ({ value: l.guid, label: `${u.title} · ${l.title}` }))));
  const assessments = (items.data ?? []).filter((item) => item.content.type === "CTTY_18" && !item.content.deleted).map((item) => ({ value: item.content.guid, label: item.title }));

  const submit = async () => {
    const lesson = choice.lesson;
    if (!lesson || assessmentGuid === "" || chosen.length === 0) return;
    setOutcome(undefined);
    try {
      const done = await add({ instanceId: instance.id, assessmentGuid, questions: chosen }).unwrap();
      const title = assessments.find((a) => a.value === assessmentGuid)?.label ?? "";
      setOutcome({ kind: "done", count: done.questionGuids.length, title, lesson, guid: done.assessmentGuid });
    } catch (err) {
      setOutcome({ kind: "failed", message: t("contextMessage", { context: t("questions.add.failed"), message: errorMessage(t, err) }) });
    }
  };

  const assessmentsHint = (() => {
    if (choice.lesson === null) return t("questions.add.chooseLesson");
    if (items.isError) return t("contextMessage", { context: t("questions.add.loadFailed"), message: errorMessage(t, items.error) });
    if (!items.isLoading && assessments.length === 0) return t("questions.add.noAssessments");
    return undefined;
  })();

  return (
    <section className={styles.section} aria-labelledby="questions-add">
      <h2 id="questions-add">{t("questions.add.title")}</h2>
      <Text className={styles.muted}>
        {choice.fromInstance && instance.context
          ? t("questions.add.fromLesson", { lesson: instance.context.lessonTitle, course: instance.context.courseName })
          : t("questions.add.pickLesson")}
      </Text>
      <div className={styles.row}>
        {needsPicker ? (
          <>
            <SelectField
              label={t("lesson.class")}
              placeholder={t("lesson.choose")}
              value={choice.courseGuid}
              options={classes.map((c) => ({ value: c.guid, label: c.name }))}
              onChange={(v) => {
                choice.setCourseGuid(v);
                choice.setLessonGuid("");
                setAssessmentGuid("");
              }}
            />
            <SelectField
              label={t("lesson.lesson")}
              placeholder={t("lesson.choose")}
              value={choice.lessonGuid}
              options={lessons}
              disabled={choice.courseGuid === "" || lessons.length === 0}
              onChange={(v) => {
                choice.setLessonGuid(v);
                setAssessmentGuid("");
              }}
            />
          </>
        ) : null}
        <SelectField
          label={t("questions.add.assessment")}
          placeholder={t("lesson.choose")}
          value={assessmentGuid}
          options={assessments}
          disabled={assessments.length === 0}
          hint={assessmentsHint}
          onChange={setAssessmentGuid}
        />
        {items.isFetching ? <Spinner size="tiny" label={t("loading")} /> : null}
      </div>
      <div className={styles.row}>
        <Button appearance="primary" icon={adding ? <Spinner size="tiny" /> : <AddRegular />} disabled={adding || chosen.length === 0 || assessmentGuid === ""} onClick={() => void submit()}>
          {t("questions.add.button", { count: chosen.length })}
        </Button>
        {chosen.length === 0 ? <Text className={styles.muted}>{t("questions.add.noneChosen")}</Text> : null}
      </div>
      <div role="status">
        {outcome?.kind === "done" ? (
          <MessageBar intent="success">
            <MessageBarBody>
              {t("questions.add.done", { count: outcome.count, title: outcome.title })}{" "}
              <RouterLink to={toolPaths.assessment(outcome.lesson.courseGuid, outcome.lesson.lessonGuid, outcome.guid)}>{t("questions.add.open")}</RouterLink>
            </MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
      {outcome?.kind === "failed" ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{outcome.message}</MessageBarBody>
        </MessageBar>
      ) : null}
    </section>
  );
}

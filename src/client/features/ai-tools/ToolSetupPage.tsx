import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Spinner, Text, Textarea } from "@fluentui/react-components";
import { SparkleRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { EDUCATION_LEVELS } from "../../../contracts/education-levels";
import {
  countWords,
  DESTINATION_LANGUAGES,
  GENERATED_QUESTION_TYPES,
  GENERATED_QUESTIONS_MAX,
  GENERATED_QUESTIONS_MIN,
  OBJECTIVES_MAX_CHARS,
  RUBRIC_LEVELS_MAX,
  RUBRIC_LEVELS_MIN,
  RUBRIC_SCORE_MAX,
  RUBRIC_SCORE_MIN,
  SESSION_MINUTES_MAX,
  SESSION_MINUTES_MIN,
  SPECIAL_NEEDS,
  TASK_DESCRIPTION_MAX_CHARS,
  TOOL_NOTES_MAX_CHARS,
  TOOL_TEXT_MAX_CHARS,
  TOOL_TEXT_MAX_WORDS,
  VOCABULARY_WORDS_MAX,
  VOCABULARY_WORDS_MIN,
  type LessonContentForTools,
  type ToolMode,
} from "../../../contracts/teacher-tools-base";
import { AppPageHeader } from "../../app/AppPageHeader";
import { errorKeyOf } from "../../app/apiResult";
import { useEdition } from "../../app/publicData";
import { errorMessage } from "../../ui/errors";
import { SelectField } from "../../ui/Select";
import { EmptyState } from "../../ui/States";
import { RouterLink } from "../../ui/RouterLink";
import { useGetToolCatalogueQuery, useRunToolMutation, type LessonRef } from "./aiToolsApi";
import { blankToolForm, missingFields, outOfRange, overWordLimit, requestOf, serverFieldErrors, type ToolField, type ToolFormValues } from "./formModel";
import { LessonPicker } from "./LessonPicker";
import { ToolsLoadError, useToolStyles } from "./parts";
import { levelNames } from "./resultText";
import { isFormTool, toolPaths, type FormTool } from "./toolLook";

// The student feedback's class, student and work picker (the class members' and work queries) loads with that tool's form only.
const StudentWorkPicker = lazy(() => import(/* webpackChunkName: "ai-tools-student-work" */ "./StudentWorkPicker").then((m) => ({ default: m.StudentWorkPicker })));

/** The URL's lesson (?courseGuid=&lessonGuid=, from the AI Tutor panel), both or none. */
function lessonOfSearch(search: URLSearchParams): LessonRef | null {
  const courseGuid = search.get("courseGuid");
  const lessonGuid = search.get("lessonGuid");
  return courseGuid && lessonGuid ? { courseGuid, lessonGuid } : null;
}

/** /ai/tools/setup/:tool: the tool's form, or "Tool not found" for a tool the server does not run. */
export function ToolSetupPage() {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const { tool } = useParams();
  const { data, isLoading, isError, error, refetch } = useGetToolCatalogueQuery();

  if (isError) return <ToolsLoadError context={t("catalogue.failed")} error={error} onRetry={() => void refetch()} />;
  if (isLoading || !data) return <Spinner label={t("loading")} />;
  const card = data.tools.find((c) => c.tool === tool);
  if (!isFormTool(tool) || !card?.available) {
    return (
      <div className={styles.page}>
        <AppPageHeader title={t("setup.notFound.title")} />
        <EmptyState title={t("setup.notFound.title")} body={t("setup.notFound.body")} action={<RouterLink to={toolPaths.list}>{t("setup.backToTools")}</RouterLink>} />
      </div>
    );
  }
  return <ToolForm key={tool} tool={tool} mode={card.mode} />;
}

function ToolForm({ tool, mode }: { tool: FormTool; mode: ToolMode }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [initialLesson] = useState(() => lessonOfSearch(search));
  const { data: edition } = useEdition();
  const country = edition?.country ?? "ES";
  const levels = EDUCATION_LEVELS[country];
  // The student feedback starts on the AI Tutor panel's class.
  const [values, setValues] = useState<ToolFormValues>(() => ({ ...blankToolForm(), courseGuid: tool === "student-feedback" ? (initialLesson?.courseGuid ?? "") : "" }));
  const [problem, setProblem] = useState<string | undefined>();
  const [fromServer, setFromServer] = useState<Record<string, string>>({});
  const [showMissing, setShowMissing] = useState(false);
  const [run, { isLoading: running }] = useRunToolMutation();

  const set = <K extends keyof ToolFormValues>(key: K, value: ToolFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const words = countWords(values.text);
  const over = overWordLimit(values.text);
  const missing = showMissing ? missingFields(tool, values) : [];
  const level = levels.find((l) => l.code === values.educationLevel);
  const bad = outOfRange(tool, values);
  const badWordCount = bad.includes("numberOfWords");
  const badQuestions = bad.includes("numberOfQuestions");
  const badMinutes = bad.includes("sessionMinutes");
  const feedback = tool === "student-feedback";
  const rubric = tool === "rubric-generator";

  /** What the server said about a field of the body (VALIDATION_ERROR details), in words. */
  const serverSays = (field: string, limit?: number): string | undefined => {
    const rule = fromServer[field];
    if (rule === undefined) return undefined;
    if (rule === "required") return t("setup.requiredField");
    if (rule === "max_chars" && limit !== undefined) return t("common:form.max_chars", { count: limit });
    return t("common:form.invalid_choice");
  };
  /** A required field left empty first, else the server's word on it. */
  const fieldError = (field: ToolField, serverField: string = field, limit?: number) =>
    missing.includes(field) ? t("setup.requiredField") : serverSays(serverField, limit);

  const onLessonLoaded = (content: LessonContentForTools) =>
    setValues((v) => ({
      ...v,
      text: content.text,
      educationLevel: content.educationLevel ?? v.educationLevel,
      educationYear: content.educationYear !== null ? String(content.educationYear) : content.educationLevel ? "" : v.educationYear,
      lesson: { courseGuid: content.courseGuid, lessonGuid: content.lessonGuid },
    }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(undefined);
    setFromServer({});
    if (missingFields(tool, values).length > 0) {
      setShowMissing(true);
      setProblem(t("setup.required"));
      return;
    }
    if (over || bad.length > 0) return;
    try {
      const instance = await run(requestOf(tool, values)).unwrap();
      navigate(toolPaths.instance(instance.id));
    } catch (err) {
      setFromServer(serverFieldErrors(err));
      const message = errorKeyOf(err) === "INTERNAL_ERROR" ? t("setup.createFailed") : errorMessage(t, err);
      setProblem(t("contextMessage", { context: t(`setup.failed.${tool}`), message }));
    }
  };

  return (
    <div className={styles.page}>
      <AppPageHeader title={t(`tools.${tool}.title`)} subtitle={t(`tools.${tool}.description`)} />
      {feedback ? null : (
        <LessonPicker
          initial={initialLesson}
          onLoaded={onLessonLoaded}
          required={tool === "lesson-plan-generator"}
          error={missing.includes("lesson") ? t("setup.lessonRequired") : undefined}
        />
      )}
      <form className={styles.section} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t(`tools.${tool}.title`)}>
        <div className={styles.row}>
          <SelectField
            label={t("setup.fields.level")}
            required
            placeholder={t("setup.choose")}
            value={values.educationLevel}
            options={levels.map((l) => ({ value: l.code, label: t(`common:education.levels.${country}.${l.code}`, { defaultValue: l.name }) }))}
            error={fieldError("educationLevel")}
            onChange={(v) => setValues((old) => ({ ...old, educationLevel: v as ToolFormValues["educationLevel"], educationYear: "" }))}
          />
          <SelectField
            label={t("setup.fields.year")}
            required
            placeholder={t("setup.choose")}
            value={values.educationYear}
            disabled={!level}
            options={(level?.years ?? []).map((name, i) => ({
              value: String(i + 1),
              label: t(`common:education.years.${country}.${level?.code ?? ""}.y${i + 1}`, { defaultValue: name }),
            }))}
            error={fieldError("educationYear")}
            onChange={(v) => set("educationYear", v)}
          />
        </div>
        {feedback ? (
          <Suspense fallback={<Spinner size="tiny" label={t("loading")} />}>
            <StudentWorkPicker
              courseGuid={values.courseGuid}
              studentGuid={values.studentGuid}
              work={values.work}
              onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
              errors={{
                courseGuid: fieldError("courseGuid"),
                studentGuid: fieldError("studentGuid"),
                work: fieldError("work", "attemptGuid") ?? serverSays("jobGuid"),
              }}
            />
          </Suspense>
        ) : (
          <Field
            label={t("setup.fields.text")}
            required
            hint={t("setup.fields.wordCount", { count: words, limit: TOOL_TEXT_MAX_WORDS })}
            validationState={over || fieldError("text", "textToAdapt") ? "error" : "none"}
            validationMessage={over ? t("setup.overLimit", { count: words, limit: TOOL_TEXT_MAX_WORDS }) : fieldError("text", "textToAdapt", TOOL_TEXT_MAX_CHARS)}
          >
            <Textarea resize="vertical" rows={10} value={values.text} onChange={(_, d) => set("text", d.value)} />
          </Field>
        )}
        {tool === "vocabulary-creator" ? (
          <RangeField
            label={t("setup.fields.numberOfWords")}
            hint={t("setup.fields.numberOfWordsHint", { min: VOCABULARY_WORDS_MIN, max: VOCABULARY_WORDS_MAX })}
            min={VOCABULARY_WORDS_MIN}
            max={VOCABULARY_WORDS_MAX}
            value={values.numberOfWords}
            outOfRange={badWordCount}
            missing={missing.includes("numberOfWords")}
            onChange={(v) => set("numberOfWords", v)}
          />
        ) : null}
        {tool === "text-translator" ? (
          <SelectField
            label={t("setup.fields.destination")}
            required
            placeholder={t("setup.choose")}
            value={values.destinationLanguage}
            options={DESTINATION_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            error={missing.includes("destinationLanguage") ? t("setup.requiredField") : undefined}
            onChange={(v) => set("destinationLanguage", v as ToolFormValues["destinationLanguage"])}
          />
        ) : null}
        {tool === "question-generator" ? (
          <>
            <RangeField
              label={t("setup.fields.numberOfQuestions")}
              hint={t("setup.fields.rangeHint", { min: GENERATED_QUESTIONS_MIN, max: GENERATED_QUESTIONS_MAX })}
              min={GENERATED_QUESTIONS_MIN}
              max={GENERATED_QUESTIONS_MAX}
              value={values.numberOfQuestions}
              outOfRange={badQuestions}
              missing={missing.includes("numberOfQuestions")}
              onChange={(v) => set("numberOfQuestions", v)}
            />
            <fieldset className={styles.section} aria-describedby={mode === "local" ? "question-types-local" : undefined}>
              <legend>
                {t("setup.fields.questionTypes")} <span aria-hidden="true">*</span>
              </legend>
              <div className={styles.row}>
                {GENERATED_QUESTION_TYPES.map((type) => (
                  <Checkbox
                    key={type}
                    label={t(`questionTypes.${type}`)}
                    checked={values.questionTypes.includes(type)}
                    onChange={(_, d) =>
                      set("questionTypes", d.checked === true ? [...values.questionTypes, type] : values.questionTypes.filter((q) => q !== type))
                    }
                  />
                ))}
              </div>
              {mode === "local" ? (
                <Text id="question-types-local" className={styles.muted}>
                  {t("setup.fields.questionTypesLocal")}
                </Text>
              ) : null}
              {missing.includes("questionTypes") ? (
                <Text role="alert" className={styles.error}>
                  {t("setup.fields.questionTypesRequired")}
                </Text>
              ) : null}
            </fieldset>
          </>
        ) : null}
        {tool === "lesson-plan-generator" ? (
          <>
            <RangeField
              label={t("setup.fields.sessionMinutes")}
              hint={t("setup.fields.rangeHint", { min: SESSION_MINUTES_MIN, max: SESSION_MINUTES_MAX })}
              min={SESSION_MINUTES_MIN}
              max={SESSION_MINUTES_MAX}
              value={values.sessionMinutes}
              outOfRange={badMinutes}
              missing={missing.includes("sessionMinutes")}
              onChange={(v) => set("sessionMinutes", v)}
            />
            <ObjectivesField value={values.learningObjectives} error={serverSays("learningObjectives", OBJECTIVES_MAX_CHARS)} onChange={(v) => set("learningObjectives", v)} />
          </>
        ) : null}
        {rubric ? (
          <>
            <ObjectivesField
              value={values.learningObjectives}
              hint={t("setup.fields.rubricObjectivesHint")}
              error={serverSays("learningObjectives", OBJECTIVES_MAX_CHARS)}
              onChange={(v) => set("learningObjectives", v)}
            />
            <Field
              label={t("setup.fields.taskDescription")}
              hint={t("setup.fields.taskDescriptionHint")}
              validationState={serverSays("taskDescription") ? "error" : "none"}
              validationMessage={serverSays("taskDescription", TASK_DESCRIPTION_MAX_CHARS)}
            >
              <Textarea resize="vertical" rows={3} maxLength={TASK_DESCRIPTION_MAX_CHARS} value={values.taskDescription} onChange={(_, d) => set("taskDescription", d.value)} />
            </Field>
            <div className={styles.row}>
              <SelectField
                label={t("setup.fields.numberOfLevels")}
                required
                value={values.numberOfLevels}
                options={Array.from({ length: RUBRIC_LEVELS_MAX - RUBRIC_LEVELS_MIN + 1 }, (_, i) => {
                  const n = RUBRIC_LEVELS_MIN + i;
                  return { value: String(n), label: t("setup.fields.levelsOption", { count: n, names: levelNames(t, n).join(", ") }) };
                })}
                error={fieldError("numberOfLevels")}
                onChange={(v) => set("numberOfLevels", v)}
              />
              <RangeField
                label={t("setup.fields.maxScore")}
                hint={t("setup.fields.rangeHint", { min: RUBRIC_SCORE_MIN, max: RUBRIC_SCORE_MAX })}
                min={RUBRIC_SCORE_MIN}
                max={RUBRIC_SCORE_MAX}
                value={values.maxScore}
                outOfRange={bad.includes("maxScore") || fromServer.maxScore !== undefined}
                missing={missing.includes("maxScore")}
                onChange={(v) => set("maxScore", v)}
              />
            </div>
          </>
        ) : null}
        {tool !== "real-world-connection" ? (
          <fieldset className={styles.section}>
            <legend>{t("setup.fields.specialNeeds")}</legend>
            <div className={styles.row}>
              {SPECIAL_NEEDS.map((need) => (
                <Checkbox
                  key={need}
                  label={t(`needs.${need}`)}
                  checked={values.specialNeeds.includes(need)}
                  onChange={(_, d) =>
                    set("specialNeeds", d.checked === true ? [...values.specialNeeds, need] : values.specialNeeds.filter((n) => n !== need))
                  }
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        <Field
          label={t("setup.fields.notes")}
          hint={t("setup.fields.notesHint")}
          validationState={serverSays("additionalNotes") ? "error" : "none"}
          validationMessage={serverSays("additionalNotes", TOOL_NOTES_MAX_CHARS)}
        >
          <Textarea resize="vertical" rows={3} maxLength={TOOL_NOTES_MAX_CHARS} value={values.additionalNotes} onChange={(_, d) => set("additionalNotes", d.value)} />
        </Field>
        {problem ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.row}>
          <Button type="submit" appearance="primary" icon={running ? <Spinner size="tiny" /> : <SparkleRegular />} disabled={running}>
            {running ? t("setup.running") : t("setup.submit")}
          </Button>
          <RouterLink to={toolPaths.list}>{t("setup.backToTools")}</RouterLink>
        </div>
      </form>
    </div>
  );
}

/** Learning objectives, one a line (the lesson plan's and the rubric's), optional. */
function ObjectivesField({ value, hint, error, onChange }: { value: string; hint?: string; error: string | undefined; onChange: (value: string) => void }) {
  const { t } = useTranslation("aiTools");
  return (
    <Field label={t("setup.fields.objectives")} hint={hint ?? t("setup.fields.objectivesHint")} validationState={error ? "error" : "none"} validationMessage={error}>
      <Textarea resize="vertical" rows={4} maxLength={OBJECTIVES_MAX_CHARS} value={value} onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}

/** A whole number between `min` and `max` (the vocabulary's words, the questions, a session's minutes), required. */
function RangeField(props: { label: string; hint: string; min: number; max: number; value: string; outOfRange: boolean; missing: boolean; onChange: (value: string) => void }) {
  const { t } = useTranslation("aiTools");
  const { label, hint, min, max, value, outOfRange, missing, onChange } = props;
  return (
    <Field
      label={label}
      required
      hint={hint}
      validationState={outOfRange || missing ? "error" : "none"}
      validationMessage={outOfRange ? hint : missing ? t("setup.requiredField") : undefined}
    >
      <Input type="number" min={min} max={max} step={1} value={value} onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}

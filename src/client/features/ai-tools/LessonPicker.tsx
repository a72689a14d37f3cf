import type { TFunction } from "i18next";
import { Button, MessageBar, MessageBarBody, Text } from "@fluentui/react-components";
import { ArrowDownloadRegular } from "@fluentui/react-icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LessonContentForTools } from "../../../contracts/teacher-tools-base";
import { errorKeyOf } from "../../app/apiResult";
import { errorMessage } from "../../ui/errors";
import { SelectField } from "../../ui/Select";
import { useGetProgramQuery } from "../course/programApi";
import { useGetCoursesQuery } from "../home/homeApi";
import { useLazyGetToolLessonContentQuery, type LessonRef } from "./aiToolsApi";
import { useToolStyles } from "./parts";

/** "Failed to fetch lesson content: <status>": the HTTP status, or the error in words when the server never answered. */
function statusOf(t: TFunction, error: unknown): string {
  const status = error && typeof error === "object" && "status" in error ? (error as { status: unknown }).status : undefined;
  if (typeof status === "number") return String(status);
  return errorKeyOf(error) === "NETWORK_ERROR" ? errorMessage(t, error) : String(status ?? "");
}

export type LessonPickerProps = {
  /** A lesson to load at once (the AI Tutor panel's ?courseGuid=&lessonGuid=). */
  initial: LessonRef | null;
  onLoaded: (content: LessonContentForTools) => void;
  /** The tool cannot run without a lesson (the lesson plan generator): the selects are marked required. */
  required?: boolean;
  /** Shown under the selects when the lesson is required and none was loaded. */
  error?: string | undefined;
};

/** "Load from a lesson": one of the teacher's classes, a lesson of its program, then its text. */
export function LessonPicker({ initial, onLoaded, required = false, error }: LessonPickerProps) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const [courseGuid, setCourseGuid] = useState(initial?.courseGuid ?? "");
  const [lessonGuid, setLessonGuid] = useState(initial?.lessonGuid ?? "");
  const [failure, setFailure] = useState<string | undefined>();
  const [loaded, setLoaded] = useState<LessonContentForTools | undefined>();
  const courses = useGetCoursesQuery();
  const program = useGetProgramQuery({ guid: courseGuid, studentView: false }, { skip: courseGuid === "" });
  const [fetchContent, content] = useLazyGetToolLessonContentQuery();

  const classes = (courses.data?.items ?? []).filter((c) => c.myRole === "teacher" || c.myRole === "coteacher");
  const lessons = (program.data?.publications ?? []).flatMap((p) => p.units.flatMap((u) => u.lessons.map((l) => ({ value: l.guid, label: `${u.title} · ${l.title}` }))));

  const apply = async (ref: LessonRef) => {
    try {
      const result = await fetchContent(ref, true).unwrap();
      setFailure(undefined);
      setLoaded(result);
      onLoaded(result);
    } catch (error) {
      setFailure(t("lesson.failed", { status: statusOf(t, error) }));
    }
  };

  // The panel's lesson loads once, on arrival.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !initial) return;
    started.current = true;
    void apply(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the URL's lesson
  }, []);

  return (
    <fieldset className={styles.section}>
      <legend>{t(required ? "lesson.legendRequired" : "lesson.legend")}</legend>
      <div className={styles.row}>
        <SelectField
          label={t("lesson.class")}
          required={required}
          placeholder={t("lesson.choose")}
          value={courseGuid}
          options={classes.map((c) => ({ value: c.guid, label: c.name }))}
          onChange={(v) => {
            setCourseGuid(v);
            setLessonGuid("");
          }}
        />
        <SelectField
          label={t("lesson.lesson")}
          required={required}
          placeholder={t("lesson.choose")}
          value={lessonGuid}
          options={lessons}
          disabled={courseGuid === "" || lessons.length === 0}
          onChange={setLessonGuid}
        />
        <Button icon={<ArrowDownloadRegular />} disabled={courseGuid === "" || lessonGuid === "" || content.isFetching} onClick={() => void apply({ courseGuid, lessonGuid })}>
          {t("lesson.load")}
        </Button>
      </div>
      {error && !loaded ? (
        <Text role="alert" className={styles.error}>
          {error}
        </Text>
      ) : null}
      {failure ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      {loaded && !failure ? (
        <Text role="status" className={styles.muted}>
          {t("lesson.loaded", { lesson: loaded.lessonTitle, unit: loaded.unitTitle, subject: loaded.subject })}
          {loaded.truncated ? ` ${t("lesson.truncated")}` : ""}
        </Text>
      ) : null}
    </fieldset>
  );
}

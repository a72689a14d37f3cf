import { Button, Field, Input, MessageBar, MessageBarBody, Textarea } from "@fluentui/react-components";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { AssessmentCreateSchema } from "../../../../contracts/assessments";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { useCreateAssessmentMutation } from "../../questions/assessmentsApi";
import { useCreateLessonItemMutation } from "../lessonApi";
import { ContentTypeIcon } from "./ContentTypeIcon";
import { useLessonStyles } from "./lessonStyles";
import { LinkButton } from "./LinkButton";

/**
 * add/CTTY_18: a new assessment. It is created, placed in the lesson as a draft (students see it
 * once the teacher publishes it, with its questions in place), and the teacher goes on to add
 * questions on the assessment's own page.
 */
export function AddAssessmentForm({ courseGuid, lessonGuid, basePath, search }: { courseGuid: string; lessonGuid: string; basePath: string; search: string }) {
  const styles = useLessonStyles();
  const { t } = useTranslation(["lesson", "errors"]);
  const notify = useNotify();
  const navigate = useNavigate();
  const titleId = useId();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [titleError, setTitleError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [createAssessment] = useCreateAssessmentMutation();
  const [createItem] = useCreateLessonItemMutation();
  // An assessment already created when placing it failed: a retry places that one, not a copy.
  const created = useRef<string | undefined>(undefined);

  const submit = async () => {
    const parsed = AssessmentCreateSchema.safeParse({ title, description });
    if (!parsed.success) {
      setTitleError(t("lesson:form.required"));
      return;
    }
    setTitleError(undefined);
    setFailure(undefined);
    setBusy(true);
    try {
      created.current ??= (await createAssessment(parsed.data).unwrap()).guid;
      await createItem({ courseGuid, lessonGuid, contentGuid: created.current, status: "draft" }).unwrap();
      notify({ intent: "success", title: t("lesson:add.added", { title: parsed.data.title }) });
      navigate(`${basePath}/assessment/${created.current}${search}`);
    } catch (error) {
      setFailure(errorMessage(t, error));
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        <ContentTypeIcon type="CTTY_18" /> {t("lesson:add.title", { type: t("lesson:types.CTTY_18") })}
      </h2>
      <Field label={t("lesson:add.contentTitle")} required validationMessage={titleError}>
        <Input value={title} maxLength={200} onChange={(_e, d) => setTitle(d.value)} />
      </Field>
      <Field label={t("lesson:add.description")}>
        <Textarea value={description} maxLength={2000} onChange={(_e, d) => setDescription(d.value)} />
      </Field>
      <p className={styles.muted}>{t("lesson:add.assessmentNext")}</p>
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {t("lesson:add.createAssessment")}
        </Button>
        <LinkButton to={`${basePath}${search}`} appearance="subtle">
          {t("lesson:add.cancel")}
        </LinkButton>
      </div>
    </form>
  );
}

import { Button, Field, Input, Spinner } from "@fluentui/react-components";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { normaliseClassKey } from "../../../contracts/course-settings-base";
import { JoinCourseSchema } from "../../../contracts/course-settings";
import { errorKeyOf } from "../../app/apiResult";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { useNotify } from "../../ui/toast";
import { useJoinCourseMutation } from "./classesApi";

type Props = { open: boolean; onClose: () => void };

/** A student joins a class with the key the teacher shows ("ABCD-EFGH"). */
export function JoinClassDialog({ open, onClose }: Props) {
  return open ? <OpenJoinClassDialog onClose={onClose} /> : null;
}

function OpenJoinClassDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(["classes", "common", "errors"]);
  const notify = useNotify();
  const formId = useId();
  const [join, { isLoading }] = useJoinCourseMutation();
  const [key, setKey] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const showProblem = (message: string) => {
    setProblem(message);
    inputRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = JoinCourseSchema.safeParse({ key });
    if (!parsed.success) return showProblem(t(`common:form.${parsed.error.issues[0]?.message ?? "invalid_code"}`));
    setProblem(undefined);
    try {
      // Sent normalised ("ABCDEFGH"): what the student typed may carry spaces, dashes or lower case.
      const { course, alreadyMember } = await join({ key: normaliseClassKey(parsed.data.key) }).unwrap();
      notify({ intent: "success", title: t(alreadyMember ? "join.alreadyMember" : "join.joined", { name: course.name }) });
      onClose();
    } catch (failure) {
      // A VALIDATION_ERROR here can only be about the key's shape.
      showProblem(errorKeyOf(failure) === "VALIDATION_ERROR" ? t("common:form.invalid_code") : errorMessage(t, failure));
    }
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      size="s"
      title={t("join.title")}
      actions={
        <>
          <Button onClick={onClose}>{t("form.cancel")}</Button>
          <Button appearance="primary" type="submit" form={formId} disabled={isLoading} icon={isLoading ? <Spinner size="tiny" /> : undefined}>
            {t("join.submit")}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)}>
        <Field
          label={t("join.key")}
          hint={t("join.hint")}
          validationMessage={problem}
          validationState={problem ? "error" : "none"}
        >
          <Input
            name="classKey"
            value={key}
            placeholder="ABCD-EFGH"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            // The dialog exists to type this one value.
            autoFocus
            ref={inputRef}
            onChange={(_, d) => setKey(d.value)}
          />
        </Field>
      </form>
    </ModalDialog>
  );
}

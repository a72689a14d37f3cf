import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text } from "@fluentui/react-components";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import type { PublicationPreview } from "../../../contracts/publication-preview";
import { errorMessage } from "../../ui/errors";
import { ModalDialog } from "../../ui/ModalDialog";
import { useNotify } from "../../ui/toast";
import { useGetCoursesQuery } from "../home/homeApi";
import { useAddPublicationToCourseMutation } from "./publicationApi";

/**
 * "Add to a class" from a publication's preview: the teacher's classes (those they teach or
 * co-teach), the ones that already have it shown but not selectable. Adding opens the class's program.
 */
export function AddToClassDialog({ publication, onClose }: { publication: PublicationPreview; onClose: () => void }) {
  const { t } = useTranslation(["home", "common", "errors"]);
  const notify = useNotify();
  const navigate = useNavigate();
  const formId = useId();
  const { data, isLoading } = useGetCoursesQuery();
  const [add, { isLoading: adding }] = useAddPublicationToCourseMutation();
  const [chosen, setChosen] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const classes = (data?.items ?? []).filter((c) => c.myRole === "teacher" || c.myRole === "coteacher");
  const has = (publications: ReadonlyArray<{ guid: string }>) => publications.some((p) => p.guid === publication.guid);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = classes.find((c) => c.guid === chosen);
    if (!target) return setProblem(t("preview.add.choose"));
    try {
      await add({ courseGuid: target.guid, publicationGuid: publication.guid }).unwrap();
      notify({ intent: "success", title: t("preview.add.done", { name: target.name }) });
      onClose();
      void navigate(`/course/${target.guid}/program`);
    } catch (failure) {
      setProblem(errorMessage(t, failure));
    }
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      size="s"
      title={t("preview.add.title", { title: publication.title })}
      actions={
        <>
          <Button onClick={onClose}>{t("preview.add.cancel")}</Button>
          <Button appearance="primary" type="submit" form={formId} disabled={adding || classes.length === 0} icon={adding ? <Spinner size="tiny" /> : undefined}>
            {t("preview.add.submit")}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <div role="alert">
          {problem ? (
            <MessageBar intent="error">
              <MessageBarBody>{problem}</MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
        {isLoading ? <Spinner size="small" label={t("common:app.loading")} /> : null}
        {!isLoading && classes.length === 0 ? <Text as="p">{t("preview.add.none")}</Text> : null}
        {classes.length > 0 ? (
          <Field label={t("preview.add.classes")} required>
            <RadioGroup
              value={chosen ?? ""}
              onChange={(_, d) => {
                setChosen(d.value);
                setProblem(undefined);
              }}
            >
              {classes.map((c) => (
                <Radio key={c.guid} value={c.guid} disabled={has(c.publications)} label={has(c.publications) ? t("preview.add.already", { name: c.name }) : c.name} />
              ))}
            </RadioGroup>
          </Field>
        ) : null}
      </form>
    </ModalDialog>
  );
}

import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Text } from "@fluentui/react-components";
import { ArrowLeftRegular } from "@fluentui/react-icons";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { ASSESSMENT_TYPE, CONTENT_TYPE_RULES } from "../../../../contracts/lessons-base";
import { ContentTypeSchema, LessonItemCreateSchema, type ContentSummary, type ContentTypeCode } from "../../../../contracts/lessons";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { useCreateLessonItemMutation } from "../lessonApi";
import { emptyDraft, fieldErrors, isAssignment, offersDownload, publicationOf, scheduleProblem, settingsOf, type ItemSettingsDraft } from "../lessonRules";
import { contentRequestFrom, emptySource, useContentCreation, type SourceDraft } from "../useContentCreation";
import { AddAssessmentForm } from "./AddAssessmentForm";
import { ContentSourceFields } from "./ContentSourceFields";
import { ContentTypeIcon } from "./ContentTypeIcon";
import { LibraryPicker } from "./LibraryPicker";
import { useLessonStyles } from "./lessonStyles";
import { LinkButton } from "./LinkButton";
import { PublicationFields } from "./PublicationFields";

export type AddItemFormProps = { courseGuid: string; lessonGuid: string; basePath: string; search: string; itemType: string };

type Mode = "new" | "library";

/**
 * add/{itemType} (spec §2, §3): a new content of that type (file with progress, address or text)
 * or an existing one from the teacher's library, then its general settings; Save or Save and
 * publish. The default status is Published (spec §3).
 */
export function AddItemForm({ itemType, ...props }: AddItemFormProps) {
  const { t } = useTranslation("lesson");
  const styles = useLessonStyles();
  const parsed = ContentTypeSchema.safeParse(itemType);
  if (parsed.success && parsed.data === ASSESSMENT_TYPE) return <AddAssessmentForm {...props} />;
  if (!parsed.success || !CONTENT_TYPE_RULES[parsed.data].authorable) {
    return (
      <div className={styles.form}>
        <MessageBar intent="warning">
          <MessageBarBody>{t("add.notAuthorable")}</MessageBarBody>
        </MessageBar>
        <LinkButton to={`${props.basePath}/new-content${props.search}`} icon={<ArrowLeftRegular />}>
          {t("add.changeType")}
        </LinkButton>
      </div>
    );
  }
  return <AddItemFormFor key={parsed.data} type={parsed.data} {...props} />;
}

function AddItemFormFor({ type, courseGuid, lessonGuid, basePath, search }: Omit<AddItemFormProps, "itemType"> & { type: ContentTypeCode }) {
  const styles = useLessonStyles();
  const { t } = useTranslation(["lesson", "errors"]);
  const notify = useNotify();
  const navigate = useNavigate();
  const titleId = useId();
  const modeName = useId();
  const [mode, setMode] = useState<Mode>("new");
  const [source, setSource] = useState<SourceDraft>(emptySource);
  const [chosen, setChosen] = useState<ContentSummary | undefined>(undefined);
  const [settings, setSettings] = useState<ItemSettingsDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [params, setParams] = useState<Record<string, string | number> | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const { create, progress } = useContentCreation();
  const createItem = useCreateLessonItemMutation()[0];
  // A content already created when the item failed: a retry adds that one instead of a copy.
  const created = useRef<{ key: SourceDraft; guid: string } | undefined>(undefined);
  const back = `${basePath}${search}`;

  const submit = async (publish: boolean) => {
    const next = publish ? { ...settings, status: "published" as const } : settings;
    const problems: Record<string, string> = {};
    const schedule = scheduleProblem(next, new Date());
    if (schedule) problems.publishAt = schedule;
    let request: ReturnType<typeof contentRequestFrom> | undefined;
    if (mode === "new") {
      request = contentRequestFrom(type, source);
      if (!request.ok) Object.assign(problems, request.errors);
      setParams(request.params);
    } else if (!chosen) {
      problems.library = "contentRequired";
    }
    if (Object.keys(problems).length > 0 || (request && !request.ok)) {
      setErrors(problems);
      return;
    }
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      let contentGuid: string;
      let title: string;
      if (mode === "library" && chosen) {
        contentGuid = chosen.guid;
        title = chosen.title;
      } else if (request?.ok) {
        title = request.body.create.title;
        const reuse = created.current?.key === source ? created.current.guid : undefined;
        contentGuid = reuse ?? (await create(request.body)).guid;
        created.current = { key: source, guid: contentGuid };
      } else {
        return;
      }
      const settingsBody = settingsOf(next, type);
      const body = LessonItemCreateSchema.safeParse({
        courseGuid,
        lessonGuid,
        contentGuid,
        title,
        ...publicationOf(next),
        ...(Object.keys(settingsBody).length > 0 ? { settings: settingsBody } : {}),
      });
      if (!body.success) {
        setErrors(fieldErrors(body.error.issues));
        return;
      }
      await createItem(body.data).unwrap();
      notify({ intent: "success", title: t("add.added", { title }) });
      navigate(back);
    } catch (error) {
      const message = errorMessage(t, error);
      setFailure(message);
      notify({ intent: "error", title: t("add.failed"), body: message });
    } finally {
      setBusy(false);
    }
  };

  const translatedSettings = Object.fromEntries(Object.entries(errors).filter(([f]) => f === "publishAt").map(([f, k]) => [f, t(`form.${k}`)]));
  return (
    <section aria-labelledby={titleId} className={styles.form}>
      <div className={styles.titleRow}>
        <span className={styles.icon}>
          <ContentTypeIcon type={type} />
        </span>
        <h2 id={titleId} className={styles.title}>
          {t("add.title", { type: t(`types.${type}`) })}
        </h2>
        <LinkButton to={`${basePath}/new-content${search}`} appearance="subtle">
          {t("add.changeType")}
        </LinkButton>
      </div>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        <Field label={t("add.modeLabel")}>
          <RadioGroup name={modeName} value={mode} layout="horizontal" disabled={busy} onChange={(_, d) => setMode(d.value as Mode)}>
            <Radio value="new" label={t("add.modeNew")} />
            <Radio value="library" label={t("add.modeLibrary")} />
          </RadioGroup>
        </Field>
        {mode === "new" ? (
          <ContentSourceFields
            type={type}
            draft={source}
            onChange={(change) => setSource((current) => ({ ...current, ...change }))}
            errors={errors}
            params={params}
            progress={progress}
            disabled={busy}
          />
        ) : (
          <div role="group" aria-label={t("add.pickFromLibrary")} className={styles.picker}>
            <Text weight="semibold">{t("add.pickFromLibrary")}</Text>
            <LibraryPicker type={type} selectedGuid={chosen?.guid} onSelect={setChosen} />
            {errors.library ? (
              <Text role="alert" className={styles.error}>
                {t(`form.${errors.library}`)}
              </Text>
            ) : null}
          </div>
        )}
        <PublicationFields
          draft={settings}
          onChange={(change) => setSettings((current) => ({ ...current, ...change }))}
          errors={translatedSettings}
          showDueAt={isAssignment(type)}
          showAllowDownload={offersDownload(type)}
          disabled={busy}
        />
        {failure ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.formActions}>
          <Button type="submit" appearance="primary" disabled={busy}>
            {t("add.save")}
          </Button>
          <Button type="button" disabled={busy} onClick={() => void submit(true)}>
            {t("add.saveAndPublish")}
          </Button>
          <LinkButton to={back} appearance="subtle">
            {t("add.cancel")}
          </LinkButton>
        </div>
      </form>
    </section>
  );
}

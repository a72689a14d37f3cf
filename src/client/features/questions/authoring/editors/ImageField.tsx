import { Button, Field, Input, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { DeleteRegular, ImageAddRegular, ImageEditRegular } from "@fluentui/react-icons";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Image } from "../../../../../contracts/questions";
import { errorMessage } from "../../../../ui/errors";
import { useUploadQuestionImageMutation } from "../../assessmentsApi";
import { ErrorText, fieldState, Section, useAnnouncer, useEditorStyles } from "./edit-shared";

/*
 * An image of a question (prompt media, item images, the image zones are drawn on, a background):
 * choose a file, which is uploaded at once (POST /cms/question-images) and replaced by its address;
 * then its alternative text, which is required. Preview, replace and remove.
 */

export const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp", "svg"] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = [...IMAGE_EXTENSIONS.map((e) => `.${e}`), "image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"].join(",");

const useStyles = makeStyles({
  preview: {
    display: "block",
    maxWidth: "100%",
    maxHeight: "200px",
    objectFit: "contain",
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
});

/** Why a file cannot be a question image (a translation key), or null when it can. */
export function imageFileProblem(file: File): "editors.image.badType" | "editors.image.tooBig" | null {
  const extension = file.name.includes(".") ? (file.name.split(".").pop() ?? "").toLowerCase() : "";
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return "editors.image.badType";
  if (file.size > IMAGE_MAX_BYTES) return "editors.image.tooBig";
  return null;
}

export function ImageField({ label, value, onChange }: { label: string; value: Image | undefined; onChange(v: Image | undefined): void }) {
  const styles = useStyles();
  const shared = useEditorStyles();
  const { t } = useTranslation(["questions", "errors"]);
  const [upload, { isLoading }] = useUploadQuestionImageMutation();
  const [error, setError] = useState<string | undefined>();
  const [live, announce] = useAnnouncer();
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // The upload resolves later: by then the parent may hold a newer draft, so the latest onChange and value are used.
  const latest = useRef({ onChange, value });
  useEffect(() => {
    latest.current = { onChange, value };
  }, [onChange, value]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(t(problem, { types: "PNG, JPG, GIF, WEBP, SVG", max: "10 MB" }));
      return;
    }
    setError(undefined);
    try {
      const { url } = await upload(file).unwrap();
      latest.current.onChange({ url, alt: latest.current.value?.alt ?? "" });
      announce(t("editors.image.uploaded", { name: file.name }));
    } catch (failure) {
      setError(errorMessage(t, failure));
    }
  };

  const remove = () => {
    onChange(undefined);
    setError(undefined);
    announce(t("editors.image.removed", { label }));
  };

  const altMissing = value !== undefined && value.alt.trim() === "";
  return (
    <Section legend={label}>
      <Text id={hintId} size={200} className={shared.note}>
        {t("editors.image.formats", { types: "PNG, JPG, GIF, WEBP, SVG", max: "10 MB" })}
      </Text>
      {value && value.url && <img className={styles.preview} src={value.url} alt={value.alt} />}
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={t("editors.image.file", { label })}
        aria-describedby={hintId}
        onChange={(e) => void choose(e)}
      />
      <div className={shared.actions}>
        <Button
          icon={value ? <ImageEditRegular /> : <ImageAddRegular />}
          aria-label={`${label}: ${value ? t("editors.image.replace") : t("editors.image.choose")}`}
          aria-describedby={hintId}
          disabled={isLoading}
          onClick={() => fileInput.current?.click()}
        >
          {value ? t("editors.image.replace") : t("editors.image.choose")}
        </Button>
        {value && (
          <Button icon={<DeleteRegular />} aria-label={`${label}: ${t("editors.image.remove")}`} disabled={isLoading} onClick={remove}>
            {t("editors.image.remove")}
          </Button>
        )}
      </div>
      {isLoading && <Spinner size="tiny" labelPosition="after" label={t("editors.image.uploading")} />}
      <div role="alert">
        <ErrorText message={error} />
      </div>
      {value && (
        <Field
          label={t("editors.image.alt", { label })}
          hint={t("editors.image.altHint")}
          required
          {...fieldState(altMissing ? t("editors.image.altRequired") : undefined)}
        >
          <Input value={value.alt} onChange={(_, d) => onChange({ ...value, alt: d.value })} />
        </Field>
      )}
      {live}
    </Section>
  );
}

export default ImageField;

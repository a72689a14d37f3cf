import { Button, makeStyles, mergeClasses, Spinner, tokens } from "@fluentui/react-components";
import { ArrowSwap20Regular, ArrowUpload20Regular, Delete20Regular, ErrorCircle20Regular } from "@fluentui/react-icons";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { acceptAttribute, extensionList, fileProblem, FileList, MAX_FILE_MB } from "./media-files";
import type { QuestionViewProps, UploadedFile } from "./types";

/*
 * QT_19 upload file: a button opens the file picker (only the accepted extensions); each chosen
 * file is checked (type, size, how many) and uploaded with `upload`, with a spinner while it goes;
 * a refused or failed file says why and never drops the files already uploaded. Uploaded files are
 * listed with a link and a remove button. Answer {files: [{key, name}]}, at most data.maxFiles.
 * An answer holds at least one file, so the last file is replaced rather than removed.
 */

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, alignItems: "flex-start" },
  large: { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  rules: { margin: 0, color: tokens.colorNeutralForeground2 },
  hiddenInput: {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    padding: 0,
    overflow: "hidden",
    clip: "rect(0, 0, 0, 0)",
    whiteSpace: "nowrap",
    border: 0,
  },
  errors: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: "none" },
  error: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3, margin: 0 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
});

type Pending = { id: number; name: string };

export default function UploadFile({ question, mode, answer, onAnswer, upload, fileUrl, label }: QuestionViewProps<"QT_19">) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const { accept, maxFiles } = question.data;
  const rulesId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<UploadedFile[]>(() => [...(answer?.files ?? [])]);
  const filesRef = useRef(files);
  const [pending, setPending] = useState<Pending[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState("");
  /** The file a "replace" choice takes the place of. */
  const replacing = useRef<string | null>(null);
  const nextId = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const chooseButton = useRef<HTMLButtonElement>(null);
  /** After a removal the button goes away with its file: the keyboard goes on from the choose button. */
  const focusChoose = useRef(false);
  useEffect(() => {
    if (!focusChoose.current) return;
    focusChoose.current = false;
    chooseButton.current?.focus();
  });

  const types = extensionList(accept);
  const rules = t("media.upload.rules", { types, count: maxFiles, size: MAX_FILE_MB });

  if (mode === "review" || mode === "projection") {
    const given = answer?.files ?? [];
    return (
      <div role="group" aria-label={label} className={mergeClasses(styles.root, mode === "projection" && styles.large)}>
        {mode === "projection" && <p className={styles.rules}>{rules}</p>}
        {(mode === "review" || given.length > 0) && (
          <>
            <h4 className={styles.heading}>{t("media.upload.submitted")}</h4>
            {given.length > 0 ? <FileList label={t("media.upload.submitted")} files={given} fileUrl={fileUrl} /> : <p className={styles.muted}>{t("review.noAnswer")}</p>}
          </>
        )}
      </div>
    );
  }

  const commit = (next: UploadedFile[]) => {
    filesRef.current = next;
    setFiles(next);
    if (next.length > 0) onAnswer?.({ files: next });
  };

  const send = (file: File, replaces: string | null) => {
    if (!upload) return;
    const id = nextId.current++;
    setPending((p) => [...p, { id, name: file.name }]);
    setStatus(t("media.upload.uploading", { name: file.name }));
    upload(file)
      .then((ref) => {
        if (!mounted.current) return;
        const current = filesRef.current;
        const at = replaces === null ? -1 : current.findIndex((f) => f.key === replaces);
        const stored = { key: ref.key, name: ref.name };
        commit(at >= 0 ? current.map((f, i) => (i === at ? stored : f)) : [...current, stored].slice(0, maxFiles));
        setStatus(t("media.upload.uploaded", { name: file.name }));
      })
      .catch(() => {
        if (!mounted.current) return;
        setErrors((e) => [...e, t("media.upload.failed", { name: file.name })]);
        setStatus("");
      })
      .finally(() => {
        if (mounted.current) setPending((p) => p.filter((x) => x.id !== id));
      });
  };

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again is a change too.
    event.target.value = "";
    const replaces = replacing.current;
    replacing.current = null;
    if (chosen.length === 0) return;
    const problems: string[] = [];
    let room = replaces !== null ? 1 : maxFiles - filesRef.current.length - pending.length;
    for (const file of chosen) {
      const problem = fileProblem(file, accept);
      if (problem === "type") problems.push(t("media.upload.notAccepted", { name: file.name, types }));
      else if (problem === "size") problems.push(t("media.upload.tooLarge", { name: file.name, size: MAX_FILE_MB }));
      else if (room <= 0) problems.push(t("media.upload.tooMany", { name: file.name, count: maxFiles }));
      else {
        room -= 1;
        send(file, replaces);
      }
    }
    setErrors(problems);
  };

  const pick = (replaces: string | null) => {
    replacing.current = replaces;
    input.current?.click();
  };

  const canUpload = upload !== undefined;
  const full = files.length + pending.length >= maxFiles;

  return (
    <div role="group" aria-label={label} className={styles.root}>
      <p id={rulesId} className={styles.rules}>
        {rules}
      </p>
      <input
        ref={input}
        type="file"
        className={styles.hiddenInput}
        accept={acceptAttribute(accept)}
        multiple={maxFiles > 1}
        tabIndex={-1}
        aria-hidden
        aria-label={t("media.upload.choose", { count: maxFiles })}
        onChange={onChosen}
        disabled={!canUpload}
      />
      {!full && (
        <Button ref={chooseButton} icon={<ArrowUpload20Regular />} aria-describedby={rulesId} disabled={!canUpload} onClick={() => pick(null)}>
          {t("media.upload.choose", { count: maxFiles - files.length })}
        </Button>
      )}
      {full && pending.length === 0 && <p className={styles.muted}>{t("media.upload.full", { count: maxFiles })}</p>}
      {!canUpload && <p className={styles.muted}>{t(mode === "preview" ? "media.upload.previewOnly" : "media.upload.unavailable")}</p>}
      {errors.length > 0 && (
        <ul role="alert" className={styles.errors}>
          {errors.map((e, i) => (
            <li key={i} className={styles.error}>
              <ErrorCircle20Regular aria-hidden />
              {e}
            </li>
          ))}
        </ul>
      )}
      {pending.map((p) => (
        <Spinner key={p.id} size="tiny" labelPosition="after" label={t("media.upload.uploading", { name: p.name })} />
      ))}
      {files.length > 0 && (
        <FileList
          label={t("media.upload.listLabel")}
          files={files}
          fileUrl={fileUrl}
          actions={(file, i) =>
            files.length > 1 ? (
              <Button
                appearance="subtle"
                size="small"
                icon={<Delete20Regular />}
                aria-label={t("media.upload.remove", { name: file.name })}
                onClick={() => {
                  commit(filesRef.current.filter((_, j) => j !== i));
                  focusChoose.current = true;
                  setStatus(t("media.upload.removed", { name: file.name }));
                }}
              >
                {t("media.upload.removeShort")}
              </Button>
            ) : (
              <Button
                appearance="subtle"
                size="small"
                icon={<ArrowSwap20Regular />}
                aria-label={t("media.upload.replace", { name: file.name })}
                disabled={!canUpload || pending.length > 0}
                onClick={() => pick(file.key)}
              >
                {t("media.upload.replaceShort")}
              </Button>
            )
          }
        />
      )}
      <div aria-live="polite" className={styles.hiddenInput}>
        {status}
      </div>
    </div>
  );
}

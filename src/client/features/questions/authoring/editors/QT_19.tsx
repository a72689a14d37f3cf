import { Button, Field, Input, Tag, TagGroup, Text } from "@fluentui/react-components";
import { AddRegular } from "@fluentui/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../../ui/Select";
import { ErrorText, fieldState, messageAt, messageUnder, Section, strs, useAnnouncer, useEditorStyles } from "./edit-shared";
import type { EditorProps } from "./types";

/*
 * Upload file (QT_19): the file extensions students may send (lower case, without the dot; quick
 * presets), and how many files, 1 to 10.
 */

const PRESETS = ["pdf", "docx", "jpg", "png"] as const;
const EXTENSION = /^[a-z0-9]{1,10}$/;
/** "  .PDF, docx " -> ["pdf", "docx"] */
export const parseExtensions = (value: string) =>
  value
    .split(/[\s,;]+/)
    .map((e) => e.trim().replace(/^\*?\./, "").toLowerCase())
    .filter(Boolean);

export default function UploadFileEditor({ draft, onChange, issues }: EditorProps) {
  const styles = useEditorStyles();
  const { t } = useTranslation("questions");
  const [live, announce] = useAnnouncer();
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const accept = strs(draft.accept);
  const maxFiles = typeof draft.maxFiles === "number" ? draft.maxFiles : 1;

  const addExtensions = (list: string[]) => {
    const bad = list.filter((e) => !EXTENSION.test(e));
    if (bad.length) {
      setProblem(t("editors.upload.badExtension", { list: bad.join(", ") }));
      return false;
    }
    const fresh = list.filter((e, i) => !accept.includes(e) && list.indexOf(e) === i);
    setProblem(undefined);
    if (fresh.length) {
      onChange({ ...draft, accept: [...accept, ...fresh] });
      announce(t("editors.upload.added", { list: fresh.join(", ") }));
    }
    return true;
  };
  const addTyped = () => {
    const list = parseExtensions(typed);
    if (list.length && addExtensions(list)) setTyped("");
  };
  const remove = (extension: string) => {
    onChange({ ...draft, accept: accept.filter((e) => e !== extension) });
    announce(t("editors.upload.removed", { extension }));
  };

  return (
    <div className={styles.root}>
      <Section legend={t("editors.upload.accept")} error={messageAt(t, issues, "accept")}>
        <Text size={200} className={styles.note}>
          {t("editors.upload.acceptNote")}
        </Text>
        {accept.length > 0 ? (
          <TagGroup aria-label={t("editors.upload.acceptList")} onDismiss={(_, d) => remove(String(d.value))}>
            {accept.map((extension) => (
              <Tag key={extension} value={extension} dismissible dismissIcon={{ "aria-label": t("editors.common.remove") }}>
                {extension}
              </Tag>
            ))}
          </TagGroup>
        ) : (
          <Text className={styles.note}>{t("editors.upload.none")}</Text>
        )}
        {accept.map((extension, i) => (
          <ErrorText key={extension} message={messageUnder(t, issues, "accept", i) && `${extension}: ${messageUnder(t, issues, "accept", i)}`} />
        ))}
        <div className={styles.row}>
          <Field className={styles.grow} label={t("editors.upload.extension")} hint={t("editors.upload.extensionHint")} {...fieldState(problem)}>
            <Input
              value={typed}
              onChange={(_, d) => setTyped(d.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  addTyped();
                }
              }}
            />
          </Field>
          <Button icon={<AddRegular />} onClick={addTyped} disabled={typed.trim() === ""}>
            {t("editors.upload.add")}
          </Button>
        </div>
        <div role="group" aria-label={t("editors.upload.presets")} className={styles.actions}>
          {PRESETS.map((extension) => (
            <Button key={extension} size="small" disabled={accept.includes(extension)} onClick={() => addExtensions([extension])}>
              {t("editors.upload.preset", { extension })}
            </Button>
          ))}
        </div>
      </Section>
      <SelectField
        label={t("editors.upload.maxFiles")}
        options={Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
        value={String(maxFiles)}
        onChange={(value) => onChange({ ...draft, maxFiles: Number(value) })}
        error={messageUnder(t, issues, "maxFiles")}
      />
      {live}
    </div>
  );
}

import { Link, makeStyles, tokens } from "@fluentui/react-components";
import { Document20Regular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { ATTEMPT_FILE_BYTES } from "../../../../contracts/assessments-base";
import type { UploadedFile } from "./types";

/* Files of upload-file answers: extension rules as the server checks them, and the list of uploaded files. */

/** The extension of a file name, lower case, without the dot ("" when none), as the server reads it. */
export const extensionOf = (name: string): string => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** The file input's accept attribute: ".pdf,.docx". */
export const acceptAttribute = (accept: readonly string[]): string => accept.map((e) => `.${e}`).join(",");

/** ".pdf, .docx" for people. */
export const extensionList = (accept: readonly string[]): string => accept.map((e) => `.${e}`).join(", ");

/** The size limit per file, in whole megabytes. */
export const MAX_FILE_MB = Math.round(ATTEMPT_FILE_BYTES / (1024 * 1024));

export type FileProblem = "type" | "size";

/** Why a chosen file cannot be uploaded, if it cannot. */
export function fileProblem(file: File, accept: readonly string[]): FileProblem | null {
  if (!accept.includes(extensionOf(file.name))) return "type";
  if (file.size > ATTEMPT_FILE_BYTES) return "size";
  return null;
}

const useStyles = makeStyles({
  list: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: "none" },
  item: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  name: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXS, wordBreak: "break-word" },
});

/** Uploaded files, each a link when its address is known, with optional actions. */
export function FileList(props: {
  label: string;
  files: readonly UploadedFile[];
  fileUrl?: ((file: UploadedFile) => string) | undefined;
  actions?: (file: UploadedFile, index: number) => ReactNode;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={props.label}>
      {props.files.map((file, i) => (
        <li key={`${file.key}-${i}`} className={styles.item}>
          <span className={styles.name}>
            <Document20Regular aria-hidden />
            {props.fileUrl ? (
              <Link href={props.fileUrl(file)} target="_blank" rel="noopener noreferrer">
                {file.name}
              </Link>
            ) : (
              file.name
            )}
          </span>
          {props.actions?.(file, i)}
        </li>
      ))}
    </ul>
  );
}

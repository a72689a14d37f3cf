import { makeStyles, Text, tokens } from "@fluentui/react-components";
import type { ViewerProps } from "./types";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, maxWidth: "75ch" },
  paragraph: { whiteSpace: "pre-wrap", margin: 0, fontSize: "inherit", lineHeight: "inherit" },
});

/** Split into paragraphs on blank lines; single line breaks stay inside a paragraph. */
export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Written text, always as plain text (React escapes it; no HTML is ever interpreted). */
export default function TextViewer({ content }: ViewerProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      {paragraphsOf(content.view.body ?? "").map((p, i) => (
        <Text as="p" key={i} className={styles.paragraph}>
          {p}
        </Text>
      ))}
    </div>
  );
}

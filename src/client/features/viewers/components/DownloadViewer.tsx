import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ArrowDownloadRegular, DocumentRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { FactList } from "../../../ui/FactList";
import type { ViewerProps } from "./types";
import { numberFormat } from "../../../i18n/format";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, maxWidth: "720px" },
  head: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, maxHeight: "320px", overflow: "auto" },
});

/** Sizes in the reader's language: "1.2 MB". */
export function formatBytes(bytes: number, locale: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(locale, { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: unit ? 1 : 0 }).format(value);
}

/** Files the browser cannot show (office documents, zips): their facts and a download. */
export default function DownloadViewer({ content, onFinished }: ViewerProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("viewer");
  const entries = content.view.entries;
  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <DocumentRegular fontSize={40} aria-hidden="true" />
        <Text weight="semibold" size={500}>
          {content.fileName ?? content.title}
        </Text>
      </div>
      <FactList
        facts={[
          [t("download.type"), content.mimeType ?? t("download.unknown")],
          [t("download.size"), content.sizeBytes == null ? t("download.unknown") : formatBytes(content.sizeBytes, i18n.language)],
        ]}
      />
      <div>
        <Button as="a" appearance="primary" href={content.view.fileUrl ?? ""} download={content.fileName ?? true} icon={<ArrowDownloadRegular />} onClick={onFinished}>
          {t("download.action")}
        </Button>
      </div>
      {entries.length ? (
        <section aria-labelledby="zip-entries">
          <Text as="h2" id="zip-entries" weight="semibold">
            {t("download.entries", { count: entries.length })}
          </Text>
          <ul className={styles.list}>
            {entries.map((e) => (
              <li key={e.path}>
                {e.path} <Text size={200}>({formatBytes(e.sizeBytes, i18n.language)})</Text>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

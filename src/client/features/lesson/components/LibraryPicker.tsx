import { Badge, Button, SearchBox, Spinner, Text } from "@fluentui/react-components";
import { CheckmarkRegular } from "@fluentui/react-icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContentSummary, ContentTypeCode } from "../../../../contracts/lessons";
import { useGetCmsContentsQuery } from "../lessonApi";
import { ContentTypeIcon } from "./ContentTypeIcon";
import { useLessonStyles } from "./lessonStyles";

const PAGE_SIZE = 20;

/** Waits until typing pauses before searching. */
function useDebounced(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export type LibraryPickerProps = {
  /** Only contents of this type (adding to a typed lesson slot); all types when absent. */
  type?: ContentTypeCode;
  selectedGuid: string | undefined;
  onSelect: (content: ContentSummary) => void;
};

/** The teacher's library (their own and the publisher's contents, GET cms/contents) with a search. */
export function LibraryPicker({ type, selectedGuid, onSelect }: LibraryPickerProps) {
  const styles = useLessonStyles();
  const { t } = useTranslation("lesson");
  const [search, setSearch] = useState("");
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const words = useDebounced(search.trim());
  const { data, isFetching } = useGetCmsContentsQuery({ search: words || undefined, type, offset: 0, pageSize });
  const ready = (data?.items ?? []).filter((c) => c.ready);
  return (
    <div className={styles.picker}>
      <SearchBox
        aria-label={t("library.search")}
        placeholder={t("library.search")}
        value={search}
        onChange={(_, d) => {
          setSearch(d.value);
          setPageSize(PAGE_SIZE);
        }}
      />
      {isFetching && !data ? <Spinner size="tiny" label={t("library.loading")} /> : null}
      {data && ready.length === 0 ? <Text className={styles.muted}>{t("library.empty")}</Text> : null}
      {ready.length > 0 ? (
        <ul className={styles.pickerList} aria-label={t("library.resultsLabel")}>
          {ready.map((content) => {
            const chosen = content.guid === selectedGuid;
            return (
              <li key={content.guid} className={styles.pickerRow}>
                <span className={styles.icon}>
                  <ContentTypeIcon type={content.type} />
                </span>
                <span className={styles.grow}>
                  <Text weight="semibold" block>
                    {content.title}
                  </Text>
                  <Text size={200} className={styles.muted}>
                    {t(`types.${content.type}`)}
                  </Text>{" "}
                  <Badge appearance="outline" size="small" color="subtle">
                    {content.mine ? t("library.mine") : t("library.publisher")}
                  </Badge>
                </span>
                <Button
                  size="small"
                  appearance={chosen ? "primary" : "secondary"}
                  icon={chosen ? <CheckmarkRegular /> : undefined}
                  aria-pressed={chosen}
                  aria-label={t("library.chooseLabel", { title: content.title })}
                  onClick={() => onSelect(content)}
                >
                  {chosen ? t("library.chosen") : t("library.choose")}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {data && data.total > data.items.length ? (
        <Button appearance="subtle" disabled={isFetching} onClick={() => setPageSize((n) => Math.min(n + PAGE_SIZE, 100))}>
          {t("library.more")}
        </Button>
      ) : null}
    </div>
  );
}

import { Button, Field, makeStyles, Radio, RadioGroup, SearchBox, Text, tokens } from "@fluentui/react-components";
import { BookOpenRegular, SearchRegular } from "@fluentui/react-icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyIndicator } from "../../ui/BusyIndicator";
import { EmptyState, ErrorState } from "../../ui/States";
import { useSearchContentsInfiniteQuery, type ContentsSearch } from "../contents/contentsApi";
import { CardGridSkeleton } from "./CardGridSkeleton";
import { useCardStyles } from "./cardStyles";
import { useGetPublicationsQuery } from "./homeApi";
import { contentCardView, PublicationCard } from "./PublicationCard";

/** Typing pauses this long before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

type Kind = ContentsSearch["kind"];
const KINDS: readonly Kind[] = ["all", "books", "programs"];
const isKind = (v: string): v is Kind => (KINDS as readonly string[]).includes(v);

const useStyles = makeStyles({
  toolbar: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "flex-end",
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    marginBottom: tokens.spacingVerticalL,
  },
  search: { flexGrow: 1, minWidth: "240px", maxWidth: "480px" },
  searchBox: { width: "100%", maxWidth: "none" },
  count: { display: "block", minHeight: tokens.lineHeightBase300, marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  more: { display: "flex", flexDirection: "column", alignItems: "center", gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalL },
});

/** `value`, once it has stopped changing for `ms`. */
function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Everything available to the teacher (GET /api/front/publications): the tab with no search. */
function AllPublications() {
  const styles = useCardStyles();
  const { t } = useTranslation("home");
  const { data, isLoading, isError, refetch } = useGetPublicationsQuery();
  if (isLoading) return <CardGridSkeleton label={t("programs.loading")} />;
  if (isError || !data) return <ErrorState onRetry={() => void refetch()} />;
  if (data.items.length === 0) {
    return <EmptyState icon={<BookOpenRegular />} title={t("programs.empty.title")} body={t("programs.empty.body")} />;
  }
  return (
    <ul className={styles.grid} aria-label={t("programs.listLabel")}>
      {data.items.map((p) => (
        <li key={p.guid}>
          <PublicationCard publication={p} />
        </li>
      ))}
    </ul>
  );
}

/** The book search (GET /api/front/contents), 16 at a time with "Load more". */
function SearchResults({ search }: { search: ContentsSearch }) {
  const cards = useCardStyles();
  const styles = useStyles();
  const { t } = useTranslation("home");
  // currentData, not data: while new words load, the old words' results must not show.
  const { currentData, isFetching, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useSearchContentsInfiniteQuery(search);
  const items = currentData?.pages.flatMap((p) => p.items) ?? [];
  const total = currentData?.pages[0]?.total;

  let body;
  if (isError && !isFetching) body = <ErrorState onRetry={() => void refetch()} />;
  else if (total === undefined) body = <CardGridSkeleton label={t("search.loading")} />;
  else if (total === 0) {
    body = (
      <EmptyState
        icon={<SearchRegular />}
        title={search.search ? t("search.empty.titleFor", { search: search.search }) : t("search.empty.title")}
        body={t("search.empty.body")}
      />
    );
  } else {
    body = (
      <>
        <ul className={cards.grid} aria-label={t("search.resultsLabel")}>
          {items.map((c) => (
            <li key={c.guid}>
              <PublicationCard publication={contentCardView(c)} />
            </li>
          ))}
        </ul>
        <div className={styles.more}>
          <Text size={200}>{t("search.shown", { shown: items.length, total })}</Text>
          {hasNextPage ? (
            <Button
              disabledFocusable={isFetchingNextPage}
              aria-busy={isFetchingNextPage || undefined}
              icon={isFetchingNextPage ? <BusyIndicator size="tiny" /> : undefined}
              onClick={() => void fetchNextPage()}
            >
              {t("search.loadMore")}
            </Button>
          ) : null}
        </div>
      </>
    );
  }
  return (
    <>
      {/* Present from the start so each new count is announced, politely. */}
      <Text className={styles.count} role="status" aria-live="polite">
        {total === undefined || isError ? "" : t("search.count", { count: total })}
      </Text>
      {body}
    </>
  );
}

/** The Programs tab (id "library"): publications available to the teacher, and the book search. */
export function ProgramsTab() {
  const styles = useStyles();
  const { t } = useTranslation("home");
  const [text, setText] = useState("");
  const [kind, setKind] = useState<Kind>("all");
  const words = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = words !== "" || kind !== "all";
  return (
    <>
      <div className={styles.toolbar} role="search">
        <Field className={styles.search} label={t("search.label")}>
          <SearchBox
            className={styles.searchBox}
            value={text}
            placeholder={t("search.placeholder")}
            onChange={(_, d) => setText(d.value)}
          />
        </Field>
        <Field label={t("search.kind.label")}>
          <RadioGroup layout="horizontal" value={kind} onChange={(_, d) => isKind(d.value) && setKind(d.value)}>
            {KINDS.map((k) => (
              <Radio key={k} value={k} label={t(`search.kind.${k}`)} />
            ))}
          </RadioGroup>
        </Field>
      </div>
      {searching ? <SearchResults search={{ search: words, kind }} /> : <AllPublications />}
    </>
  );
}

import { makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE } from "../../../contracts/constants";
import { isLanguage } from "../../i18n";
import { isPdfValue } from "../../../contracts/platform-base";
import type { LanguageScopeName } from "../../../contracts/platform";
import { AppPageHeader } from "../../app/AppPageHeader";
import { ErrorState } from "../../ui/States";
import { useGetLanguageScopeQuery } from "./platformApi";

/** pdf.js is large: it loads only when a scope's value is a PDF. */
const PdfViewer = lazy(() => import(/* webpackChunkName: "pdf-viewer" */ "./PdfViewer").then((m) => ({ default: m.PdfViewer })));

const useStyles = makeStyles({
  text: {
    maxWidth: "72ch",
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
  },
  paragraph: { margin: 0, whiteSpace: "pre-line", lineHeight: tokens.lineHeightBase400 },
});

/** Blank lines separate paragraphs; single line breaks are kept inside one. */
export const toParagraphs = (value: string): string[] =>
  value
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);

/**
 * Credits, terms and privacy: the text of the language scope in the reader's language. A value
 * ending in pdf shows in the PDF viewer instead (spec §2, privacy).
 */
export function LegalPage({ scope }: { scope: LanguageScopeName }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["platform", "common"]);
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { data, isLoading, isError, refetch } = useGetLanguageScopeQuery({ scope, lang });
  const title = t(`common:menu.${scope}`);

  let body: ReactNode;
  if (isLoading) body = <Spinner label={t("legal.loading")} />;
  else if (isError || !data) body = <ErrorState onRetry={() => void refetch()} />;
  else if (isPdfValue(data.value)) {
    body = (
      <Suspense fallback={<Spinner label={t("pdf.loading")} />}>
        <PdfViewer url={data.value.trim()} title={title} />
      </Suspense>
    );
  } else {
    body = (
      // The served language can differ from the requested one (server fallback).
      <div className={styles.text} lang={data.language}>
        {toParagraphs(data.value).map((p, i) => (
          <Text as="p" key={i} className={styles.paragraph}>
            {p}
          </Text>
        ))}
      </div>
    );
  }
  return (
    <>
      <AppPageHeader title={title} />
      {body}
    </>
  );
}

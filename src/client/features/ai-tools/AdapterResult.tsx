import { Badge, mergeClasses, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { ReadabilityView, TextLevelAdapterResult } from "../../../contracts/teacher-tools-base";
import { ToolNotes, useToolFormat, useToolStyles } from "./parts";
import { bandText, valueText } from "./resultText";

const VERDICT_COLOR = { in_band: "success", too_hard: "danger", too_easy: "warning" } as const;

export function VerdictBadge({ verdict }: { verdict: ReadabilityView["verdict"] }) {
  const { t } = useTranslation("aiTools");
  if (verdict === null) return <Text>{t("readability.noVerdict")}</Text>;
  return (
    <Badge appearance="tint" color={VERDICT_COLOR[verdict]}>
      {t(`readability.verdicts.${verdict}`)}
    </Badge>
  );
}

/** The text level adapter's result: readability before (and after), the adapted text, hard sentences, needs' checks, notes. */
export function AdapterResult({ result }: { result: TextLevelAdapterResult }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const rows: Array<[string, ReadabilityView]> = [[t("readability.original"), result.before]];
  if (result.adapted) rows.push([t("readability.adapted"), result.adapted.readability]);
  const cols = ["text", "index", "value", "band", "verdict", "wordsPerSentence", "syllablesPerWord"] as const;
  return (
    <>
      {/* Not a landmark itself: the scrolling table below is the region the heading names. */}
      <section className={styles.section}>
        <h2 id="adapter-readability">{t("readability.title")}</h2>
        <div className={styles.scroller} role="region" aria-labelledby="adapter-readability" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                {cols.map((c) => (
                  <th key={c} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                    {t(`readability.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, view]) => (
                <tr key={label}>
                  <th scope="row" className={styles.cell}>
                    {label}
                  </th>
                  <td className={styles.cell}>{t(`readability.index.${view.index}`)}</td>
                  <td className={styles.cell}>{valueText(view, f.decimal)}</td>
                  <td className={styles.cell}>{result.band ? bandText(result.band, f.decimal) : t("readability.noBand")}</td>
                  <td className={styles.cell}>
                    <VerdictBadge verdict={view.verdict} />
                  </td>
                  <td className={styles.cell}>{f.decimal(view.wordsPerSentence)}</td>
                  <td className={styles.cell}>{f.decimal2(view.syllablesPerWord)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {result.adapted ? (
        <section className={styles.section} aria-labelledby="adapter-text">
          <h2 id="adapter-text">{t("adapter.adaptedText")}</h2>
          <Text className={styles.muted}>{t("adapter.attempts", { count: result.adapted.attempts })}</Text>
          <p className={styles.text}>{result.adapted.text}</p>
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="adapter-hard">
        <h2 id="adapter-hard">{t("adapter.hardSentences")}</h2>
        {result.hardSentences.length === 0 ? (
          <Text>{t("adapter.noHardSentences")}</Text>
        ) : (
          <ol>
            {result.hardSentences.map((s, i) => (
              <li key={i}>
                <p className={styles.text}>{s.text}</p>
                <Text size={200} className={styles.muted}>
                  {t("adapter.sentenceFacts", { words: f.integer(s.words), syllables: f.decimal2(s.syllablesPerWord) })}
                  {s.longWords.length > 0 ? ` · ${t("adapter.longWords", { words: s.longWords.join(", ") })}` : ""}
                </Text>
              </li>
            ))}
          </ol>
        )}
      </section>

      {result.needChecks.length > 0 ? (
        <section className={styles.section} aria-labelledby="adapter-needs">
          <h2 id="adapter-needs">{t("adapter.needChecks")}</h2>
          <ul>
            {result.needChecks.map((c) => (
              <li key={`${c.need}-${c.rule}`}>
                <Badge appearance="tint" color={c.passed ? "success" : "danger"}>
                  {t(c.passed ? "adapter.passed" : "adapter.failed")}
                </Badge>{" "}
                <span>{t("adapter.needRule", { need: t(`needs.${c.need}`), rule: t(`adapter.rules.${c.rule}`, { limit: f.integer(c.limit) }), worst: f.integer(c.worst) })}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ToolNotes id="adapter-notes" notes={result.notes.map((n) => t(`notes.adapter.${n}`))} />
    </>
  );
}

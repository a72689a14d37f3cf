import { mergeClasses, Text } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { VocabularyCreatorResult } from "../../../contracts/teacher-tools-base";
import { ToolNotes, useToolFormat, useToolStyles } from "./parts";

/** The vocabulary creator's words, each with its sentence, counts and definition (or why there is none). */
export function VocabularyResult({ result }: { result: VocabularyCreatorResult }) {
  const styles = useToolStyles();
  const { t } = useTranslation("aiTools");
  const f = useToolFormat();
  const cols = ["word", "sentence", "occurrences", "syllables", "frequency", "definition"] as const;
  return (
    <>
      <section className={styles.section} aria-labelledby="vocabulary-words">
        <h2 id="vocabulary-words">{t("vocabulary.title")}</h2>
        <Text className={styles.muted}>{t("vocabulary.corpus", { count: result.corpusWords, words: f.integer(result.corpusWords) })}</Text>
        <div className={styles.scroller} role="region" aria-labelledby="vocabulary-caption" tabIndex={0}>
          <table className={styles.table}>
            <caption id="vocabulary-caption" className={styles.caption}>
              {t("vocabulary.caption")}
            </caption>
            <thead>
              <tr>
                {cols.map((c) => (
                  <th key={c} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                    {t(`vocabulary.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.words.map((w) => (
                <tr key={w.word}>
                  <th scope="row" className={styles.cell}>
                    {w.word}
                  </th>
                  <td className={styles.cell}>{w.sentence}</td>
                  <td className={styles.cell}>{f.integer(w.occurrences)}</td>
                  <td className={styles.cell}>{f.integer(w.syllables)}</td>
                  <td className={styles.cell}>{f.decimal(w.corpusFrequency)}</td>
                  <td className={styles.cell}>{w.definition ?? <span className={styles.muted}>{t("vocabulary.noDefinition")}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <ToolNotes id="vocabulary-notes" notes={result.notes.map((n) => t(`notes.vocabulary.${n}`))} />
    </>
  );
}

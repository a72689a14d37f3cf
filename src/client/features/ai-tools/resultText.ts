import type { TFunction } from "i18next";
import type { ReadabilityView, ReadingBand, TextLevelAdapterResult, ToolInstance } from "../../../contracts/teacher-tools-base";

/** Indexes on which a lower value is the easier text (a grade, LIX); on the others higher is easier. */
const LOWER_IS_EASIER: ReadonlySet<ReadabilityView["index"]> = new Set(["flesch-kincaid", "lix"]);

type Num = (n: number) => string;

/** The class's band: "min–max", or open on the easy side for the easiest band ("≥ min", or "≤ max" where lower is easier). */
export function bandText(band: ReadingBand, num: Num): string {
  if (band.easiest) return LOWER_IS_EASIER.has(band.index) ? `≤ ${num(band.max)}` : `≥ ${num(band.min)}`;
  return `${num(band.min)}–${num(band.max)}`;
}

/** A measure's value ("≈ 62,3" when approximate, "—" for a text without words). */
export function valueText(view: ReadabilityView, num: Num): string {
  if (view.value === null) return "—";
  return `${view.approximate ? "≈ " : ""}${num(view.value)}`;
}

/** What "Copy content" and "Download" give: the result as plain text, in the UI language. */
export function resultText(instance: ToolInstance, t: TFunction, num: Num): string {
  const result = instance.result;
  switch (result.tool) {
    case "text-translator":
      return result.text;
    case "vocabulary-creator":
      return result.words.map((w) => [w.word, w.definition ?? t("aiTools:vocabulary.noDefinition"), `“${w.sentence}”`].join("\n")).join("\n\n");
    case "real-world-connection":
      return result.connections
        .map((c) => [c.title, c.situation, c.explanation, `${t("aiTools:connections.question")}: ${c.question}`, `${t("aiTools:connections.activity")}: ${c.activity}`].join("\n"))
        .join("\n\n");
    case "classroom-energizer":
      return result.activities
        .map((a) =>
          [
            `${a.name} (${t("aiTools:energizer.minutes", { count: a.minutes })}, ${t(`aiTools:energizer.groupings.${a.grouping}`)})`,
            ...(a.materials.length > 0 ? [`${t("aiTools:energizer.materials")}: ${a.materials.join(", ")}`] : []),
            ...a.steps.map((s, i) => `${i + 1}. ${s}`),
            ...(a.link ? [`${t("aiTools:energizer.link")}: ${a.link}`] : []),
          ].join("\n"),
        )
        .join("\n\n");
    case "text-level-adapter":
      return adapterText(result, t, num);
    default:
      // A tool this screen does not show yet: its source text.
      return instance.text;
  }
}

function adapterText(result: TextLevelAdapterResult, t: TFunction, num: Num): string {
  if (result.adapted) return result.adapted.text;
  const lines = [
    `${t(`aiTools:readability.index.${result.before.index}`)}: ${valueText(result.before, num)}`,
    ...(result.band ? [`${t("aiTools:readability.band")}: ${bandText(result.band, num)}`] : []),
    ...(result.before.verdict ? [`${t("aiTools:readability.verdict")}: ${t(`aiTools:readability.verdicts.${result.before.verdict}`)}`] : []),
  ];
  if (result.hardSentences.length > 0) {
    lines.push("", `${t("aiTools:adapter.hardSentences")}:`);
    for (const s of result.hardSentences) lines.push(`- ${s.text}${s.longWords.length > 0 ? ` (${s.longWords.join(", ")})` : ""}`);
  }
  return lines.join("\n");
}

/** A file name for the download: the title's letters and digits, and the date. */
export function fileNameOf(instance: ToolInstance): string {
  const base = instance.title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || instance.tool}-${instance.createdAt.slice(0, 10)}.txt`;
}

/** Saves `text` as a UTF-8 .txt file. */
export function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

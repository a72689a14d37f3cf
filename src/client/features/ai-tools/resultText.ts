import type { TFunction } from "i18next";
import type {
  GeneratedQuestion,
  LessonPlanResult,
  QuestionGeneratorResult,
  ReadabilityView,
  ReadingBand,
  TextLevelAdapterResult,
  ToolInstance,
} from "../../../contracts/teacher-tools-base";
import { basisText, itemTypeText } from "./LessonPlanResult";

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
    case "question-generator":
      return questionsText(result, t);
    case "lesson-plan-generator":
      return planText(result, t, num);
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

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const list = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? (v.filter((x) => x && typeof x === "object") as Array<Record<string, unknown>>) : []);

/** A question's answer in words, from its full question_data: the teacher's copy keeps the key. */
function answerOf(q: GeneratedQuestion, t: TFunction): string {
  const d = q.questionData;
  switch (q.type) {
    case "QT_1":
      return list(d.choices)
        .map((c) => `${c.correct === true ? "[x]" : "[ ]"} ${str(c.text)}`)
        .join("\n");
    case "QT_3":
      return `${t("aiTools:questions.answer")}: ${t(d.correct === true ? "aiTools:questions.true" : "aiTools:questions.false")}`;
    case "QT_7":
      return `${t("aiTools:questions.answer")}: ${list(d.gaps)
        .map((g) => (Array.isArray(g.answers) ? g.answers.map(str).join(" / ") : ""))
        .join("; ")}`;
    case "QT_8": {
      const tokens = new Map(list(d.tokens).map((tk) => [str(tk.id), str(tk.text)]));
      return [
        `${t("aiTools:questions.tokens")}: ${[...tokens.values()].join(", ")}`,
        `${t("aiTools:questions.answer")}: ${list(d.gaps)
          .map((g) => tokens.get(str(g.tokenId)) ?? "")
          .join("; ")}`,
      ].join("\n");
    }
    default:
      return "";
  }
}

function questionsText(result: QuestionGeneratorResult, t: TFunction): string {
  return result.questions
    .map((q, i) => {
      const text = str(q.questionData.text).replace(/\[\[[^\]]+\]\]/g, "____");
      return [
        `${t("aiTools:questions.label", { n: i + 1 })} (${t(`aiTools:questionTypes.${q.type}`)})`,
        q.prompt,
        ...(text ? [text] : []),
        answerOf(q, t),
        `${t("aiTools:questions.kcs")}: ${q.kcs.length > 0 ? q.kcs.join(", ") : t("aiTools:questions.noKcs")}`,
        `${t("aiTools:questions.source")}: ${q.source}`,
      ]
        .filter((line) => line !== "")
        .join("\n");
    })
    .join("\n\n");
}

function planText(result: LessonPlanResult, t: TFunction, num: Num): string {
  const speed = num(result.readingSpeed);
  const lines: string[] = [];
  if (result.objectives.length > 0) lines.push(`${t("aiTools:plan.objectives")}:`, ...result.objectives.map((o) => `- ${o}`), "");
  if (result.kcs.length > 0) lines.push(`${t("aiTools:plan.kcs")}:`, ...result.kcs.map((k) => `- ${k.code} ${k.name}`), "");
  for (const session of result.sessions) {
    lines.push(t("aiTools:plan.session", { number: session.number, minutes: t("aiTools:plan.minutes", { count: session.minutes }) }));
    for (const phase of session.phases) {
      lines.push(`  ${t(`aiTools:plan.phases.${phase.phase}`)} (${t("aiTools:plan.minutes", { count: phase.minutes })})`);
      for (const item of phase.items) {
        lines.push(`    - ${item.title} · ${itemTypeText(t, item.type)} · ${t("aiTools:plan.minutes", { count: item.minutes })} (${basisText(t, item, speed)})`);
      }
      if (phase.note) lines.push(`    ${t("aiTools:plan.note")}: ${phase.note}`);
    }
    lines.push("");
  }
  return lines.join("\n").trimEnd();
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

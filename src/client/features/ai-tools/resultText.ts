import type { TFunction } from "i18next";
import type {
  FeedbackCriterion,
  GeneratedQuestion,
  LessonPlanResult,
  QuestionGeneratorResult,
  ReadabilityView,
  ReadingBand,
  RubricCriterion,
  RubricGeneratorResult,
  StudentFeedbackResult,
  TextLevelAdapterResult,
  ToolInstance,
} from "../../../contracts/teacher-tools-base";
import { basisText, itemTypeText } from "./LessonPlanResult";

/** Indexes on which a lower value is the easier text (a grade, LIX); on the others higher is easier. */
const LOWER_IS_EASIER: ReadonlySet<ReadabilityView["index"]> = new Set(["flesch-kincaid", "lix"]);

type Num = (n: number) => string;
type DateText = (iso: string) => string;

/** The names of a rubric's levels, best first: 3, 4 or 5 of them (4: Excelente, Notable, Suficiente, Insuficiente). */
export function levelNames(t: TFunction, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    count >= 3 && count <= 5 ? t(`aiTools:rubric.levels.n${count}.l${i + 1}`) : t("aiTools:rubric.levelN", { n: i + 1 }),
  );
}

/**
 * What a level of a criterion looks like when no model wrote its descriptor: observable from the
 * lesson's data. The best level uses all the criterion's key terms, lower levels proportionally
 * fewer (at least that many), the last (no points) none; without key terms, the share of the criterion shown.
 */
export function levelIndicator(t: TFunction, criterion: RubricCriterion, share: number, level: number, num: Num): string {
  const total = criterion.keyTerms.length;
  const percent = num(Math.round(share * 100));
  if (level === 0 || share >= 1) {
    return total > 0 ? t("aiTools:rubric.indicator.allTerms", { terms: criterion.keyTerms.join(", ") }) : t("aiTools:rubric.indicator.full");
  }
  if (share <= 0) return total > 0 ? t("aiTools:rubric.indicator.noTerms") : t("aiTools:rubric.indicator.none");
  const count = Math.min(total - 1, Math.round(total * share));
  return count > 0 ? t("aiTools:rubric.indicator.someTerms", { count, total }) : t("aiTools:rubric.indicator.partly", { percent });
}

/** A level's cell: the model's descriptor, else the observable indicator. */
export const levelCellText = (t: TFunction, c: RubricCriterion, shares: number[], i: number, num: Num): string =>
  c.descriptors?.[i] ?? levelIndicator(t, c, shares[i] ?? 0, i, num);

/** A criterion's name as shown: "Other questions" for the work's questions of no KC. */
export const feedbackCriterionName = (t: TFunction, c: Pick<FeedbackCriterion, "name" | "kc">): string =>
  c.name.trim() !== "" ? c.name : (c.kc ?? t("aiTools:feedback.otherQuestions"));

/** "7/10", or "—" without marks. */
export const scoreText = (score: number | null, max: number | null, num: Num): string => (score !== null && max !== null ? `${num(score)}/${num(max)}` : "—");

/** P(known) as a percentage, and this work's change in percentage points ("+12 points"). */
export function masteryText(t: TFunction, mastery: FeedbackCriterion["mastery"], num: Num): { known: string; change: string | null } | null {
  if (!mastery) return null;
  const known = t("aiTools:feedback.percent", { percent: num(Math.round(mastery.known * 100)) });
  if (mastery.change === null) return { known, change: null };
  const points = Math.round(Math.abs(mastery.change) * 100);
  if (points === 0) return { known, change: t("aiTools:feedback.noChange") };
  const sign = mastery.change > 0 ? "+" : "−";
  return { known, change: t("aiTools:feedback.change", { count: points, change: `${sign}${num(points)}` }) };
}

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
export function resultText(instance: ToolInstance, t: TFunction, num: Num, date: DateText = (iso) => iso.slice(0, 10)): string {
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
    case "rubric-generator":
      return rubricText(result, t, num);
    case "student-feedback":
      return feedbackText(result, t, num, date);
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

/** A table cell's text on one line, its pipes escaped. */
const cell = (text: string): string => text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");

function rubricText(result: RubricGeneratorResult, t: TFunction, num: Num): string {
  const names = levelNames(t, result.numberOfLevels);
  const head = [t("aiTools:rubric.columns.criterion"), t("aiTools:rubric.columns.weight"), t("aiTools:rubric.columns.points"), ...names];
  const rows = result.criteria.map((c) => [
    c.name,
    t("aiTools:rubric.percent", { percent: num(c.weight) }),
    num(c.points),
    ...names.map((_, i) => `${t("aiTools:rubric.points", { count: c.points * (result.levelShares[i] ?? 0), points: num(c.points * (result.levelShares[i] ?? 0)) })}: ${levelCellText(t, c, result.levelShares, i, num)}`),
  ]);
  const lines = [
    `${t("aiTools:rubric.title")} (${t("aiTools:rubric.maxScore", { score: num(result.maxScore) })})`,
    "",
    `| ${head.map(cell).join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ];
  for (const c of result.criteria) {
    lines.push("", `${c.name}: ${t(`aiTools:rubric.sources.${c.source}`)}${c.kc ? ` (${c.kc})` : ""}; ${t("aiTools:rubric.questions", { count: c.questions })}`);
    if (c.keyTerms.length > 0) lines.push(`${t("aiTools:rubric.keyTerms")}: ${c.keyTerms.join(", ")}`);
    if (c.evidence.length > 0) lines.push(`${t("aiTools:rubric.evidence")}:`, ...c.evidence.map((e) => `- ${e}`));
  }
  if (result.notes.length > 0) lines.push("", `${t("aiTools:notes.title")}:`, ...result.notes.map((n) => `- ${t(`aiTools:notes.rubric.${n}`)}`));
  return lines.join("\n");
}

function feedbackText(result: StudentFeedbackResult, t: TFunction, num: Num, date: DateText): string {
  const s = result.source;
  const lines = [
    `${t("aiTools:feedback.student")}: ${result.student.name}`,
    `${t("aiTools:feedback.work")}: ${s.title} (${t(`aiTools:feedbackForm.kinds.${s.kind}`)})`,
    `${t("aiTools:feedback.submitted")}: ${s.submittedAt ? date(s.submittedAt) : t("aiTools:feedback.notSubmitted")}${s.late ? ` (${t("aiTools:feedback.late")})` : ""}`,
    `${t("aiTools:feedback.score")}: ${scoreText(s.score, s.maxScore, num)}`,
  ];
  if (s.pendingGrading > 0) lines.push(t("aiTools:feedback.pending", { count: s.pendingGrading }));
  if (s.teacherFeedback) lines.push(`${t("aiTools:feedback.teacherFeedback")}: ${s.teacherFeedback}`);
  if (result.message) lines.push("", `${t("aiTools:feedback.message")}:`, result.message);
  lines.push("", `${t("aiTools:feedback.criteria")}:`);
  for (const c of result.criteria) {
    const mastery = masteryText(t, c.mastery, num);
    lines.push(
      `- ${feedbackCriterionName(t, c)}: ${scoreText(c.score, c.maxScore, num)} · ${t(`aiTools:feedback.levels.${c.level}`)}` +
        (mastery ? ` · ${t("aiTools:feedback.columns.mastery")} ${mastery.known}${mastery.change ? ` (${mastery.change})` : ""}` : ""),
      `  ${t("aiTools:feedback.answers", { correct: num(c.correct), partial: num(c.partial), wrong: num(c.wrong), unanswered: num(c.unanswered) })}`,
    );
    if (c.review.length > 0) lines.push(`  ${t("aiTools:feedback.columns.review")}: ${c.review.map((r) => r.title).join(", ")}`);
    if (c.comments.length > 0) lines.push(`  ${t("aiTools:feedback.columns.comments")}: ${c.comments.join(" / ")}`);
  }
  if (result.notes.length > 0) lines.push("", `${t("aiTools:notes.title")}:`, ...result.notes.map((n) => `- ${t(`aiTools:notes.feedback.${n}`)}`));
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

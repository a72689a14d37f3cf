import type { QuestionFull, QuestionWrite } from "../../../../contracts/assessments";
import { parseQuestionData, QuestionSchema, type Image, type QuestionData, type QuestionType } from "../../../../contracts/questions";
import { toEditorIssues } from "./author-issues";
import { starterDraft } from "./author-starters";
import type { EditorIssue } from "./editors/types";

/*
 * The question editor's form: what the author is typing (common fields and the question_data
 * draft), its validation against the contracts (parseQuestionData for question_data, the
 * question schema for the common fields) and the body sent to the server.
 */

export type MediaSlot = { key: string; image: Image | undefined };

export type QuestionForm = {
  prompt: string;
  /** As typed. */
  points: string;
  kcs: string[];
  /** Images under the prompt; a slot without an image is one the author added but has not filled yet. */
  media: MediaSlot[];
  feedbackCorrect: string;
  feedbackIncorrect: string;
  /** The question_data draft the type's editor works on. */
  draft: Record<string, unknown>;
};

let slotCount = 0;
export const newMediaSlot = (image?: Image): MediaSlot => ({ key: `media-${++slotCount}`, image });

export const newQuestionForm = (type: QuestionType): QuestionForm => ({
  prompt: "",
  points: "1",
  kcs: [],
  media: [],
  feedbackCorrect: "",
  feedbackIncorrect: "",
  draft: starterDraft(type),
});

/** A stored question as a form; `readable` is false when its question_data is not a JSON object (a new draft replaces it). */
export function formOfQuestion(question: QuestionFull): { form: QuestionForm; readable: boolean } {
  let draft: Record<string, unknown> | null = null;
  try {
    const value: unknown = JSON.parse(question.question_data);
    if (value && typeof value === "object" && !Array.isArray(value)) draft = value as Record<string, unknown>;
  } catch {
    draft = null;
  }
  return {
    readable: draft !== null,
    form: {
      prompt: question.prompt,
      points: String(question.points),
      kcs: [...question.kcs],
      media: question.media.map((image) => newMediaSlot(image)),
      feedbackCorrect: question.feedback.correct ?? "",
      feedbackIncorrect: question.feedback.incorrect ?? "",
      draft: draft ?? starterDraft(question.type),
    },
  };
}

export type QuestionCheck = {
  /** question_data issues, paths relative to question_data (what the type's editor shows). */
  dataIssues: EditorIssue[];
  /** Common field issues: prompt, points, kcs, media, feedback. */
  commonIssues: EditorIssue[];
  /** The parsed question_data when it is valid (the live preview shows it). */
  data: QuestionData | null;
  /** What to send, when everything is valid. */
  body: QuestionWrite | null;
};

const COMMON_FIELDS = new Set(["prompt", "points", "kcs", "media", "feedback"]);

export function checkQuestion(type: QuestionType, form: QuestionForm): QuestionCheck {
  const questionData = JSON.stringify(form.draft);
  const parsed = parseQuestionData(type, questionData);
  const dataIssues = parsed.ok ? [] : toEditorIssues(parsed.issues);
  const feedback = {
    ...(form.feedbackCorrect.trim() ? { correct: form.feedbackCorrect.trim() } : {}),
    ...(form.feedbackIncorrect.trim() ? { incorrect: form.feedbackIncorrect.trim() } : {}),
  };
  const points = form.points.trim() === "" ? Number.NaN : Number(form.points);
  const media = form.media.map((slot) => slot.image ?? { url: "", alt: "" });
  const common = QuestionSchema.safeParse({ type, data: form.draft, prompt: form.prompt, kcs: form.kcs, media, feedback, points });
  const commonIssues = common.success ? [] : toEditorIssues(common.error.issues.filter((i) => COMMON_FIELDS.has(String(i.path[0]))));
  const body: QuestionWrite | null =
    parsed.ok && commonIssues.length === 0
      ? { type, question_data: questionData, prompt: form.prompt.trim(), points, kcs: form.kcs, media, feedback }
      : null;
  return { dataIssues, commonIssues, data: parsed.ok ? parsed.data : null, body };
}

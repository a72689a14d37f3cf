import type { ToolResult } from "../../../contracts/teacher-tools-base";
import type { AiProvider } from "../../ai";
import { moderateOutput } from "../../ai/moderation";

/*
 * What a model wrote in a tool's result, for moderation (ai/moderation.ts; ADR 0039): the texts
 * pupils may be handed. What the platform measured or took from the teacher's own text (the
 * readability report, the vocabulary's sentences, the local generator's items) is not the
 * model's and is not checked here.
 */
export function modelTexts(result: ToolResult): string[] {
  switch (result.tool) {
    case "text-level-adapter":
      return result.adapted ? [result.adapted.text] : [];
    case "vocabulary-creator":
      return result.words.flatMap((w) => (w.definition ? [w.definition] : []));
    case "text-translator":
      return [result.text];
    case "question-generator":
      return result.notes.includes("NO_LANGUAGE_MODEL") ? [] : result.questions.flatMap((q) => [q.prompt, JSON.stringify(q.questionData)]);
    case "lesson-plan-generator":
      return result.sessions.flatMap((s) => s.phases.flatMap((p) => (p.note ? [p.note] : [])));
    case "real-world-connection":
      return result.connections.flatMap((c) => [c.title, c.situation, c.explanation, c.question, c.activity]);
    case "rubric-generator":
      return result.criteria.flatMap((c) => [...(c.source === "model" ? [c.name] : []), ...(c.descriptors ?? [])]);
    case "student-feedback":
      return result.message ? [result.message] : [];
    case "classroom-energizer":
      return result.activities.flatMap((a) => [a.name, a.link, ...a.materials, ...a.steps]);
  }
}

/** Refuses a result whose model-written texts do not pass moderation (422 AI_OUTPUT_BLOCKED): the word list, then the provider's moderation model when configured. */
export async function moderateResult(result: ToolResult, ai: AiProvider, context: { tenantId: string; signal?: AbortSignal | undefined }): Promise<void> {
  await moderateOutput(ai, context, modelTexts(result));
}

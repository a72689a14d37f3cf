import type { Role } from "../../../contracts/constants";
import type { TeacherTool, ToolCard, ToolCatalogue, ToolCategory } from "../../../contracts/teacher-tools-base";
import type { AiProvider } from "../../ai";

/** Spec §6: teachers alone see the AI teacher tools and their history. */
export const TOOL_ROLES: readonly Role[] = ["teacher", "coteacher"];

/**
 * The tools this server runs, their category, and what each does without a language model
 * (ADR 0039): `local` runs the platform's own algorithms and says what it left out; `none` cannot
 * run at all. A tool is listed once its route exists.
 */
const TOOLS: ReadonlyArray<{ tool: TeacherTool; category: ToolCategory; withoutModel: "local" | "none" }> = [
  { tool: "text-level-adapter", category: "texts", withoutModel: "local" },
  { tool: "vocabulary-creator", category: "texts", withoutModel: "local" },
  { tool: "text-translator", category: "texts", withoutModel: "none" },
  { tool: "question-generator", category: "assessment", withoutModel: "local" },
  { tool: "lesson-plan-generator", category: "planning", withoutModel: "local" },
  { tool: "rubric-generator", category: "assessment", withoutModel: "local" },
  { tool: "student-feedback", category: "assessment", withoutModel: "local" },
  { tool: "real-world-connection", category: "engagement", withoutModel: "none" },
  { tool: "classroom-energizer", category: "engagement", withoutModel: "none" },
];

/** The cards of /ai/tools under the provider in use. */
export function toolCatalogue(ai: AiProvider): ToolCatalogue {
  const capabilities = ai.capabilities();
  const hasModel = capabilities.structured;
  const tools = TOOLS.map(({ tool, category, withoutModel }): ToolCard => {
    if (hasModel) return { tool, category, available: true, mode: "full" };
    if (withoutModel === "local") return { tool, category, available: true, mode: "local" };
    return { tool, category, available: false, mode: "unavailable", reason: "NO_LANGUAGE_MODEL" };
  });
  return { provider: ai.name, tools };
}

import type { ClassroomEnergizerResult, RealWorldConnectionResult } from "../../../contracts/teacher-tools-base";
import { ENERGIZER_GROUPINGS } from "../../../contracts/teacher-tools-base";
import * as z from "../../../contracts/zod";
import type { AiProvider } from "../../ai";
import { AiUnavailableError } from "../../ai";
import { LANGUAGE_NAMES, type ToolCall } from "./tool-call";

/*
 * The real-world connection and the classroom energizer (issue 16, ADR 0039): ideas for a class,
 * written by a language model from the lesson's text. Nothing in the platform's content can
 * stand in for them: without a model they are unavailable (the cards disabled, the calls 409
 * AI_UNAVAILABLE NO_LANGUAGE_MODEL). The model's answer is held to a schema and trimmed to what
 * the result shows (at most five items, steps and materials within bounds).
 */

const MAX_ITEMS = 5;

const ConnectionsSchema = z.object({
  connections: z.array(z.object({ title: z.string().min(1).max(200), situation: z.string().min(1).max(1500), explanation: z.string().min(1).max(1500), question: z.string().min(1).max(500), activity: z.string().min(1).max(1500) })),
});

const EnergizersSchema = z.object({
  activities: z.array(
    z.object({
      name: z.string().min(1).max(200),
      minutes: z.number().int().min(1).max(30),
      grouping: z.enum(ENERGIZER_GROUPINGS),
      materials: z.array(z.string().min(1).max(200)),
      steps: z.array(z.string().min(1).max(600)),
      link: z.string().min(1).max(1000),
    }),
  ),
});

function needsModel(ai: AiProvider): void {
  const capabilities = ai.capabilities();
  if (!capabilities.structured) throw new AiUnavailableError(capabilities.reason ?? "NO_LANGUAGE_MODEL");
}

const audience = (call: ToolCall) => (call.band ? `pupils of school year ${call.band.grade} (1 = first year of primary school)` : "young children (preschool)");
const notesLine = (call: ToolCall) => (call.additionalNotes ? ["The teacher's notes are in the data's `additionalNotes` field: follow them where they fit the rules above."] : []);
const inputOf = (call: ToolCall) => (call.additionalNotes ? { text: call.text, additionalNotes: call.additionalNotes } : call.text);

export async function runRealWorldConnection(call: ToolCall, ai: AiProvider): Promise<RealWorldConnectionResult> {
  needsModel(ai);
  const { data } = await ai.generateStructured({
    ...call.context,
    schema: ConnectionsSchema,
    schemaName: "real_world_connections",
    system: [
      `The data is a lesson's text (or its topic). Give three connections between its central ideas and the everyday lives of ${audience(call)}, in ${LANGUAGE_NAMES[call.language]}.`,
      "Each connection: a short title; the situation where pupils meet the idea (home, sport, shopping, games, nature, the news); how the lesson's idea explains it; a question to discuss in class; a small activity pupils can do.",
      "Stay with what the text teaches; be concrete and accurate; nothing unsafe for minors.",
      ...notesLine(call),
    ].join("\n"),
    input: inputOf(call),
  });
  return { tool: "real-world-connection", language: call.language, connections: data.connections.slice(0, MAX_ITEMS) };
}

export async function runClassroomEnergizer(call: ToolCall, ai: AiProvider): Promise<ClassroomEnergizerResult> {
  needsModel(ai);
  const needs = call.specialNeeds.length > 0 ? [`Every activity must include pupils with these needs: ${call.specialNeeds.join(", ")} (adapt movement, noise, reading and writing so that all can take part).`] : [];
  const { data } = await ai.generateStructured({
    ...call.context,
    schema: EnergizersSchema,
    schemaName: "classroom_energizers",
    system: [
      `The data is a lesson's text (or its topic). Propose three short classroom energizers (2 to 10 minutes each) for ${audience(call)}, in ${LANGUAGE_NAMES[call.language]}, that wake the class up and make pupils use the lesson's ideas.`,
      "Each: a name, its minutes, the grouping (individual, pairs, groups or whole_class), the materials (an empty list when none), numbered steps the teacher can read aloud, and how it links to the lesson.",
      "Safe in an ordinary classroom; no materials a school would not have.",
      ...needs,
      ...notesLine(call),
    ].join("\n"),
    input: inputOf(call),
  });
  return { tool: "classroom-energizer", language: call.language, activities: data.activities.slice(0, MAX_ITEMS) };
}

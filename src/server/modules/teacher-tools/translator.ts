import type { DestinationLanguage, TextTranslatorResult } from "../../../contracts/teacher-tools-base";
import * as z from "../../../contracts/zod";
import type { AiProvider } from "../../ai";
import { AiUnavailableError } from "../../ai";
import type { ToolCall } from "./tool-call";

/*
 * The text translator (issue 16, ADR 0039): the spec's eleven destination languages, with a model
 * only. Translation is writing: the local provider has no way to do it well, so the tool is
 * unavailable there (its card disabled, the call 409 AI_UNAVAILABLE NO_LANGUAGE_MODEL).
 */

/** How each destination is named to the model: the variety, not just the language. */
export const DESTINATION_NAMES: Readonly<Record<DestinationLanguage, string>> = {
  "ca-valencia": "Valencian (Catalan as written in the Valencian Community, following the Acadèmia Valenciana de la Llengua's norms)",
  ca: "Catalan (the Institut d'Estudis Catalans' standard)",
  eu: "Basque (standard Batua)",
  es: "Castilian Spanish (as written in Spain)",
  gl: "Galician (the Real Academia Galega's standard)",
  "es-CO": "Colombian Spanish (the vocabulary and usage of Colombia; ustedes for the plural you)",
  en: "English",
  fr: "French",
  it: "Italian",
  zh: "Simplified Chinese (Mandarin)",
  ar: "Modern Standard Arabic",
};

const TranslationSchema = z.object({ translatedText: z.string().min(1).max(60_000) });

export async function runTextTranslator(call: ToolCall, destination: DestinationLanguage, ai: AiProvider): Promise<TextTranslatorResult> {
  const capabilities = ai.capabilities();
  if (!capabilities.structured) throw new AiUnavailableError(capabilities.reason ?? "NO_LANGUAGE_MODEL");
  const grade = call.band?.grade;
  const { data } = await ai.generateStructured({
    ...call.context,
    schema: TranslationSchema,
    schemaName: "translation",
    system: [
      `Translate the data's text into ${DESTINATION_NAMES[destination]} for pupils${grade !== undefined ? ` of school year ${grade} (1 = first year of primary school)` : ""}.`,
      "Keep its meaning, facts, numbers, names and paragraphs; keep its reading level; translate every sentence, adding and leaving out nothing.",
      ...(call.additionalNotes ? ["The teacher's notes are in the data's `additionalNotes` field (for example a glossary): follow them where they fit."] : []),
      "Answer with the translation in `translatedText`, plain text, paragraphs separated by a blank line.",
    ].join("\n"),
    input: call.additionalNotes ? { text: call.text, additionalNotes: call.additionalNotes } : call.text,
  });
  return { tool: "text-translator", language: call.language, destinationLanguage: destination, text: data.translatedText };
}

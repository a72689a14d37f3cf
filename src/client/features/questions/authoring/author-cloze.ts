import { clozeGapIds } from "../../../../contracts/questions-base";
import { newLocalId } from "./editors/types";

/* Cloze texts while authoring: gap markers [[gapId]] inserted, removed and listed in text order. */

/** A short random gap id no other gap has (it shows in the text, so short helps the author). */
export function newGapId(taken: readonly string[]): string {
  const used = new Set(taken);
  for (;;) {
    const id = newLocalId().slice(0, 6);
    if (!used.has(id)) return id;
  }
}

/**
 * Puts a new gap's marker in place of the selection (or at the cursor). The selected words, if
 * any, are the gap's first accepted answer; the caret goes right after the marker.
 */
export function insertGapMarker(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  taken: readonly string[],
): { text: string; id: string; caret: number; selected: string } {
  const start = Math.max(0, Math.min(selectionStart, text.length));
  const end = Math.max(start, Math.min(selectionEnd, text.length));
  const id = newGapId(taken);
  const marker = `[[${id}]]`;
  return { text: text.slice(0, start) + marker + text.slice(end), id, caret: start + marker.length, selected: text.slice(start, end).trim() };
}

/** The text without a gap's markers. */
export const removeGapMarkers = (text: string, gapId: string): string => text.split(`[[${gapId}]]`).join("");

/** The gaps in the order their markers appear in the text; gaps without a marker last. `index` is the gap's place in the data. */
export function gapOrder<G extends { id: string }>(text: string, gaps: readonly G[]): { gap: G; index: number }[] {
  const order = clozeGapIds(text);
  const position = (id: string) => {
    const at = order.indexOf(id);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  return gaps.map((gap, index) => ({ gap, index })).sort((a, b) => position(a.gap.id) - position(b.gap.id) || a.index - b.index);
}

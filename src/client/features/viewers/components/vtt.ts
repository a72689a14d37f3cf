export type Cue = { start: number; end: number; text: string };

/** "01:02:03.500" or "02:03.500" to seconds. */
function seconds(stamp: string): number {
  const parts = stamp.trim().split(":").map(Number);
  return parts.reduce((acc, n) => acc * 60 + (Number.isFinite(n) ? n : 0), 0);
}

/**
 * The cues of a WebVTT file as plain text (voice and styling tags removed), for the transcript.
 * Header, NOTE, STYLE and REGION blocks are skipped.
 */
export function parseVtt(source: string): Cue[] {
  const blocks = source.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.split("\n").filter((l) => l.trim() !== "");
    const timing = lines.findIndex((l) => l.includes("-->"));
    if (timing < 0) continue;
    const [from = "", rest = ""] = (lines[timing] ?? "").split("-->");
    const to = rest.trim().split(/\s+/)[0] ?? "";
    const text = lines
      .slice(timing + 1)
      .join(" ")
      .replace(/<[^>]*>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&nbsp;/g, " ")
      .trim();
    if (text) cues.push({ start: seconds(from), end: seconds(to), text });
  }
  return cues;
}

/** 75 -> "1:15", 3675 -> "1:01:15". */
export function clock(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

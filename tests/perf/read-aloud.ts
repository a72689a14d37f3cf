/**
 * Issue 17's read-aloud figure (ADR 0042): a 1,000-character Spanish message spoken by eSpeak NG
 * (WebAssembly, in a worker thread) and encoded to MP3: synthesis time and audio size, RUNS times
 * over different messages (a cached one costs a file read: the HTTP test checks the cache), and
 * the size the uncompressed wave would have had. Run with `npx tsx tests/perf/read-aloud.ts`.
 */
import { NUMERATION_KEY_IDEAS, OPERATIONS_ASSIGNMENT } from "../../src/server/db/seed/files";
import { synthesize } from "../../src/server/modules/chatbot/speech";
import { speakableText } from "../../src/server/modules/chatbot/speech-text";

const RUNS = Number(process.env.BENCH_SPEECH_RUNS ?? 6);
const CHARS = 1000;

/** A message of about CHARS characters of the seed's Spanish prose, starting at a different sentence each run. */
function message(run: number): string {
  const sentences = `${NUMERATION_KEY_IDEAS}\n${OPERATIONS_ASSIGNMENT}`.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 20);
  let out = "";
  for (let i = run; out.length < CHARS; i++) out += `${sentences[i % sentences.length]?.trim() ?? ""} `;
  return speakableText(out.slice(0, CHARS));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const times: number[] = [];
  const sizes: number[] = [];
  const seconds: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const text = message(run);
    const started = performance.now();
    const made = await synthesize(text, "es");
    times.push(performance.now() - started);
    sizes.push(made.audio.length);
    seconds.push(made.seconds);
  }
  const wave = median(seconds) * 22050 * 2;
  console.log(`\nread-aloud: a ${CHARS}-character Spanish message, ${RUNS} different messages, one at a time`);
  console.log(`  synthesis + MP3   median ${median(times).toFixed(0)} ms  (first, with the worker's WebAssembly compile: ${times[0]?.toFixed(0)} ms; max ${Math.max(...times).toFixed(0)} ms)`);
  console.log(`  audio             median ${median(seconds).toFixed(1)} s of speech, ${(median(sizes) / 1024).toFixed(0)} KiB MP3 (the 16-bit wave: ${(wave / 1024).toFixed(0)} KiB, ${(wave / median(sizes)).toFixed(1)}x larger)`);
}

void main();

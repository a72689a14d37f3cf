import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Language } from "../../../contracts/common";
import type { AiProvider } from "../../ai/types";
import type { Storage } from "../../platform/storage";

/*
 * Read-aloud (issue 17, ADR 0042; spec §5/§8 getTextAudio): a message's text as speech, offline.
 * eSpeak NG (compiled to WebAssembly, npm `espeak-ng`) speaks it in a worker thread of its own, run
 * as its command-line program (`-v <voice> -w out.wav -f in.txt`); the wave is encoded to MP3
 * (LAME compiled to WebAssembly, npm `wasm-media-encoders`) in the same thread: 32 kbit/s mono,
 * about 14 times smaller than the wave, for school networks. Neither blocks the server's event
 * loop. Each synthesis is cached in the file storage by the hash of what was said, how and by
 * which engine, so a message asked for twice (or by two students) is synthesised once.
 */

export const SPEECH_MIME = "audio/mpeg";
/** Part of every cache key: a new engine, voice table or bitrate makes new audio. */
const ENGINE = "espeak-ng-1.0.2+lame-32k-v1";
const BITRATE = 32;
const SYNTHESIS_TIMEOUT_MS = 30_000;
/** Syntheses at once; each holds about 70 MB of WebAssembly memory while it runs. */
const MAX_PARALLEL = 2;

/** eSpeak NG's voice for each of the product's languages; Portuguese by the edition's country. */
export function voiceOf(language: Language, country: string): string {
  if (language === "pt") return country === "BR" ? "pt-br" : "pt";
  if (language === "en") return country === "US" ? "en-us" : "en";
  return language;
}

const resolve = createRequire(__filename).resolve;

/**
 * The worker's code (run with `eval`, so there is no file to ship or find): eSpeak NG's program
 * writes the wave, LAME encodes its samples; the MP3's bytes are posted back (transferred).
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
(async () => {
  try {
    const { default: ESpeakNg } = await import(workerData.espeakUrl);
    const { createEncoder } = require(workerData.encoderPath);
    const espeakWasm = await WebAssembly.compile(readFileSync(workerData.espeakWasmPath));
    let errors = "";
    const program = await ESpeakNg({
      arguments: ["-v", workerData.voice, "-w", "/out.wav", "-f", "/in.txt"],
      preRun: [(m) => m.FS.writeFile("/in.txt", workerData.text)],
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(espeakWasm, imports).then((instance) => done(instance, espeakWasm));
        return {};
      },
      print: () => {},
      printErr: (line) => { errors += line + "\\n"; },
    });
    const wav = program.FS.readFile("/out.wav");
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    let at = 12, data = -1, length = 0;
    while (at + 8 <= wav.length) {
      const id = String.fromCharCode(wav[at], wav[at + 1], wav[at + 2], wav[at + 3]);
      const size = view.getUint32(at + 4, true);
      if (id === "data") { data = at + 8; length = Math.min(size, wav.length - data); break; }
      at += 8 + size + (size % 2);
    }
    if (data < 0) throw new Error("eSpeak NG wrote no audio" + (errors ? ": " + errors.trim() : ""));
    const sampleRate = view.getUint32(24, true);
    const samples = new Float32Array(Math.floor(length / 2));
    for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(data + 2 * i, true) / 32768;
    const encoder = await createEncoder("audio/mpeg", readFileSync(workerData.mp3WasmPath));
    encoder.configure({ channels: 1, sampleRate, bitrate: workerData.bitrate });
    const head = encoder.encode([samples]);
    const chunks = [head.slice(), encoder.finalize().slice()];
    const mp3 = new Uint8Array(chunks[0].length + chunks[1].length);
    mp3.set(chunks[0], 0);
    mp3.set(chunks[1], chunks[0].length);
    parentPort.postMessage({ mp3, seconds: samples.length / sampleRate }, [mp3.buffer]);
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
})();
`;

let paths: { espeakUrl: string; espeakWasmPath: string; encoderPath: string; mp3WasmPath: string } | null = null;
function enginePaths() {
  if (!paths) {
    const espeak = resolve("espeak-ng");
    const encoderPath = resolve("wasm-media-encoders");
    paths = {
      espeakUrl: pathToFileURL(espeak).href,
      espeakWasmPath: path.join(path.dirname(espeak), "espeak-ng.wasm"),
      encoderPath,
      mp3WasmPath: path.join(path.dirname(encoderPath), "..", "wasm", "mp3.wasm"),
    };
  }
  return paths;
}

let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(run: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await run();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export type Speech = { audio: Buffer; seconds: number | null; cached: boolean };

/** `text` spoken with eSpeak NG's `voice`, as MP3, in a worker thread (ended after SYNTHESIS_TIMEOUT_MS whatever happens). */
export function synthesize(text: string, voice: string): Promise<{ audio: Buffer; seconds: number }> {
  return slot(
    () =>
      new Promise((done, fail) => {
        const worker = new Worker(WORKER, { eval: true, workerData: { ...enginePaths(), text, voice, bitrate: BITRATE } });
        const timer = setTimeout(() => {
          void worker.terminate();
          fail(new Error(`speech synthesis took more than ${SYNTHESIS_TIMEOUT_MS} ms`));
        }, SYNTHESIS_TIMEOUT_MS);
        worker.once("message", (message: { mp3?: Uint8Array; seconds?: number; error?: string }) => {
          clearTimeout(timer);
          void worker.terminate();
          if (message.mp3) done({ audio: Buffer.from(message.mp3.buffer, message.mp3.byteOffset, message.mp3.byteLength), seconds: message.seconds ?? 0 });
          else fail(new Error(message.error ?? "speech synthesis failed"));
        });
        worker.once("error", (err) => {
          clearTimeout(timer);
          fail(err);
        });
      }),
  );
}

/** A model server's speech takes at most this many characters a request (OpenAI's /audio/speech: 4096). */
export const PROVIDER_SPEECH_MAX_CHARS = 4000;

/** The text in pieces of at most `max` characters, cut after a sentence (or, failing one, a space). */
export function speechPieces(text: string, max = PROVIDER_SPEECH_MAX_CHARS): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const head = rest.slice(0, max);
    const sentence = Math.max(head.lastIndexOf(". "), head.lastIndexOf("? "), head.lastIndexOf("! "), head.lastIndexOf("\n"));
    const cut = sentence > max / 2 ? sentence + 1 : head.lastIndexOf(" ") > 0 ? head.lastIndexOf(" ") : max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== "") pieces.push(rest);
  return pieces;
}

/**
 * The provider's speech as the read-aloud engine (ADR 0042): the text in pieces the model server
 * takes, their MP3s one after the other (MPEG frames play on across the join).
 */
export function providerSynth(speak: NonNullable<AiProvider["speak"]>, model: string, voice: string, context: { tenantId: string; signal?: AbortSignal | undefined }) {
  return {
    engine: `provider:${model}:${voice}`,
    run: async (text: string): Promise<{ audio: Buffer; seconds: number | null }> => {
      const parts: Buffer[] = [];
      for (const piece of speechPieces(text)) parts.push((await speak({ text: piece, tenantId: context.tenantId, signal: context.signal })).audio);
      return { audio: Buffer.concat(parts), seconds: null };
    },
  };
}

/** The storage key of a text's audio: the hash of the engine, the voice and the text. */
export function speechKey(text: string, voice: string, engine = ENGINE): string {
  const hash = createHash("sha256").update(`${engine}\n${voice}\n${text}`).digest("hex");
  return `speech/${hash.slice(0, 2)}/${hash}.mp3`;
}

/** The text's audio from the cache, or synthesised and cached. `synth` is the engine (eSpeak NG unless a provider's speech is configured). */
export async function speechFor(
  storage: Storage,
  text: string,
  voice: string,
  synth: { engine: string; run: (text: string, voice: string) => Promise<{ audio: Buffer; seconds: number | null }> } = { engine: ENGINE, run: synthesize },
): Promise<Speech> {
  const key = speechKey(text, voice, synth.engine);
  if ((await storage.size(key)) !== null) return { audio: await storage.read(key), seconds: null, cached: true };
  const made = await synth.run(text, voice);
  await storage.put(key, made.audio);
  return { ...made, cached: false };
}

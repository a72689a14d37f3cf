/*
 * Demo audio: tones written as PCM 16-bit mono WAV, and WebVTT captions computed from the same
 * script, so every cue starts and ends exactly with the sounds it describes.
 */

export const WAV_SAMPLE_RATE = 8000;

/** One sound (or a silence when hz is 0). */
export type Tone = { hz: number; ms: number };
/** A caption and the sounds it describes; `pauseMs` of silence follows the cue. */
export type AudioCue = { text: string; tones: readonly Tone[]; pauseMs: number };
export type AudioScript = { leadMs: number; cues: readonly AudioCue[] };

const tones = (count: number, hz: number, ms: number, gapMs: number): Tone[] =>
  Array.from({ length: count }, (_, i) => [{ hz, ms }, ...(i < count - 1 ? [{ hz: 0, ms: gapMs }] : [])]).flat();

/** Matemáticas, "Sistemas de numeración": the number 325 told by hundreds (low), tens (mid) and units (high). */
export const NUMBER_IN_SOUNDS: AudioScript = {
  leadMs: 300,
  cues: [
    { text: "Tres sonidos graves: 3 centenas.", tones: tones(3, 220, 350, 150), pauseMs: 450 },
    { text: "Dos sonidos medios: 2 decenas.", tones: tones(2, 440, 300, 150), pauseMs: 450 },
    { text: "Cinco sonidos agudos: 5 unidades.", tones: tones(5, 880, 180, 100), pauseMs: 300 },
    { text: "300 + 20 + 5: el número es 325.", tones: [{ hz: 0, ms: 900 }], pauseMs: 0 },
  ],
};

/** Música, "Cualidades del sonido": the C major scale going up, one note per cue (altura). */
export const C_MAJOR_SCALE: AudioScript = {
  leadMs: 250,
  cues: [
    ["Do", 261.63],
    ["Re", 293.66],
    ["Mi", 329.63],
    ["Fa", 349.23],
    ["Sol", 392.0],
    ["La", 440.0],
    ["Si", 493.88],
    ["Do agudo", 523.25],
  ].map(([name, hz], i, all) => ({
    text: `${name as string}: ${i === 0 ? "la nota más grave de la escala" : i === all.length - 1 ? "la misma nota, una octava más aguda" : "un poco más agudo"}.`,
    tones: [{ hz: hz as number, ms: i === all.length - 1 ? 900 : 550 }],
    pauseMs: i === all.length - 1 ? 300 : 100,
  })),
};

type Span = { startMs: number; endMs: number; text: string };

/** Where each cue's sounds start and end, and the whole length. */
export function audioTimeline(script: AudioScript): { spans: Span[]; totalMs: number } {
  let at = script.leadMs;
  const spans: Span[] = [];
  for (const cue of script.cues) {
    const length = cue.tones.reduce((sum, t) => sum + t.ms, 0);
    spans.push({ startMs: at, endMs: at + length, text: cue.text });
    at += length + cue.pauseMs;
  }
  return { spans, totalMs: at };
}

/** PCM 16-bit mono WAV at 8 kHz; each tone fades in and out over 10 ms so it does not click. */
export function buildWav(script: AudioScript = NUMBER_IN_SOUNDS): Uint8Array {
  const toSamples = (ms: number) => Math.round((ms * WAV_SAMPLE_RATE) / 1000);
  const { totalMs } = audioTimeline(script);
  const sampleCount = toSamples(totalMs);
  const header = new DataView(new ArrayBuffer(44));
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => header.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, "RIFF");
  header.setUint32(4, 36 + sampleCount * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  header.setUint32(16, 16, true); // fmt chunk size
  header.setUint16(20, 1, true); // PCM
  header.setUint16(22, 1, true); // mono
  header.setUint32(24, WAV_SAMPLE_RATE, true);
  header.setUint32(28, WAV_SAMPLE_RATE * 2, true); // byte rate
  header.setUint16(32, 2, true); // block align
  header.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  header.setUint32(40, sampleCount * 2, true);

  const samples = new Int16Array(sampleCount); // host order; little-endian on every platform Node runs on
  const fade = toSamples(10);
  const write = (startMs: number, tone: Tone) => {
    if (tone.hz <= 0) return;
    const start = toSamples(startMs);
    const n = Math.min(toSamples(tone.ms), sampleCount - start);
    const step = (2 * Math.PI * tone.hz) / WAV_SAMPLE_RATE;
    for (let i = 0; i < n; i++) {
      const edge = Math.min(i, n - 1 - i);
      samples[start + i] = Math.round((edge < fade ? (16383 * edge) / fade : 16383) * Math.sin(step * i));
    }
  };
  let at = script.leadMs;
  for (const cue of script.cues) {
    for (const tone of cue.tones) {
      write(at, tone);
      at += tone.ms;
    }
    at += cue.pauseMs;
  }
  const out = new Uint8Array(44 + sampleCount * 2);
  out.set(new Uint8Array(header.buffer), 0);
  out.set(new Uint8Array(samples.buffer), 44);
  return out;
}

const timestamp = (ms: number): string => {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** WebVTT captions for the same script, one cue per caption. */
export function buildVtt(script: AudioScript = NUMBER_IN_SOUNDS): string {
  const { spans } = audioTimeline(script);
  const cues = spans.map((span, i) => `${i + 1}\n${timestamp(span.startMs)} --> ${timestamp(span.endMs)}\n${span.text}`);
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

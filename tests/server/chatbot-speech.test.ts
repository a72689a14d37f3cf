process.env.LOG_LEVEL = "silent";
import { speakableText } from "../../src/server/modules/chatbot/speech-text";
import { detectLanguage } from "../../src/server/modules/teacher-tools/language";
import { speechKey } from "../../src/server/modules/chatbot/speech";
import { loadConfig } from "../../src/server/config";
import { speechPieces } from "../../src/server/modules/chatbot/speech";
import { bearerFor } from "../support/api";
import { startOpenAiServer, toneMp3, type OpenAiServer } from "../support/openai-server";
import { buildTestApp, type TestApp } from "../support/app";

/*
 * Read-aloud (issue 17, ADR 0042; spec getTextAudio, §5/§8 limits): what is said (no citation
 * numbers, markdown or LaTeX commands), in which language, the MP3 eSpeak NG makes and its cache.
 */

let t: TestApp;
let withTts: TestApp;
let ai: OpenAiServer;
let speechFails = false;
beforeAll(async () => {
  ai = await startOpenAiServer({ speech: (input) => (speechFails ? { status: 500 } : toneMp3(Math.min(4, input.length * 0.01))) });
  const config = loadConfig({ AI_PROVIDER: "openai", AI_BASE_URL: ai.url, AI_MODEL: "llama3.1", AI_MAX_RETRIES: "0", AI_TTS_MODEL: "gpt-4o-mini-tts", AI_TTS_VOICE: "nova" }).ai;
  [t, withTts] = await Promise.all([buildTestApp(), buildTestApp({ ai: config })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t.close(), withTts.close()]);
  await ai.close();
});

const MARTA = "student1@demo.test";

async function speech(email: string, payload: object, app = t) {
  return app.app.inject({ method: "POST", url: "/api/chatbot/speech", headers: await bearerFor(app.app, email), payload });
}

/** MPEG audio frames from the first sync word: count, and the seconds they hold (Layer III: 1152 samples a frame in MPEG-1, 576 in MPEG-2). */
function mp3Frames(bytes: Buffer): { frames: number; seconds: number; sampleRate: number } {
  const RATES: Record<number, readonly number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };
  const V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  let at = 0;
  if (bytes.subarray(0, 3).toString("latin1") === "ID3") at = 10 + bytes.subarray(6, 10).reduce((size, b) => (size << 7) | b, 0);
  let frames = 0;
  let seconds = 0;
  let sampleRate = 0;
  while (at + 4 <= bytes.length) {
    const h = bytes.readUInt32BE(at);
    if (h >>> 21 !== 0x7ff) throw new Error(`no frame sync at ${at}`);
    const version = (h >>> 19) & 3;
    const bitrate = ((version === 3 ? V1 : V2)[(h >>> 12) & 15] ?? 0) * 1000;
    sampleRate = RATES[version]?.[(h >>> 10) & 3] ?? 0;
    const padding = (h >>> 9) & 1;
    const samples = version === 3 ? 1152 : 576;
    const length = sampleRate ? Math.floor((samples / 8) * (bitrate / sampleRate)) + padding : 0;
    if (length <= 4) throw new Error(`bad frame at ${at}`);
    frames++;
    seconds += samples / sampleRate;
    at += length;
  }
  return { frames, seconds, sampleRate };
}

describe("what is read", () => {
  it("drops citation numbers, markdown marks and addresses, and says a formula's symbols", () => {
    const text = speakableText(
      "## La fotosíntesis\n\n- Las plantas **convierten** la luz en energía [1].\n- Ver [la lección](/courses/x/lessons/y) o https://example.org/a.\n\nEl área es $\\frac{b \\cdot h}{2}$ [2, 3].",
    );
    expect(text).toBe("La fotosíntesis\nLas plantas convierten la luz en energía.\nVer la lección o.\nEl área es (b · h) / (2).");
    expect(speakableText("```mermaid\ngraph TD; A-->B\n```\n[1]")).toBe("");
  });

  it("tells the five languages apart, and keeps the user's when a text is too short to tell", () => {
    const detectLanguageOf = (text: string, fallback: Parameters<typeof detectLanguage>[1]) => detectLanguage(text, fallback).language;
    expect(detectLanguageOf("Las plantas convierten la luz del sol en energía para crecer y son muy importantes.", "en")).toBe("es");
    expect(detectLanguageOf("Les plantes converteixen la llum del sol en energia i són molt importants per als éssers vius.", "es")).toBe("ca");
    expect(detectLanguageOf("Landareek eguzkiaren argia energia bihurtzen dute eta oso garrantzitsuak dira.", "es")).toBe("eu");
    expect(detectLanguageOf("Plants turn the light of the sun into energy and they are very important for life.", "es")).toBe("en");
    expect(detectLanguageOf("As plantas convertem a luz do sol em energia e são muito importantes para a vida.", "es")).toBe("pt");
    expect(detectLanguageOf("Fotosíntesis.", "ca")).toBe("ca");
  });
});

describe("POST /api/chatbot/speech", () => {
  it("answers the text as MP3 in its language, and the same text again from the cache", async () => {
    const text = "La fotosíntesis es el proceso por el cual las plantas convierten la luz en energía química [1].";
    const first = await speech(MARTA, { text });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("audio/mpeg");
    expect(first.headers["content-language"]).toBe("es");
    expect(first.headers["x-speech-cache"]).toBe("miss");
    const audio = first.rawPayload;
    const { frames, seconds, sampleRate } = mp3Frames(audio);
    expect(sampleRate).toBe(22050);
    // About fourteen words: three to ten seconds of speech, and every byte is a frame.
    expect(seconds).toBeGreaterThan(3);
    expect(seconds).toBeLessThan(10);
    expect(frames).toBeGreaterThan(100);

    const again = await speech(MARTA, { text });
    expect(again.statusCode).toBe(200);
    expect(again.headers["x-speech-cache"]).toBe("hit");
    expect(Buffer.compare(again.rawPayload, audio)).toBe(0);
    // Cached under what was said: the citation number is not part of it.
    expect(await t.app.ctx.storage.size(speechKey(speakableText(text), "es"))).toBe(audio.length);
  }, 60_000);

  it("speaks in the language the client names, or the one the text is in", async () => {
    const res = await speech(MARTA, { text: "Les plantes converteixen la llum del sol en energia i són molt importants." });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-language"]).toBe("ca");
    const named = await speech(MARTA, { text: "Fotosíntesi", language: "ca" });
    expect(named.headers["content-language"]).toBe("ca");
    expect(mp3Frames(named.rawPayload).seconds).toBeGreaterThan(0.3);
  }, 60_000);

  it("refuses no text and more than 5000 characters with the spec's errors, and users without the assistant", async () => {
    for (const text of ["", "   ", "[1] [2]"]) {
      const res = await speech(MARTA, { text });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ key: "TTS_NO_TEXT", message: "No text to play" });
    }
    const long = await speech(MARTA, { text: "a".repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error).toMatchObject({ key: "TTS_TEXT_TOO_LONG", message: "Text is too long (max 5000 characters)" });
    const bad = await speech(MARTA, { text: "hola", language: "fr" });
    expect(bad.statusCode).toBe(400);
    const off = await speech("student2@demo.test", { text: "hola" });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.key).toBe("CHATBOT_DISABLED");
  });
});

describe("read-aloud by the model server's speech (AI_TTS_MODEL)", () => {
  it("asks the model server with its model and voice, in pieces it takes, caches the MP3, and falls back to eSpeak NG when it fails", async () => {
    const text = "Las plantas convierten la luz en energía. ".repeat(110).trim();
    expect(text.length).toBeGreaterThan(4096);
    const first = await speech(MARTA, { text }, withTts);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-speech-engine"]).toBe("provider");
    const calls = ai.requests.filter((r) => r.path === "/v1/audio/speech");
    expect(calls.map((r) => (r.body as { model: string; voice: string }).model)).toEqual(["gpt-4o-mini-tts", "gpt-4o-mini-tts"]);
    expect((calls[0]?.body as { voice: string }).voice).toBe("nova");
    const inputs = calls.map((r) => (r.body as { input: string }).input);
    expect(inputs.every((input) => input.length <= 4000 && input.endsWith("."))).toBe(true);
    expect(inputs.join(" ")).toBe(text);
    // The two MP3s play on as one: frames from start to end.
    expect(mp3Frames(first.rawPayload).seconds).toBeGreaterThan(7);

    const again = await speech(MARTA, { text }, withTts);
    expect(again.headers["x-speech-cache"]).toBe("hit");
    expect(ai.requests.filter((r) => r.path === "/v1/audio/speech")).toHaveLength(2);

    speechFails = true;
    try {
      const fallback = await speech(MARTA, { text: "Una frase nueva para leer en voz alta." }, withTts);
      expect(fallback.statusCode).toBe(200);
      expect(fallback.headers["x-speech-engine"]).toBe("espeak-ng");
      expect(mp3Frames(fallback.rawPayload).frames).toBeGreaterThan(10);
    } finally {
      speechFails = false;
    }
  });

  it("cuts a long text after sentences, or after a word when a sentence is longer than a piece", () => {
    expect(speechPieces("aaaa bbbb cccc dddd", 10)).toEqual(["aaaa bbbb", "cccc dddd"]);
    expect(speechPieces("Primera frase aquí. Segunda frase más larga aquí.", 30)).toEqual(["Primera frase aquí.", "Segunda frase más larga aquí."]);
    expect(speechPieces("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });
});

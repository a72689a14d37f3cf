process.env.LOG_LEVEL = "silent";
import { eq, inArray, sql } from "drizzle-orm";
import { loadConfig } from "../../src/server/config";
import { assistantIndexed, assistantPassages, assistantPassageVectors, contents } from "../../src/server/db/schema";
import { indexContent } from "../../src/server/modules/chatbot/indexer";
import { fuseRankings, searchPassages, type Semantic } from "../../src/server/modules/chatbot/retrieval";
import { embeddingModelOf, embedStaleContents } from "../../src/server/modules/chatbot/vectors";
import { bearerFor, demoUser } from "../support/api";
import { buildTestApp, type TestApp } from "../support/app";
import { startOpenAiServer, type ChatBody, type OpenAiServer } from "../support/openai-server";

/*
 * The assistant's vector search (issue 17, ADR 0045) on the database the suite runs on: with
 * pgvector (PGlite always) passages are embedded and found by meaning; without it (this
 * PostgreSQL) nothing is embedded and words alone answer. The loopback model server embeds by
 * meaning with a small concept table: "zorblificación" is a made-up word for powers, so only the
 * meaning can find the powers lesson.
 */

const CONCEPTS: RegExp[] = [/potencia|exponente|zorblific/gi, /romano|numeraci[oó]n/gi, /fotos[ií]ntesis|planta/gi, /fracci[oó]n|denominador/gi];

/** One dimension per concept (how often the text names it), then eight small ones from its characters so no vector is zero. */
function embedByMeaning(texts: string[]): number[][] {
  return texts.map((text) => [
    ...CONCEPTS.map((concept) => (text.match(concept) ?? []).length),
    ...Array.from({ length: 8 }, (_, i) => 0.05 * ((text.charCodeAt(i % Math.max(1, text.length)) % 7) + 1)),
  ]);
}

let t: TestApp;
let ai: OpenAiServer;
let semantic: Semantic;
const MODEL = "emb-test";

beforeAll(async () => {
  ai = await startOpenAiServer({ embed: embedByMeaning, script: () => ({ content: "Bien." }) });
  t = await buildTestApp({ ai: loadConfig({ AI_PROVIDER: "openai", AI_BASE_URL: ai.url, AI_MODEL: "llama3.1", AI_EMBEDDING_MODEL: MODEL, AI_MAX_RETRIES: "0" }).ai });
  semantic = { database: t.app.ctx.database, ai: t.app.ctx.ai, model: MODEL };
}, 120_000);
afterAll(async () => {
  await t.close();
  await ai.close();
});

const embeddingCalls = () => ai.requests.filter((r) => r.path === "/v1/embeddings").length;

/** The suite runs on this repository's PostgreSQL (no pgvector package for it) or on PGlite (pgvector always). */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("without pgvector", () => {
  (onPostgres ? it : it.skip)("nothing is embedded and the assistant searches by words alone", async () => {
    expect(t.app.ctx.database.vector).toBe(false);
    expect(embeddingModelOf(t.app.ctx.ai, MODEL, t.app.ctx.database)).toBeNull();
    const marta = await demoUser(t.app, "student1@demo.test");
    const caller = { userId: marta.id, tenantId: marta.tenantId, role: "student" as const };
    expect(await searchPassages(t.app.ctx.db, caller, "¿Qué es la zorblificación?", { limit: 5, semantic })).toEqual([]);
    expect((await searchPassages(t.app.ctx.db, caller, "¿Qué es una potencia de base 10?", { limit: 5, semantic }))[0]?.title).toBe("Potencias de base 10");
    expect(embeddingCalls()).toBe(0);

    // A search by meaning that fails in the database (here: told pgvector is there when it is not) leaves the words' answer, never an error.
    const [passage] = await t.app.ctx.db.select().from(assistantPassages).where(eq(assistantPassages.tenantId, marta.tenantId)).limit(1);
    await t.app.ctx.db.insert(assistantPassageVectors).values({ contentId: passage?.contentId ?? "", ordinal: passage?.ordinal ?? 0, tenantId: marta.tenantId, model: MODEL, embedding: embedByMeaning(["potencia"])[0] ?? [] });
    await t.app.ctx.db.update(assistantIndexed).set({ embeddedModel: MODEL }).where(eq(assistantIndexed.contentId, passage?.contentId ?? ""));
    const claimed: Semantic = { ...semantic, database: { vector: true } };
    expect((await searchPassages(t.app.ctx.db, caller, "¿Qué es una potencia de base 10?", { limit: 5, semantic: claimed }))[0]?.title).toBe("Potencias de base 10");
    expect(embeddingCalls()).toBe(1);
  });
});

describe("vectors of the passages (pgvector)", () => {
  // These run on PGlite (in the suite's PGlite subset too, ADR 0040).
  const onPgvector = onPostgres ? it.skip : it;
  onPgvector("PGlite has pgvector", () => {
    expect(t.app.ctx.database.vector).toBe(true);
    return Promise.resolve();
  });

  onPgvector("are made once per content and model, again when the content changes, and found by meaning within what the caller may read", async () => {
    const { db } = t.app.ctx;
    // Every indexed content of the seeded editions, embedded (the worker does this a batch per tick).
    let total = 0;
    for (let n = await embedStaleContents(db, t.app.ctx.ai, MODEL, { limit: 500 }); n > 0; n = await embedStaleContents(db, t.app.ctx.ai, MODEL, { limit: 500 })) total += n;
    expect(total).toBeGreaterThan(10);
    const calls = embeddingCalls();
    expect(calls).toBeGreaterThanOrEqual(total);
    // Current: nothing to do, no call.
    expect(await embedStaleContents(db, t.app.ctx.ai, MODEL, { limit: 500 })).toBe(0);
    expect(embeddingCalls()).toBe(calls);
    const [stored] = await db.select({ embedding: assistantPassageVectors.embedding }).from(assistantPassageVectors).limit(1);
    expect(Math.hypot(...(stored?.embedding ?? []))).toBeCloseTo(1, 5);
    // The size's HNSW index was made with the first vectors (12 numbers here: four concepts and eight small ones).
    const indexes = (await db.execute(sql`select indexdef from pg_indexes where indexname = 'assistant_passage_vectors_hnsw_12'`)) as unknown as { rows: Array<{ indexdef: string }> };
    expect(indexes.rows[0]?.indexdef).toMatch(/USING hnsw \(\(\(embedding\)::vector\(12\)\) vector_ip_ops\) WHERE \(array_length\(embedding, 1\) = 12\)/);

    const marta = await demoUser(t.app, "student1@demo.test");
    const caller = { userId: marta.id, tenantId: marta.tenantId, role: "student" as const };
    // The made-up word is in no passage: full-text search alone finds nothing; the meaning finds the powers lesson first.
    expect(await searchPassages(db, caller, "¿Qué es la zorblificación?", { limit: 5 })).toEqual([]);
    const found = await searchPassages(db, caller, "¿Qué es la zorblificación?", { limit: 5, semantic });
    expect(found[0]?.title).toBe("Potencias de base 10");
    expect(found[0]?.placement).not.toBeNull();
    // A user of another edition never gets this edition's passages, by words or by meaning.
    const beatriz = await demoUser(t.app, "teacher@lumen.test");
    const other = await searchPassages(db, { userId: beatriz.id, tenantId: beatriz.tenantId, role: "teacher" }, "¿Qué es la zorblificación?", { limit: 5, semantic });
    expect(other.map((p) => p.title)).not.toContain("Potencias de base 10");

    // A changed content is cut again and its vectors made again.
    const [powers] = await db.select({ id: contents.id }).from(contents).where(eq(contents.title, "Potencias de base 10")).limit(1);
    const id = powers?.id ?? "";
    await db.update(contents).set({ updatedAt: sql`now() + interval '1 second'` }).where(eq(contents.id, id));
    expect(await indexContent(db, t.app.ctx.storage, id)).toBe("indexed");
    expect((await db.select({ model: assistantIndexed.embeddedModel }).from(assistantIndexed).where(eq(assistantIndexed.contentId, id)))[0]?.model).toBeNull();
    expect(await db.select().from(assistantPassageVectors).where(eq(assistantPassageVectors.contentId, id))).toEqual([]);
    expect(await embedStaleContents(db, t.app.ctx.ai, MODEL, { contentIds: [id] })).toBe(1);
    expect((await searchPassages(db, caller, "zorblificación", { limit: 5, semantic }))[0]?.title).toBe("Potencias de base 10");
  });

  onPgvector("ground a model's answer on what only the meaning found, through the assistant's call", async () => {
    const headers = await bearerFor(t.app, "student1@demo.test");
    const conversation = (await t.app.inject({ method: "POST", url: "/api/chatbot/conversations", headers, payload: {} })).json().data as { guid: string };
    ai.requests.length = 0;
    const res = await t.app.inject({ method: "POST", url: `/api/chatbot/conversations/${conversation.guid}/messages`, headers, payload: { text: "¿Qué es la zorblificación?" } });
    expect(res.statusCode).toBe(200);
    const chat = ai.requests.find((r) => r.path === "/v1/chat/completions")?.body as ChatBody;
    expect(String(chat.messages.at(-1)?.content)).toMatch(/<data-[0-9a-f]{16}>[\s\S]*Potencias de base 10/);
    expect(ai.requests.filter((r) => r.path === "/v1/embeddings").map((r) => (r.body as { input: string[] }).input)).toEqual([["¿Qué es la zorblificación?"]]);
  });

  onPgvector("find an author's own passage by meaning when the edition's nearest are a colleague's, which they may not read", async () => {
    const { db } = t.app.ctx;
    const teacher = await demoUser(t.app, "teacher@demo.test");
    const colleague = await demoUser(t.app, "newteacher@demo.test");
    const write = async (author: typeof teacher, title: string, body: string, count: number) =>
      db
        .insert(contents)
        .values(Array.from({ length: count }, (_, i) => ({ tenantId: author.tenantId, type: "CTTY_02", title: `${title} ${i + 1}`, data: { body }, createdBy: author.id })))
        .returning({ id: contents.id });
    // Thirty of the colleague's notes are nearer to "zorblificación" (powers, to the model) than the teacher's own.
    const theirs = await write(colleague, "Notas de Andrés", "Potencia, potencia y exponente: la potencia.", 30);
    const mine = await write(teacher, "Mi ficha", "Una ficha con una potencia y mucho texto de relleno sobre otras cosas del aula.", 1);
    const ids = [...theirs, ...mine].map((r) => r.id);
    try {
      for (const id of ids) expect(await indexContent(db, t.app.ctx.storage, id)).toBe("indexed");
      expect(await embedStaleContents(db, t.app.ctx.ai, MODEL, { contentIds: ids, limit: ids.length })).toBe(ids.length);
      const found = await searchPassages(db, { userId: teacher.id, tenantId: teacher.tenantId, role: "teacher" }, "zorblificación", { limit: 5, semantic });
      expect(found.map((p) => p.title)).toContain("Mi ficha 1");
      expect(found.some((p) => p.title.startsWith("Notas de Andrés"))).toBe(false);
    } finally {
      await db.update(contents).set({ deletedAt: new Date() }).where(inArray(contents.id, ids));
    }
  });

  onPgvector("a failing model server leaves full-text search to answer", async () => {
    const marta = await demoUser(t.app, "student1@demo.test");
    const broken: Semantic = { ...semantic, ai: { ...t.app.ctx.ai, capabilities: () => t.app.ctx.ai.capabilities(), embed: () => Promise.reject(new Error("down")) } as typeof semantic.ai };
    const found = await searchPassages(t.app.ctx.db, { userId: marta.id, tenantId: marta.tenantId, role: "student" }, "¿Qué es una potencia de base 10?", { limit: 5, semantic: broken });
    expect(found[0]?.title).toBe("Potencias de base 10");
  });
});

describe("reciprocal rank fusion", () => {
  it("puts first what both rankings find, and keeps what only one finds", () => {
    const row = (contentId: string, rank = 1) => ({ contentId, ordinal: 0, body: "", title: contentId, type: "CTTY_01", rank });
    const fused = fuseRankings([
      [row("a"), row("b"), row("c")],
      [row("d"), row("b")],
    ]);
    expect(fused.map((r) => r.contentId)).toEqual(["b", "a", "d", "c"]);
    expect(fused[0]?.rank).toBeCloseTo(1 / 62 + 1 / 62, 10);
  });
});

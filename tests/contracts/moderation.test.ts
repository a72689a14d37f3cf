import { AiOutputBlockedError, assertModerated, moderationCategories } from "../../src/server/ai/moderation";

describe("moderation of what a model writes for a school (ADR 0039)", () => {
  it("flags whole words in any of the languages, whatever their case and accents", () => {
    expect(moderationCategories(["Eso es una MIERDA."])).toEqual(["profanity"]);
    expect(moderationCategories(["a ver, cabron"])).toEqual(["profanity"]);
    expect(moderationCategories(["What the fuck"])).toEqual(["sexual"]);
    expect(moderationCategories(["Ets un fill  de puta"])).toEqual(["profanity"]);
    expect(moderationCategories(["bonjour", "quel connard"])).toEqual(["profanity"]);
  });

  it("passes ordinary school texts, words that only contain a flagged one, and words innocent in another language", () => {
    const ordinary = [
      "Los números romanos se escriben con siete letras.",
      "The dog's bite was worse than its bark; the cock crowed at dawn.",
      "A figa és un fruit dolç. O macaco subiu à árvore.",
      "Scunthorpe, Shitake? No: shiitake mushrooms.",
      "Larrua eta hezurrak.",
    ];
    expect(moderationCategories(ordinary)).toEqual([]);
    expect(() => assertModerated(ordinary)).not.toThrow();
  });

  it("refuses with AI_OUTPUT_BLOCKED, naming the categories and never the words", () => {
    let error: unknown;
    try {
      assertModerated(["bla bla nigger"]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AiOutputBlockedError);
    expect(error).toMatchObject({ statusCode: 422, key: "AI_OUTPUT_BLOCKED", details: { categories: ["hate"] } });
    expect(JSON.stringify((error as AiOutputBlockedError).details)).not.toContain("nigger");
  });
});

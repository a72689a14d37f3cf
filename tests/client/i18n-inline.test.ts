import { TRANSLATIONS_ELEMENT_ID, type InlineTranslations } from "../../src/contracts/translations";
import { forgetInlineTranslations, initI18n } from "../../src/client/i18n";
import { setRegion } from "../../src/client/i18n/region";

/*
 * The first screen's translations come inlined in its HTML (ADR 0031): the client takes them
 * instead of loading the namespaces' chunks, but only for the language (and Portuguese variant)
 * it reads; anything else loads as before.
 */
function inPage(inline: InlineTranslations | string) {
  document.body.innerHTML = `<script id="${TRANSLATIONS_ELEMENT_ID}" type="application/json">${typeof inline === "string" ? inline : JSON.stringify(inline)}</script>`;
  forgetInlineTranslations();
}

const marked = (lng: InlineTranslations["lng"], europeanPortuguese = false): InlineTranslations => ({
  lng,
  europeanPortuguese,
  resources: { common: { app: { loading: `inline ${lng}` } }, errors: { INTERNAL_ERROR: "inline error" } },
});

afterEach(() => {
  document.body.innerHTML = "";
  forgetInlineTranslations();
  setRegion(undefined);
});

describe("inlined translations", () => {
  it("are used for the language read, namespace by namespace; others load from their files", async () => {
    inPage(marked("en"));
    const i18n = await initI18n("en", ["home"]);
    expect(i18n.t("common:app.loading")).toBe("inline en");
    expect(i18n.t("errors:INTERNAL_ERROR")).toBe("inline error");
    // Not inlined: from the namespace's own file.
    expect(i18n.t("home:greeting.morning", { name: "Ana" })).toBe("Good morning, Ana");
  });

  it("are ignored for another language, for the other Portuguese, or when unreadable", async () => {
    inPage(marked("es"));
    expect((await initI18n("en")).t("common:app.loading")).toBe("Loading…");

    setRegion("BR");
    inPage(marked("pt", true));
    expect((await initI18n("pt")).t("common:app.loading")).toBe("Carregando…");

    inPage("{not json");
    expect((await initI18n("en")).t("common:app.loading")).toBe("Loading…");
  });
});

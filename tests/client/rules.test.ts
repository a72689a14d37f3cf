import type { TFunction } from "i18next";
import { chooseBootLanguage, needsEditionForLanguage } from "../../src/client/app/bootLanguage";
import { returnPath } from "../../src/client/app/guards";
import { breadcrumbFor, type MenuEntry } from "../../src/client/app/menu";
import { brandRamp, themeFor } from "../../src/client/app/theme";
import { dayPart, visibleHomeTabs } from "../../src/client/features/home/homeRules";
import { humanizeDuration, splitDuration } from "../../src/client/features/platform/duration";
import { toParagraphs } from "../../src/client/features/platform/LegalPage";
import { parseHealth } from "../../src/client/features/platform/StatusPage";
import { makeTestI18n } from "../support/render";

describe("brandRamp", () => {
  it("has the 16 shades 10..160 with the edition colour at 80, dark to light", () => {
    const ramp = brandRamp("#c2410c");
    expect(Object.keys(ramp).map(Number)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160]);
    expect(ramp[80]).toBe("#c2410c");
    const lightness = (hex: string) => [1, 3, 5].reduce((sum, i) => sum + parseInt(hex.slice(i, i + 2), 16), 0);
    const values = Object.values(ramp).map(lightness);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(ramp[160]).not.toBe("#ffffff");
  });

  it("falls back to Fluent's blue for a colour it cannot read", () => {
    expect(brandRamp("red")[80]).toBe("#0f6cbd");
  });

  it("puts the edition colour on the light theme's brand tokens", () => {
    expect(themeFor("default", "#c2410c").colorBrandBackground).toBe("#c2410c");
  });
});

describe("breadcrumbFor", () => {
  it("follows the menu tree, not the URL segments", () => {
    expect(breadcrumbFor("/profile").map((c) => c.id)).toEqual(["home", "profile"]);
    expect(breadcrumbFor("/home").map((c) => c.href)).toEqual(["/home"]);
    expect(breadcrumbFor("/nowhere")).toEqual([]);
  });

  it("links parameterised ancestors with the current path's values", () => {
    const menu: MenuEntry[] = [
      {
        id: "home",
        path: "/home",
        labelKey: "menu.home",
        children: [{ id: "course", path: "/course/:guid", labelKey: "course", children: [{ id: "grades", path: "/course/:guid/grades", labelKey: "grades" }] }],
      },
    ];
    expect(breadcrumbFor("/course/abc/grades", menu).map((c) => c.href)).toEqual(["/home", "/course/abc", "/course/abc/grades"]);
    // An unknown page below a known one ends the trail at the deepest known entry.
    expect(breadcrumbFor("/course/abc/whatever", menu).map((c) => c.id)).toEqual(["home", "course"]);
  });
});

describe("home rules", () => {
  it("gives students no tabs and drops My library when the edition says so", () => {
    expect(visibleHomeTabs("student", true)).toEqual([]);
    expect(visibleHomeTabs("teacher", true)).toEqual(["classrooms", "library", "my-library"]);
    expect(visibleHomeTabs("school_admin", false)).toEqual(["classrooms", "library"]);
  });

  it("greets by the time of day", () => {
    expect([7, 13, 14, 20, 21, 2].map(dayPart)).toEqual(["morning", "morning", "afternoon", "afternoon", "evening", "evening"]);
  });
});

describe("boot language", () => {
  it("prefers the stored choice, then the account, then the edition, then es", () => {
    expect(chooseBootLanguage({ stored: "eu", userLocale: "en", editionDefault: "pt" })).toBe("eu");
    expect(chooseBootLanguage({ stored: undefined, userLocale: "ca-ES-valencia", editionDefault: "pt" })).toBe("ca");
    expect(chooseBootLanguage({ stored: undefined, userLocale: undefined, editionDefault: "pt" })).toBe("pt");
    expect(chooseBootLanguage({ stored: undefined, userLocale: "fr", editionDefault: undefined })).toBe("es");
  });

  it("waits for the edition only when nothing else decides", () => {
    expect(needsEditionForLanguage({ stored: "en", userLocale: undefined })).toBe(false);
    expect(needsEditionForLanguage({ stored: undefined, userLocale: "pt" })).toBe(false);
    expect(needsEditionForLanguage({ stored: undefined, userLocale: undefined })).toBe(true);
  });
});

describe("returnPath", () => {
  it("returns to a remembered in-app path and refuses anything else", () => {
    expect(returnPath({ from: { pathname: "/profile", search: "?a=1", hash: "" } })).toBe("/profile?a=1");
    expect(returnPath({ from: { pathname: "//evil.example" } })).toBe("/home");
    expect(returnPath({ from: { pathname: "/auth/login" } })).toBe("/home");
    expect(returnPath({ from: { pathname: "/logout" } })).toBe("/home");
    expect(returnPath(undefined)).toBe("/home");
  });
});

describe("status and legal helpers", () => {
  it("splits and humanises an uptime in the reader's language", () => {
    expect(splitDuration(90061)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    const i18n = makeTestI18n("en");
    const t = i18n.getFixedT("en", "platform") as TFunction;
    expect(humanizeDuration(90061, t, "en")).toBe("1 day and 1 hour");
    expect(humanizeDuration(59, t, "en")).toBe("59 seconds");
    expect(humanizeDuration(0, t, "en")).toBe("0 seconds");
    expect(humanizeDuration(3 * 3600 + 120, i18n.getFixedT("eu", "platform") as TFunction, "eu")).toBe("3 ordu eta 2 minutu");
  });

  it("reads platform_health_status and rejects what does not match the contract", () => {
    const good = { frontoffice: { version: "1", status: "ok", database: { status: "up", driver: "postgres", latencyMs: 1 }, uptimeSeconds: 5, startedAt: "x" } };
    expect(parseHealth(JSON.stringify(good))?.frontoffice.version).toBe("1");
    expect(parseHealth("{not json")).toBeUndefined();
    expect(parseHealth(JSON.stringify({ frontoffice: { version: 1 } }))).toBeUndefined();
  });

  it("splits legal text into paragraphs on blank lines", () => {
    expect(toParagraphs("One\nline two\n\n\nThree\n")).toEqual(["One\nline two", "Three"]);
  });
});

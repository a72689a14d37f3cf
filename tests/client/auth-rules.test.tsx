import fs from "node:fs";
import path from "node:path";
import { track } from "../../src/client/app/analytics";
import { loginErrorMessageKey, problemsFromServer, safeReturnPath } from "../../src/client/features/auth/authErrors";
import { checkDateOfBirth, checkEmail, checkNewPassword, checkRepeat, isValidDateOfBirth, isValidEmail } from "../../src/client/features/auth/validation";
import { LANGUAGES } from "../../src/contracts/constants";

describe("auth validation rules (spec §5)", () => {
  it.each(["ana@example.com", "a.b+tag@sub.example.es", "o'neil@example.org"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(["", "ana", "ana@", "ana@example", "a..b@example.com", ".a@example.com", "ñ@example.com", "a@-x.com"])("rejects %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it("says required before 'Email not valid'", () => {
    expect(checkEmail("  ")).toEqual({ key: "validation.required" });
    expect(checkEmail("nope")).toEqual({ key: "validation.emailInvalid" });
  });

  it("wants real past dates of birth", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(isValidDateOfBirth("2010-02-28", now)).toBe(true);
    expect(isValidDateOfBirth("2010-02-30", now)).toBe(false);
    expect(isValidDateOfBirth("2026-06-01", now)).toBe(false);
    expect(isValidDateOfBirth("1899-12-31", now)).toBe(false);
    expect(isValidDateOfBirth("10/02/2010", now)).toBe(false);
    expect(checkDateOfBirth("")).toEqual({ key: "validation.dateOfBirthRequired" });
  });

  it("bounds new passwords and compares the repeat", () => {
    expect(checkNewPassword("1234567")).toEqual({ key: "validation.passwordTooShort", values: { length: 8 } });
    expect(checkNewPassword("12345678")).toBeUndefined();
    expect(checkNewPassword("x".repeat(129))).toEqual({ key: "validation.maxChars", values: { count: 128 } });
    expect(checkRepeat("12345678", "12345679")).toEqual({ key: "validation.passwordMismatch" });
    expect(checkRepeat("12345678", "")).toEqual({ key: "validation.required" });
  });
});

describe("auth error mapping (spec §8)", () => {
  it.each([
    ["PASSWORD_INCORRECT", "errors:PASSWORD_INCORRECT"],
    ["USER_NOT_FOUND", "errors:USER_NOT_FOUND"],
    ["RATE_LIMITED", "errors:RATE_LIMITED"],
    ["NETWORK_ERROR", "errors:NETWORK_ERROR"],
    ["VALIDATION_ERROR", "errors:INVALID_LOGIN"],
    ["SOMETHING_NEW", "errors:INVALID_LOGIN"],
  ])("login %s -> %s", (key, message) => expect(loginErrorMessageKey(key)).toBe(message));

  it("maps VALIDATION_ERROR details onto the form's own fields only", () => {
    const error = { status: 400, data: { status: "error", error: { key: "VALIDATION_ERROR", message: "x", details: [{ field: "body.email", message: "bad" }, { field: "token", message: "bad" }] } } };
    expect(problemsFromServer(error, { email: { key: "validation.emailInvalid" } })).toEqual({ email: { key: "validation.emailInvalid" } });
    expect(problemsFromServer({ status: 500 }, { email: { key: "k" } })).toEqual({});
  });
});

describe("safeReturnPath", () => {
  it.each([
    ["/home", "/home"],
    ["/course/abc?tab=2#unit-1", "/course/abc?tab=2#unit-1"],
    ["/a/../profile", "/profile"],
  ])("keeps %s", (input, output) => expect(safeReturnPath(input)).toBe(output));
  it.each([null, "", "home", "https://evil.example", "//evil.example", "/\\evil.example", "/\tevil", "/logout", "/auth/login", "/reset-password?token=x"])(
    "drops %j",
    (input) => expect(safeReturnPath(input)).toBeUndefined(),
  );
});

describe("track", () => {
  afterEach(() => delete window.dataLayer);

  it("pushes to the dataLayer (created when absent) and dispatches a DOM event", () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener("aula:analytics", listener);
    track("login_failed", { reason: "USER_NOT_FOUND" });
    window.removeEventListener("aula:analytics", listener);
    expect(window.dataLayer).toEqual([{ event: "login_failed", reason: "USER_NOT_FOUND" }]);
    expect(seen).toEqual([{ event: "login_failed", reason: "USER_NOT_FOUND" }]);
  });

  it("keeps an existing dataLayer (a tag manager may own it)", () => {
    window.dataLayer = [{ event: "gtm.js" }];
    track("x");
    expect(window.dataLayer).toEqual([{ event: "gtm.js" }, { event: "x" }]);
  });
});

describe("auth locale files", () => {
  const LOCALES = path.join(__dirname, "../../src/client/i18n/locales");
  const flatten = (value: unknown, prefix = ""): Record<string, unknown> =>
    typeof value === "object" && value !== null
      ? Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)))
      : { [prefix]: value };
  const files = Object.fromEntries(
    LANGUAGES.map((lng) => [lng, flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, "auth.json"), "utf8")))]),
  );

  it.each(LANGUAGES)("%s has the same keys as es, none empty, same {{parameters}}", (lng) => {
    const es = files.es ?? {};
    const mine = files[lng] ?? {};
    expect(Object.keys(mine).sort()).toEqual(Object.keys(es).sort());
    const params = (s: unknown) => String(s).match(/{{\w+}}/g)?.sort() ?? [];
    for (const [key, value] of Object.entries(mine)) {
      expect(typeof value === "string" && value.trim().length > 0).toBe(true);
      expect([key, params(value)]).toEqual([key, params(es[key])]);
    }
  });

  it("has a message for every key the auth code uses", () => {
    const source = fs
      .readdirSync(path.join(__dirname, "../../src/client/features/auth"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") || f.endsWith(".tsx"))
      .map((f) => fs.readFileSync(path.join(__dirname, "../../src/client/features/auth", f), "utf8"))
      .join("\n");
    const used = new Set([...source.matchAll(/["'`]((?:fields|login|tokenLogin|signup|recover|reset|logout|changePassword|validation)\.\w+)["'`]/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(30);
    const known = Object.keys(files.en ?? {}).map((k) => k.replace(/_(one|other)$/, ""));
    expect([...used].filter((k) => k !== undefined && !known.includes(k))).toEqual([]);
  });
});

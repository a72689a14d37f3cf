import { AuthSignupSchema } from "../../src/contracts/auth";
import { isValidDateOfBirth, isValidEmail } from "../../src/contracts/rules";

const NOW = Date.parse("2026-11-21T12:00:00Z");

describe("isValidDateOfBirth", () => {
  it.each([
    ["2013-05-04", true],
    ["1900-01-01", true],
    ["1899-12-31", false],
    ["2001-02-30", false],
    ["2026-11-22", false],
    ["13/05/2013", false],
    ["", false],
  ])("%s -> %s", (value, ok) => {
    expect(isValidDateOfBirth(value, NOW)).toBe(ok);
  });
});

describe("isValidEmail", () => {
  it.each([
    ["ana@example.es", true],
    [" ana.garcia+aula@colegio.edu.es ", true],
    ["ana@", false],
    ["ana@example", false],
    ["ana example@x.es", false],
    [`${"a".repeat(250)}@x.es`, false],
  ])("%s -> %s", (value, ok) => {
    expect(isValidEmail(value)).toBe(ok);
  });

  it("is the rule the signup schema applies", () => {
    const base = { firstName: "Ana", lastName: "García", password: "long-enough-1", dateOfBirth: "1990-01-01" };
    expect(AuthSignupSchema.safeParse({ ...base, email: "ana@example" }).success).toBe(false);
    expect(AuthSignupSchema.safeParse({ ...base, email: "Ana@Example.ES" }).data?.email).toBe("ana@example.es");
    expect(AuthSignupSchema.safeParse({ ...base, email: "ana@example.es", dateOfBirth: "2001-02-30" }).success).toBe(false);
  });
});

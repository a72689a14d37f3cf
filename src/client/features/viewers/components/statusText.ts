const KNOWN = ["completed", "incomplete", "not attempted", "browsed", "passed", "failed", "unknown"] as const;

/** A package's status word in the reader's language (known words), or as reported. */
export function statusText(t: (key: string) => string, value: string | null): string {
  if (!value) return t("status.notAttempted");
  if (!(KNOWN as readonly string[]).includes(value)) return value;
  return t(`status.${value === "not attempted" ? "notAttempted" : value}`);
}

/** The `hyphen` package's per-language entry points, e.g. "hyphen/es" (it ships no types): Liang's algorithm over CTAN's TeX patterns. */
declare module "hyphen/*" {
  const hyphenator: {
    hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number; debug?: boolean }): string;
  };
  export = hyphenator;
}

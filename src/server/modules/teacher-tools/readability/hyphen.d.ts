/** The `hyphen` package's per-language entry points (it ships no types): Liang's algorithm over CTAN's TeX patterns. */
type Hyphenator = {
  hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number; debug?: boolean }): string;
};
declare module "hyphen/es" {
  const h: Hyphenator;
  export = h;
}
declare module "hyphen/ca" {
  const h: Hyphenator;
  export = h;
}
declare module "hyphen/eu" {
  const h: Hyphenator;
  export = h;
}
declare module "hyphen/en-us" {
  const h: Hyphenator;
  export = h;
}
declare module "hyphen/pt" {
  const h: Hyphenator;
  export = h;
}

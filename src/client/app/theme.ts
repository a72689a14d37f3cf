import { createLightTheme, type BrandVariants, type PartialTheme } from "@fluentui/react-components";
import type { HostTheme } from "../platform";

/** Fluent's own brand colour: used until the edition's colours arrive, or if they never do. */
export const DEFAULT_BRAND_PRIMARY = "#0f6cbd";

type Rgb = [number, number, number];

const parseHex = (hex: string): Rgb | undefined => {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return undefined;
  return [parseInt(m[1] ?? "0", 16), parseInt(m[2] ?? "0", 16), parseInt(m[3] ?? "0", 16)];
};

const toHex = (rgb: Rgb): string =>
  `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, "0")).join("")}`;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

const SHADES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;
/** Fluent's light theme paints brand backgrounds with shade 80, so the brand colour sits there. */
const BRAND_INDEX = 7;

/**
 * A 16-shade Fluent brand ramp (10 darkest .. 160 lightest) with the edition colour at 80:
 * darker shades mix towards a near-black of the same hue, lighter ones towards white.
 */
export function brandRamp(primaryHex: string): BrandVariants {
  const primary = parseHex(primaryHex) ?? parseHex(DEFAULT_BRAND_PRIMARY) ?? [15, 108, 189];
  const black: Rgb = mix(primary, [0, 0, 0], 0.9);
  const white: Rgb = [255, 255, 255];
  const ramp: Record<number, string> = {};
  SHADES.forEach((shade, i) => {
    if (i < BRAND_INDEX) ramp[shade] = toHex(mix(black, primary, i / BRAND_INDEX));
    else if (i === BRAND_INDEX) ramp[shade] = toHex(primary);
    // Stop short of pure white so shade 160 still reads as a tint.
    else ramp[shade] = toHex(mix(primary, white, ((i - BRAND_INDEX) / (SHADES.length - 1 - BRAND_INDEX)) * 0.92));
  });
  return ramp as BrandVariants;
}

type VariantModule = typeof import("./themeVariants");
let variants: VariantModule | undefined;

/** Loads the dark / high-contrast theme code (a separate chunk); resolves at once once loaded. */
export async function loadThemeVariants(): Promise<void> {
  variants ??= await import(/* webpackChunkName: "theme-variants" */ "./themeVariants");
}

/** Whether `themeFor(hostTheme)` can answer now (light always; others once their chunk loaded). */
export const themeReady = (hostTheme: HostTheme): boolean => hostTheme === "default" || variants !== undefined;

/**
 * Set by webpack.config.js: the light theme's brand tokens as [token, shade]. The production build
 * ships the light theme's other tokens as static CSS, so the app only computes these 49 and the
 * light theme's JS stays out of the bundle. Undefined under jest, which uses createLightTheme.
 */
declare const __FLUENT_LIGHT_BRAND_TOKENS__: ReadonlyArray<readonly [string, keyof BrandVariants]>;

function lightTheme(brand: BrandVariants): PartialTheme {
  // A conditional webpack can resolve at build time, so createLightTheme is dropped from the bundle.
  return typeof __FLUENT_LIGHT_BRAND_TOKENS__ !== "undefined"
    ? (Object.fromEntries(__FLUENT_LIGHT_BRAND_TOKENS__.map(([token, shade]) => [token, brand[shade]])) as PartialTheme)
    : createLightTheme(brand);
}

/**
 * The Fluent theme for a host theme and an edition colour (contrast ignores the brand on purpose).
 * Until the variant chunk has loaded, dark and contrast fall back to the light theme.
 */
export function themeFor(hostTheme: HostTheme, primaryHex: string = DEFAULT_BRAND_PRIMARY): PartialTheme {
  const brand = brandRamp(primaryHex);
  if (hostTheme === "default" || !variants) return lightTheme(brand);
  return variants.variantTheme(hostTheme, brand);
}

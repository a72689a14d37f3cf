import type { PartialTheme } from "@fluentui/react-components";
import type { TeachingModel } from "../../../contracts/course-settings";
import type { HostTheme } from "../../platform";

/*
 * Teaching-model looks (spec §9 "Teaching model themes"): each class renders its pages in the look
 * of its teaching model. A look is applied as a nested FluentProvider over the app's theme, so the
 * edition's brand colours stay and only type, corners, sizes and the page's paper change.
 *
 * Colours only apply over the light theme: over dark they would clash, and the high-contrast
 * theme's colours must never be replaced. Every text/background pair is checked for WCAG AA
 * (4.5:1), and the accent (the current tab's underline, a non-text indicator) for 3:1.
 */

type Shape = { small: string; medium: string; large: string; xLarge: string };
/** [size, line height] for Fluent's base 100..600 ramp. */
type TypeRamp = Record<100 | 200 | 300 | 400 | 500 | 600, [string, string]>;
type Palette = {
  /** The class area's paper (Fluent's colorNeutralBackground1). */
  paper: string;
  /** Panels and cards on it (colorNeutralBackground2). */
  surface: string;
  /** The current tab's underline and the header's rule. */
  accent: string;
};
export type TeachingModelLook = { fontFamily?: string; shape?: Shape; type?: TypeRamp; palette?: Palette };

/** Fluent's own text colours (light theme), which stay on top of every paper below. */
export const LIGHT_TEXT = { primary: "#242424", secondary: "#424242", tertiary: "#616161" } as const;

const SQUARE: Shape = { small: "0", medium: "0", large: "0", xLarge: "0" };
const ROUND: Shape = { small: "6px", medium: "12px", large: "16px", xLarge: "24px" };
const LARGE_TYPE: TypeRamp = {
  100: ["12px", "16px"],
  200: ["14px", "20px"],
  300: ["16px", "24px"],
  400: ["18px", "26px"],
  500: ["22px", "30px"],
  600: ["26px", "34px"],
};

export const TEACHING_MODEL_LOOKS: Record<TeachingModel, TeachingModelLook> = {
  // The app's own look.
  vanilla: {},
  // A printed textbook: serif type, square corners, warm paper.
  retro: {
    fontFamily: 'Georgia, Cambria, "Times New Roman", Times, serif',
    shape: SQUARE,
    palette: { paper: "#FBF6EA", surface: "#F3EAD3", accent: "#8A4B08" },
  },
  // Young children: rounded, playful, larger type.
  "primary-2022": {
    fontFamily: '"Nunito", "Varela Round", "Segoe UI", system-ui, sans-serif',
    shape: ROUND,
    type: LARGE_TYPE,
    palette: { paper: "#FFFFFF", surface: "#FFF6DB", accent: "#A4262C" },
  },
  // Secondary: clean and modern, gently rounded, cool grey panels.
  "secondary-2022": {
    fontFamily: '"Inter", "Segoe UI", system-ui, sans-serif',
    shape: { small: "4px", medium: "6px", large: "10px", xLarge: "14px" },
    palette: { paper: "#FFFFFF", surface: "#F1F5F9", accent: "#0B5CAD" },
  },
  // Secondary, project-based (PQLCO): compact, tight corners, mint panels and a teal accent.
  "secondary-pqlco": {
    fontFamily: '"Source Sans 3", "Source Sans Pro", "Segoe UI", system-ui, sans-serif',
    shape: { small: "2px", medium: "3px", large: "4px", xLarge: "6px" },
    palette: { paper: "#FAFCFB", surface: "#E8F3EE", accent: "#00695C" },
  },
  // UNOi: bold geometric type, soft corners, warm panels and a red accent.
  unoi: {
    fontFamily: '"Montserrat", "Segoe UI", system-ui, sans-serif',
    shape: { small: "4px", medium: "8px", large: "14px", xLarge: "20px" },
    palette: { paper: "#FFFFFF", surface: "#FFF1EA", accent: "#B3261E" },
  },
};

/** The Fluent tokens a look overrides over the host theme (`hostTheme` decides whether colours apply). */
export function teachingModelTheme(model: TeachingModel, hostTheme: HostTheme): PartialTheme {
  const look = TEACHING_MODEL_LOOKS[model];
  const theme: PartialTheme = {};
  if (look.fontFamily) theme.fontFamilyBase = look.fontFamily;
  if (look.shape) {
    theme.borderRadiusSmall = look.shape.small;
    theme.borderRadiusMedium = look.shape.medium;
    theme.borderRadiusLarge = look.shape.large;
    theme.borderRadiusXLarge = look.shape.xLarge;
  }
  if (look.type) {
    theme.fontSizeBase100 = look.type[100][0];
    theme.lineHeightBase100 = look.type[100][1];
    theme.fontSizeBase200 = look.type[200][0];
    theme.lineHeightBase200 = look.type[200][1];
    theme.fontSizeBase300 = look.type[300][0];
    theme.lineHeightBase300 = look.type[300][1];
    theme.fontSizeBase400 = look.type[400][0];
    theme.lineHeightBase400 = look.type[400][1];
    theme.fontSizeBase500 = look.type[500][0];
    theme.lineHeightBase500 = look.type[500][1];
    theme.fontSizeBase600 = look.type[600][0];
    theme.lineHeightBase600 = look.type[600][1];
  }
  if (look.palette && hostTheme === "default") {
    theme.colorNeutralBackground1 = look.palette.paper;
    theme.colorNeutralBackground2 = look.palette.surface;
  }
  return theme;
}

/** The accent for the current tab and the header rule; undefined means the edition's brand stroke. */
export const teachingModelAccent = (model: TeachingModel, hostTheme: HostTheme): string | undefined =>
  hostTheme === "default" ? TEACHING_MODEL_LOOKS[model].palette?.accent : undefined;

/* ---------- Contrast (WCAG 2.x relative luminance) ---------- */

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

function luminance(hex: string): number {
  const m = HEX.exec(hex);
  if (!m) return 0;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = parseInt(c ?? "0", 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const isHexColor = (value: string): boolean => HEX.test(value);

const ON_DARK = "#FFFFFF";
const ON_LIGHT = "#1A1A1A";

/** White or near-black, whichever reads better on `background` (the class colour on the header). */
export const readableTextOn = (background: string): string =>
  contrastRatio(ON_DARK, background) >= contrastRatio(ON_LIGHT, background) ? ON_DARK : ON_LIGHT;

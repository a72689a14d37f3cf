import { createDarkTheme, teamsHighContrastTheme, type BrandVariants, type Theme } from "@fluentui/react-components";

/**
 * The dark and high-contrast themes: their tokens are loaded only when the host asks for them,
 * which keeps them out of the first load of the (usually light) app.
 */
export function variantTheme(kind: "dark" | "contrast", brand: BrandVariants): Theme {
  if (kind === "contrast") return teamsHighContrastTheme;
  // Fluent's guidance for dark brand themes: lighter brand foregrounds keep text readable.
  return { ...createDarkTheme(brand), colorBrandForeground1: brand[110], colorBrandForeground2: brand[120] };
}

import { getInitials } from "@fluentui/react-avatar";
import { useState, type CSSProperties } from "react";

export type UserAvatarProps = {
  name: string;
  /** Diameter in pixels (Fluent's avatar sizes: 16-128). */
  size?: number;
  imageUrl?: string;
  /** Decorative when the name is written next to it, so screen readers do not hear it twice. */
  decorative?: boolean;
  /** A ring around the avatar in this CSS colour (a gamified student's equipped frame). */
  ringColour?: string | null;
};

/** Fluent's "colorful" avatar palette, in its order, picked by Fluent's name hash. */
const COLORS = [
  "DarkRed", "Cranberry", "Red", "Pumpkin", "Peach", "Marigold", "Gold", "Brass", "Brown", "Forest",
  "Seafoam", "DarkGreen", "LightTeal", "Teal", "Steel", "Blue", "RoyalBlue", "Cornflower", "Navy", "Lavender",
  "Purple", "Grape", "Lilac", "Pink", "Magenta", "Plum", "Beige", "Mink", "Platinum", "Anchor",
] as const;

/** Fluent's name hash for the colourful avatar. */
export function avatarColorOf(name: string): (typeof COLORS)[number] {
  let hash = 0;
  for (let i = name.length - 1; i >= 0; i -= 1) {
    const ch = name.charCodeAt(i);
    const shift = i % 8;
    hash ^= (ch << shift) + (ch >> (8 - shift));
  }
  return COLORS[Math.abs(hash) % COLORS.length] ?? "Anchor";
}

/** Fluent's initials size for each avatar size. */
function fontSizeOf(size: number): string {
  if (size <= 24) return "var(--fontSizeBase100)";
  if (size <= 28) return "var(--fontSizeBase200)";
  if (size <= 40) return "var(--fontSizeBase300)";
  if (size <= 56) return "var(--fontSizeBase400)";
  if (size <= 96) return "var(--fontSizeBase500)";
  return "var(--fontSizeBase600)";
}

/**
 * A person's avatar: their photo, else their initials on a colour derived from the name, as
 * Fluent's colourful Avatar draws it (same initials, palette and hash). Our own markup and CSS
 * (app/global.css) rather than Fluent's component: it is in the header of every signed-in screen,
 * and Fluent's Avatar with its badge cost ~11 KiB gzip of script there (ADR 0027 addendum 2).
 */
export function UserAvatar({ name, size = 32, imageUrl, decorative = false, ringColour }: UserAvatarProps) {
  const [imageFailed, setImageFailed] = useState(false);
  const color = avatarColorOf(name);
  const style = {
    width: size,
    height: size,
    fontSize: fontSizeOf(size),
    backgroundColor: `var(--colorPalette${color}Background2)`,
    color: `var(--colorPalette${color}Foreground2)`,
    // A gap in the page's background, then the ring: it reads as a frame on any avatar colour.
    ...(ringColour ? { boxShadow: `0 0 0 2px var(--colorNeutralBackground1), 0 0 0 4px ${ringColour}` } : {}),
  } satisfies CSSProperties;
  return (
    <span className="app-avatar" style={style} role={decorative ? undefined : "img"} aria-label={decorative ? undefined : name} aria-hidden={decorative || undefined}>
      <span aria-hidden>{getInitials(name, false)}</span>
      {imageUrl && !imageFailed ? <img className="app-avatar__image" src={imageUrl} alt="" onError={() => setImageFailed(true)} /> : null}
    </span>
  );
}

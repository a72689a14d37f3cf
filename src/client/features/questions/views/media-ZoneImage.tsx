import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useRef, type CSSProperties, type HTMLAttributes, type MouseEvent, type ReactNode, type Ref } from "react";
import type { Image, Point, Zone } from "../../../../contracts/questions";
import { pointOnImage } from "./media-geometry";

/*
 * An image with numbered markers on zones or at points given in percent of the image (label image
 * types, click to find; ADR 0022). The frame is exactly the image's rendered box (it shrinks to the
 * image even inside a flex or grid card, which would otherwise stretch it to the card's width), so a
 * percentage of the overlay is a percentage of the picture at any size. A zone's marker is the
 * zone's own box with its number inside its top-left corner (inside a circle's inscribed square),
 * so the number always sits in the box it names and never leaves the image. A point's marker is
 * centred on it. Clicks are measured against the <img> itself (media-geometry). Every view also
 * lists what the markers show as text ("Etiqueta 1", "Punto 2"...), so the marker layer is hidden
 * from screen readers. A circle zone is measured in percent on each axis, so it is drawn as an
 * ellipse on a non-square image, as the author drew it.
 */

export type MarkerTone = "neutral" | "right" | "wrong" | "target";

export type ZoneMarker = {
  id: string;
  /** A zone (its box is the marker) or a point (the marker is centred on it). */
  at: Zone | Point;
  /** What the badge shows: the label's or the point's number, a target's letter. */
  number: number | string;
  /** Shown after the badge inside the zone: a string (clipped with an ellipsis to the zone) or a node (a placed token). */
  content?: ReactNode;
  tone?: MarkerTone;
  /** Also draw the zone's outline. */
  outline?: boolean;
};

export const isZone = (at: Zone | Point): at is Zone => "shape" in at;

/** The box of a zone as CSS percentages of the image. */
export function zoneBox(zone: Zone): CSSProperties {
  if (zone.shape === "rect") return { left: `${zone.x}%`, top: `${zone.y}%`, width: `${zone.w}%`, height: `${zone.h}%` };
  return { left: `${zone.cx - zone.r}%`, top: `${zone.cy - zone.r}%`, width: `${2 * zone.r}%`, height: `${2 * zone.r}%`, borderRadius: "50%" };
}

/** A point (percent) as CSS position. */
export const pointStyle = (p: Point): CSSProperties => ({ left: `${p.x}%`, top: `${p.y}%` });

const useStyles = makeStyles({
  // width fit-content and the self alignments keep the frame from stretching to its parent's width.
  frame: {
    position: "relative",
    display: "inline-block",
    width: "fit-content",
    maxWidth: "100%",
    alignSelf: "flex-start",
    justifySelf: "start",
    lineHeight: 0,
    verticalAlign: "top",
  },
  focusable: {
    cursor: "crosshair",
    touchAction: "manipulation",
    ":focus-visible": { outline: `${tokens.strokeWidthThickest} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  image: { display: "block", maxWidth: "100%", height: "auto", maxHeight: "480px", userSelect: "none" },
  imageLarge: { maxHeight: "70vh" },
  layer: { position: "absolute", inset: 0, pointerEvents: "none", lineHeight: tokens.lineHeightBase300 },
  zone: { position: "absolute", boxSizing: "border-box" },
  /** Drop targets and tokens on them take the pointer; plain markers let clicks reach the image. */
  interactive: { pointerEvents: "auto" },
  outline: {
    border: `3px dashed ${tokens.colorPaletteDarkOrangeBorderActive}`,
    backgroundColor: "rgba(255, 255, 255, 0.15)",
  },
  /** The number (and content) inside the zone's top-left corner. */
  anchor: {
    position: "absolute",
    left: "2px",
    top: "2px",
    maxWidth: "calc(100% - 4px)",
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXXS,
  },
  /** A circle's corner: the top-left corner of its inscribed square (1 - 1/√2) / 2 of the box in. */
  anchorCircle: { left: "14.6%", top: "14.6%", maxWidth: "70.8%" },
  point: { position: "absolute", transform: "translate(-50%, -50%)", display: "flex" },
  badge: {
    display: "inline-flex",
    flexShrink: 0,
    alignItems: "center",
    justifyContent: "center",
    minWidth: "24px",
    height: "24px",
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    boxSizing: "border-box",
    borderRadius: tokens.borderRadiusCircular,
    border: `2px solid ${tokens.colorNeutralForegroundOnBrand}`,
    boxShadow: tokens.shadow8,
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase200,
    lineHeight: 1,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
  },
  badgeLarge: { minWidth: "40px", height: "40px", fontSize: tokens.fontSizeBase500 },
  right: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  wrong: { backgroundColor: tokens.colorPaletteRedBackground3 },
  target: { backgroundColor: tokens.colorPaletteDarkOrangeBackground3 },
  slot: { display: "flex", minWidth: 0 },
  text: {
    minWidth: 0,
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    boxShadow: tokens.shadow4,
    fontSize: tokens.fontSizeBase200,
  },
  textLarge: { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
});

/** A numbered badge (a zone's number, a point's number, a target's letter). */
export function MarkerBadge({ number, tone = "neutral", large }: { number: number | string; tone?: MarkerTone | undefined; large?: boolean | undefined }) {
  const styles = useStyles();
  return (
    <span
      data-badge=""
      className={mergeClasses(styles.badge, large && styles.badgeLarge, tone === "right" && styles.right, tone === "wrong" && styles.wrong, tone === "target" && styles.target)}
    >
      {number}
    </span>
  );
}

export type ZoneImageProps = {
  image: Image;
  markers: readonly ZoneMarker[];
  /** Projection: a bigger image and markers. */
  large?: boolean | undefined;
  /** Wraps what a zone holds (its number and content), e.g. in a drop target filling the zone; zones then take the pointer. */
  wrapZone?: ((marker: ZoneMarker, inner: ReactNode) => ReactNode) | undefined;
  /** Makes the frame an interactive area (click to find): its props and ref. */
  areaProps?: (HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> }) | undefined;
  /** A click on the picture, as a point in percent of the image (clicks off the picture are ignored). */
  onPoint?: ((point: Point) => void) | undefined;
  /** More overlays positioned in percent (a keyboard cursor). */
  children?: ReactNode;
  className?: string | undefined;
};

export function ZoneImage({ image, markers, large, wrapZone, areaProps, onPoint, children, className }: ZoneImageProps) {
  const styles = useStyles();
  const img = useRef<HTMLImageElement>(null);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    areaProps?.onClick?.(e);
    if (!onPoint || !img.current) return;
    const point = pointOnImage(img.current, e.clientX, e.clientY);
    if (point) onPoint(point);
  };
  const zones = markers.filter((m) => isZone(m.at));
  const points = markers.filter((m) => !isZone(m.at));
  return (
    <div {...areaProps} onClick={onClick} className={mergeClasses(styles.frame, areaProps && styles.focusable, className)}>
      <img ref={img} className={mergeClasses(styles.image, large && styles.imageLarge)} src={image.url} alt={image.alt} draggable={false} />
      <div className={styles.layer} aria-hidden>
        {zones.map((m) => {
          const zone = m.at as Zone;
          const inner = (
            <span className={mergeClasses(styles.anchor, zone.shape === "circle" && styles.anchorCircle)}>
              <MarkerBadge number={m.number} tone={m.tone} large={large} />
              {m.content !== undefined && m.content !== null && m.content !== "" && (
                <span className={styles.slot}>
                  {typeof m.content === "string" ? <span className={mergeClasses(styles.text, large && styles.textLarge)} title={m.content}>{m.content}</span> : m.content}
                </span>
              )}
            </span>
          );
          return (
            <span
              key={m.id}
              data-zone-marker={String(m.number)}
              className={mergeClasses(styles.zone, m.outline && styles.outline, wrapZone && styles.interactive)}
              style={zoneBox(zone)}
            >
              {wrapZone ? wrapZone(m, inner) : inner}
            </span>
          );
        })}
        {points.map((m) => (
          <span key={m.id} data-point-marker={String(m.number)} className={styles.point} style={pointStyle(m.at as Point)}>
            <MarkerBadge number={m.number} tone={m.tone} large={large} />
          </span>
        ))}
        {children}
      </div>
    </div>
  );
}

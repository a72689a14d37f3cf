import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from "react";
import type { Image, Point, Zone } from "../../../../contracts/questions";

/*
 * An image with numbered markers at zones or points given in percent of the image (label image
 * types, click to find). The frame shrinks to the image, so percentages of the frame are
 * percentages of the image at any size. The markers are drawn for sighted users; every view also
 * lists what they show as text ("Etiqueta 1", "Punto 2"...), so the marker layer is hidden from
 * screen readers. A circle zone is measured in percent on each axis, so it is drawn as an ellipse
 * on a non-square image, as the author drew it.
 */

export type MarkerTone = "neutral" | "right" | "wrong" | "target";

export type ZoneMarker = {
  id: string;
  /** A zone (the marker sits at its centre) or a point. */
  at: Zone | Point;
  /** What the badge shows: the label's or the point's number. */
  number: number | string;
  /** Shown beside the badge (a placed token, the student's text). */
  content?: ReactNode;
  tone?: MarkerTone;
  /** Also draw the zone's outline. */
  outline?: boolean;
};

export const isZone = (at: Zone | Point): at is Zone => "shape" in at;

/** The centre of a zone, in percent. */
export const zoneCenter = (zone: Zone): Point =>
  zone.shape === "rect" ? { x: zone.x + zone.w / 2, y: zone.y + zone.h / 2 } : { x: zone.cx, y: zone.cy };

/** The box of a zone as CSS percentages of the image. */
export function zoneBox(zone: Zone): CSSProperties {
  if (zone.shape === "rect") return { left: `${zone.x}%`, top: `${zone.y}%`, width: `${zone.w}%`, height: `${zone.h}%` };
  return { left: `${zone.cx - zone.r}%`, top: `${zone.cy - zone.r}%`, width: `${2 * zone.r}%`, height: `${2 * zone.r}%`, borderRadius: "50%" };
}

/** A point (percent) as CSS position. */
export const pointStyle = (p: Point): CSSProperties => ({ left: `${p.x}%`, top: `${p.y}%` });

const useStyles = makeStyles({
  frame: { position: "relative", display: "inline-block", maxWidth: "100%", lineHeight: 0, verticalAlign: "top" },
  focusable: {
    cursor: "crosshair",
    touchAction: "manipulation",
    ":focus-visible": { outline: `${tokens.strokeWidthThickest} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  image: { display: "block", maxWidth: "100%", height: "auto", maxHeight: "480px", userSelect: "none" },
  imageLarge: { maxHeight: "70vh" },
  layer: { position: "absolute", inset: 0, pointerEvents: "none" },
  at: { position: "absolute", transform: "translate(-50%, -50%)", lineHeight: tokens.lineHeightBase300 },
  /** Drop targets and tokens on them take the pointer; plain markers let clicks reach the image. */
  interactiveAt: { pointerEvents: "auto" },
  marker: {
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXS,
    whiteSpace: "nowrap",
  },
  badge: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    minWidth: "28px",
    height: "28px",
    padding: `0 ${tokens.spacingHorizontalXS}`,
    boxSizing: "border-box",
    borderRadius: tokens.borderRadiusCircular,
    border: `2px solid ${tokens.colorNeutralForegroundOnBrand}`,
    boxShadow: tokens.shadow8,
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
  },
  badgeLarge: { minWidth: "40px", height: "40px", fontSize: tokens.fontSizeBase500 },
  right: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  wrong: { backgroundColor: tokens.colorPaletteRedBackground3 },
  target: { backgroundColor: tokens.colorPaletteDarkOrangeBackground3 },
  content: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    boxShadow: tokens.shadow4,
    fontSize: tokens.fontSizeBase300,
  },
  contentLarge: { fontSize: tokens.fontSizeBase500 },
  outline: {
    position: "absolute",
    boxSizing: "border-box",
    border: `3px dashed ${tokens.colorPaletteDarkOrangeBorderActive}`,
    backgroundColor: "rgba(255, 255, 255, 0.15)",
  },
});

/** A numbered badge with optional content beside it. */
export function MarkerBadge({ marker, large }: { marker: Pick<ZoneMarker, "number" | "content" | "tone">; large?: boolean | undefined }) {
  const styles = useStyles();
  const tone = marker.tone ?? "neutral";
  return (
    <span className={styles.marker}>
      <span
        className={mergeClasses(styles.badge, large && styles.badgeLarge, tone === "right" && styles.right, tone === "wrong" && styles.wrong, tone === "target" && styles.target)}
      >
        {marker.number}
      </span>
      {marker.content !== undefined && marker.content !== null && (
        <span className={mergeClasses(styles.content, large && styles.contentLarge)}>{marker.content}</span>
      )}
    </span>
  );
}

export type ZoneImageProps = {
  image: Image;
  markers: readonly ZoneMarker[];
  /** Projection: a bigger image and markers. */
  large?: boolean | undefined;
  /** Wraps a marker's badge (e.g. to make it a drop target). */
  wrapMarker?: ((marker: ZoneMarker, badge: ReactNode) => ReactNode) | undefined;
  /** Makes the frame an interactive area (click to find): its props and ref. */
  areaProps?: (HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> }) | undefined;
  /** More overlays positioned in percent (a keyboard cursor). */
  children?: ReactNode;
  className?: string | undefined;
};

export function ZoneImage({ image, markers, large, wrapMarker, areaProps, children, className }: ZoneImageProps) {
  const styles = useStyles();
  return (
    <div {...areaProps} className={mergeClasses(styles.frame, areaProps && styles.focusable, className)}>
      <img className={mergeClasses(styles.image, large && styles.imageLarge)} src={image.url} alt={image.alt} draggable={false} />
      <div className={styles.layer} aria-hidden>
        {markers
          .filter((m) => m.outline && isZone(m.at))
          .map((m) => (
            <span key={`outline-${m.id}`} className={styles.outline} style={zoneBox(m.at as Zone)} />
          ))}
        {markers.map((m) => {
          const badge = <MarkerBadge marker={m} large={large} />;
          return (
            <span key={m.id} className={mergeClasses(styles.at, wrapMarker && styles.interactiveAt)} style={pointStyle(isZone(m.at) ? zoneCenter(m.at) : m.at)}>
              {wrapMarker ? wrapMarker(m, badge) : badge}
            </span>
          );
        })}
        {children}
      </div>
    </div>
  );
}

import { Button, Field, makeStyles, Radio, RadioGroup, Text, tokens } from "@fluentui/react-components";
import { AddRegular } from "@fluentui/react-icons";
import { useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Image, Point, Zone } from "../../../../../contracts/questions";
import { pointOnImage } from "../../views/media-geometry";
import { Section, useAnnouncer, useEditorStyles } from "./edit-shared";
import { ZoneCard } from "./edit-zone-card";
import { anchorOf, defaultZone, drawnZone, handleOf, isDrag, movedZone, resizedZone, type Shape, type ZoneEntry } from "./edit-zones";
import { newLocalId } from "./types";

/*
 * Zones over an image (labels, targets), in percent of the image's natural width and height, the
 * one coordinate system the answering views, the scorer and the review share (ADR 0022): pointer
 * positions are measured on the <img> itself (media-geometry). With a pointer: drag on the image
 * to draw a zone of the chosen shape; press a zone to select it and drag it to move it; drag the
 * selected zone's handle to resize it. Without one: every zone has its shape and numbers as form
 * fields, and add and remove buttons. The numbered markers on the image match the list.
 */

export type { ZoneEntry } from "./edit-zones";

type Gesture = { kind: "draw"; start: Point } | { kind: "move"; index: number; start: Point; from: Zone } | { kind: "resize"; index: number; from: Zone };

const useStyles = makeStyles({
  // The stage is exactly the image's box: it never stretches to the form's width.
  stage: { position: "relative", display: "inline-block", width: "fit-content", maxWidth: "100%", lineHeight: 0, userSelect: "none", alignSelf: "flex-start", justifySelf: "start" },
  image: { display: "block", maxWidth: "100%", maxHeight: "480px" },
  surface: { position: "absolute", top: 0, left: 0, width: "100%", height: "100%", touchAction: "none", cursor: "crosshair" },
  zone: { fill: tokens.colorBrandBackground2, fillOpacity: 0.35, stroke: tokens.colorBrandStroke1, strokeWidth: 2, cursor: "move" },
  selected: { strokeWidth: 3, strokeDasharray: "6 3", fillOpacity: 0.5 },
  drawing: { fill: "none", stroke: tokens.colorBrandStroke1, strokeWidth: 2, strokeDasharray: "4 4", pointerEvents: "none" },
  /** Inside the zone's top-left corner, as the answering view draws it. */
  marker: {
    position: "absolute",
    transform: "translate(2px, 2px)",
    minWidth: "1.5rem",
    height: "1.5rem",
    lineHeight: "1.5rem",
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    boxSizing: "border-box",
    borderRadius: tokens.borderRadiusCircular,
    textAlign: "center",
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralBackground1}`,
    pointerEvents: "none",
  },
  handle: {
    position: "absolute",
    width: "14px",
    height: "14px",
    transform: "translate(-50%, -50%)",
    boxSizing: "border-box",
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    cursor: "nwse-resize",
    touchAction: "none",
  },
});

function ZoneShape({ zone, className, onPointerDown }: { zone: Zone; className: string; onPointerDown?: (e: ReactPointerEvent<SVGElement>) => void }) {
  return zone.shape === "rect" ? (
    <rect x={zone.x} y={zone.y} width={zone.w} height={zone.h} className={className} vectorEffect="non-scaling-stroke" onPointerDown={onPointerDown} />
  ) : (
    <ellipse cx={zone.cx} cy={zone.cy} rx={zone.r} ry={zone.r} className={className} vectorEffect="non-scaling-stroke" onPointerDown={onPointerDown} />
  );
}

export type ZoneEditorProps = {
  image: Image | undefined;
  zones: ZoneEntry[];
  onChange: (zones: ZoneEntry[]) => void;
  /** The group's name, e.g. "Zonas de las etiquetas". */
  label: string;
  /** The name of zone n, e.g. "Etiqueta 2" (default "Zona 2"). */
  itemLabel?: ((n: number) => string) | undefined;
  /** Per zone, its translated problem (e.g. outside the image). */
  errors?: readonly (string | undefined)[] | undefined;
  /** The list-level problem (e.g. no zone yet). */
  error?: string | undefined;
};

export function ZoneEditor({ image, zones, onChange, label, itemLabel, errors, error }: ZoneEditorProps) {
  const styles = useStyles();
  const shared = useEditorStyles();
  const { t } = useTranslation("questions");
  const [shape, setShape] = useState<Shape>("rect");
  const [selected, setSelected] = useState<number | null>(null);
  const [preview, setPreview] = useState<{ index: number | null; zone: Zone } | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const surface = useRef<SVGSVGElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const [live, announce] = useAnnouncer();
  const nameOf = (n: number) => (itemLabel ? itemLabel(n) : t("editors.zones.zone", { n }));

  const pointAt = (e: ReactPointerEvent): Point => (picture.current && pointOnImage(picture.current, e.clientX, e.clientY, true)) || { x: 0, y: 0 };
  const begin = (e: ReactPointerEvent, next: Gesture) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    surface.current?.setPointerCapture?.(e.pointerId);
    gesture.current = next;
  };
  /** The zone the gesture makes with the pointer at `p` (null: a click, nothing drawn). */
  const zoneFor = (g: Gesture, p: Point): Zone | null => {
    if (g.kind === "draw") return isDrag(g.start, p) ? drawnZone(shape, g.start, p) : null;
    if (g.kind === "move") return movedZone(g.from, p.x - g.start.x, p.y - g.start.y);
    return resizedZone(g.from, p);
  };

  const add = (zone: Zone) => {
    onChange([...zones, { id: newLocalId(), zone }]);
    setSelected(zones.length);
    announce(t("editors.zones.added", { name: nameOf(zones.length + 1) }));
  };
  const remove = (index: number) => {
    onChange(zones.filter((_, i) => i !== index));
    setSelected(null);
    announce(t("editors.zones.removed", { name: nameOf(index + 1) }));
  };
  const onMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    const g = gesture.current;
    if (!g) return;
    const zone = zoneFor(g, pointAt(e));
    setPreview(zone ? { index: g.kind === "draw" ? null : g.index, zone } : null);
  };
  const onUp = (e: ReactPointerEvent<SVGSVGElement>) => {
    const g = gesture.current;
    gesture.current = null;
    setPreview(null);
    if (!g) return;
    const zone = zoneFor(g, pointAt(e));
    if (!zone) return;
    if (g.kind === "draw") add(zone);
    else if (JSON.stringify(zone) !== JSON.stringify(g.from)) {
      onChange(zones.map((entry, i) => (i === g.index ? { ...entry, zone } : entry)));
      announce(t(g.kind === "move" ? "editors.zones.moved" : "editors.zones.resized", { name: nameOf(g.index + 1) }));
    }
  };
  const onCancel = () => {
    gesture.current = null;
    setPreview(null);
  };

  const setZone = (index: number, zone: Zone) => onChange(zones.map((entry, i) => (i === index ? { ...entry, zone } : entry)));

  const shown = (index: number, zone: Zone) => (preview && preview.index === index ? preview.zone : zone);
  const selectedZone = selected !== null && zones[selected] ? shown(selected, zones[selected].zone) : null;

  return (
    <Section legend={label} error={error}>
      <Text size={200} className={shared.note}>
        {t("editors.zones.help")}
      </Text>
      <Field label={t("editors.zones.newShape")}>
        <RadioGroup layout="horizontal" value={shape} onChange={(_, d) => setShape(d.value as Shape)}>
          <Radio value="rect" label={t("editors.zones.rect")} />
          <Radio value="circle" label={t("editors.zones.circle")} />
        </RadioGroup>
      </Field>
      {image?.url ? (
        <div className={styles.stage}>
          <img ref={picture} className={styles.image} src={image.url} alt="" draggable={false} />
          <svg
            ref={surface}
            className={styles.surface}
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            role="img"
            aria-label={t("editors.zones.surface", { label, n: zones.length })}
            onPointerDown={(e) => {
              setSelected(null);
              begin(e, { kind: "draw", start: pointAt(e) });
            }}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerCancel={onCancel}
          >
            <rect x={0} y={0} width={100} height={100} fill="transparent" />
            {zones.map((entry, i) => (
              <ZoneShape
                key={entry.id}
                zone={shown(i, entry.zone)}
                className={`${styles.zone} ${selected === i ? styles.selected : ""}`}
                onPointerDown={(e) => {
                  setSelected(i);
                  begin(e, { kind: "move", index: i, start: pointAt(e), from: entry.zone });
                }}
              />
            ))}
            {preview && preview.index === null && <ZoneShape zone={preview.zone} className={styles.drawing} />}
          </svg>
          {zones.map((entry, i) => {
            const at = anchorOf(shown(i, entry.zone));
            return (
              <span key={entry.id} aria-hidden className={styles.marker} style={{ left: `${at.x}%`, top: `${at.y}%` }}>
                {i + 1}
              </span>
            );
          })}
          {selected !== null && selectedZone && (
            <span
              aria-hidden
              className={styles.handle}
              style={{ left: `${handleOf(selectedZone).x}%`, top: `${handleOf(selectedZone).y}%` }}
              onPointerDown={(e) => begin(e, { kind: "resize", index: selected, from: selectedZone })}
            />
          )}
        </div>
      ) : (
        <Text className={shared.note}>{t("editors.zones.noImage")}</Text>
      )}
      <ol className={shared.list}>
        {zones.map((entry, i) => (
          <li key={entry.id}>
            <ZoneCard
              name={nameOf(i + 1)}
              zone={entry.zone}
              selected={selected === i}
              error={errors?.[i]}
              onChange={(zone) => setZone(i, zone)}
              onRemove={() => remove(i)}
              onSelect={() => setSelected(i)}
            />
          </li>
        ))}
      </ol>
      <div className={shared.actions}>
        <Button icon={<AddRegular />} onClick={() => add(defaultZone(shape))}>
          {t("editors.zones.add")}
        </Button>
      </div>
      {live}
    </Section>
  );
}

export default ZoneEditor;

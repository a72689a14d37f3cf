import type { Point, Zone } from "../../../../../contracts/questions";
import { isRec } from "./edit-shared";

/*
 * Zone arithmetic for the zone editor, in percent of the image (contracts: a rect is x, y, w, h with
 * x + w <= 100 and y + h <= 100; a circle is cx, cy, r with r <= 50, measured on each axis).
 * Values are kept to one decimal.
 */

export type Shape = Zone["shape"];
export type ZoneEntry = { id: string; zone: Zone };

const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** A rect rounded to one decimal, still inside the image. */
export function fitRect(x: number, y: number, w: number, h: number): Zone {
  let rx = round1(clamp(x, 0, 99.9));
  let ry = round1(clamp(y, 0, 99.9));
  let rw = round1(clamp(w, 0.1, 100));
  let rh = round1(clamp(h, 0.1, 100));
  while (rx + rw > 100 && rw > 0.1) rw = round1(rw - 0.1);
  while (ry + rh > 100 && rh > 0.1) rh = round1(rh - 0.1);
  while (rx + rw > 100) rx = round1(rx - 0.1);
  while (ry + rh > 100) ry = round1(ry - 0.1);
  return { shape: "rect", x: rx, y: ry, w: rw, h: rh };
}

export const fitCircle = (cx: number, cy: number, r: number): Zone => ({
  shape: "circle",
  cx: round1(clamp(cx, 0, 100)),
  cy: round1(clamp(cy, 0, 100)),
  r: round1(clamp(r, 0.1, 50)),
});

/** The zone a draft holds (missing numbers read as 0, so the editor can still show and fix it). */
export function readZone(v: unknown): Zone {
  if (!isRec(v)) return { shape: "rect", x: 0, y: 0, w: 0, h: 0 };
  if (v.shape === "circle") return { shape: "circle", cx: num(v.cx), cy: num(v.cy), r: num(v.r) };
  return { shape: "rect", x: num(v.x), y: num(v.y), w: num(v.w), h: num(v.h) };
}

/** A new zone in the middle of the image. */
export const defaultZone = (shape: Shape): Zone => (shape === "rect" ? fitRect(40, 40, 20, 20) : fitCircle(50, 50, 10));

/** The same place in the other shape. */
export function convertZone(zone: Zone, shape: Shape): Zone {
  if (zone.shape === shape) return zone;
  if (zone.shape === "rect") return fitCircle(zone.x + zone.w / 2, zone.y + zone.h / 2, Math.max(zone.w, zone.h) / 2);
  return fitRect(zone.cx - zone.r, zone.cy - zone.r, zone.r * 2, zone.r * 2);
}

/** The zone drawn by dragging from `a` to `b`: a rect between them, or a circle centred on `a`. */
export function drawnZone(shape: Shape, a: Point, b: Point): Zone {
  if (shape === "rect") return fitRect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  return fitCircle(a.x, a.y, Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)));
}

/** Whether a drag from `a` to `b` is long enough to draw a zone (shorter is a click). */
export const isDrag = (a: Point, b: Point) => Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) >= 2;

/** The zone moved by (dx, dy), kept inside the image. */
export function movedZone(zone: Zone, dx: number, dy: number): Zone {
  if (zone.shape === "rect") return fitRect(clamp(zone.x + dx, 0, 100 - zone.w), clamp(zone.y + dy, 0, 100 - zone.h), zone.w, zone.h);
  return fitCircle(zone.cx + dx, zone.cy + dy, zone.r);
}

/** The zone resized by its handle dragged to `p` (a rect's bottom-right corner; a circle's edge). */
export function resizedZone(zone: Zone, p: Point): Zone {
  if (zone.shape === "rect") return fitRect(zone.x, zone.y, Math.max(1, p.x - zone.x), Math.max(1, p.y - zone.y));
  return fitCircle(zone.cx, zone.cy, Math.max(0.5, Math.abs(p.x - zone.cx), Math.abs(p.y - zone.cy)));
}

/** Where a zone's resize handle is. */
export const handleOf = (zone: Zone): Point => (zone.shape === "rect" ? { x: zone.x + zone.w, y: zone.y + zone.h } : { x: zone.cx + zone.r, y: zone.cy });

/** Where a zone's number marker goes (its top-left corner). */
export const anchorOf = (zone: Zone): Point =>
  zone.shape === "rect" ? { x: zone.x, y: zone.y } : { x: clamp(zone.cx - zone.r * 0.7, 0, 100), y: clamp(zone.cy - zone.r * 0.7, 0, 100) };

/** The zone with one field set to a typed value (not clamped: the form reports a zone outside the image). */
export function withField(zone: Zone, field: string, value: number): Zone {
  return { ...zone, [field]: value } as Zone;
}

/** The numeric fields of a shape, in form order. */
export const FIELDS: Record<Shape, readonly string[]> = { rect: ["x", "y", "w", "h"], circle: ["cx", "cy", "r"] };

import type { Point } from "../../../../contracts/questions";

/*
 * The one coordinate system of image questions (ADR 0022): a position is a percentage 0..100 of the
 * image's natural width and height, so it names the same spot of the picture at any rendered size.
 * A pointer position becomes one only through the <img> itself: its client box, less any
 * letterboxing object-fit adds, never the box of whatever frames it (a card is wider than its image).
 */

export type Box = { left: number; top: number; width: number; height: number };

/** The client box the picture's pixels fill inside its <img> (object-fit contain or scale-down letterbox it). */
export function pictureBox(img: HTMLImageElement): Box {
  const rect = img.getBoundingClientRect();
  const box = { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
  const { naturalWidth: nw, naturalHeight: nh } = img;
  if (!nw || !nh || !rect.width || !rect.height) return box;
  const fit = getComputedStyle(img).objectFit;
  if (fit !== "contain" && fit !== "scale-down") return box;
  const scale = Math.min(rect.width / nw, rect.height / nh, fit === "scale-down" ? 1 : Infinity);
  const width = nw * scale;
  const height = nh * scale;
  return { left: rect.left + (rect.width - width) / 2, top: rect.top + (rect.height - height) / 2, width, height };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const clamp = (v: number) => Math.min(100, Math.max(0, v));

/**
 * A client position (a click, a pointer) as a point in percent of the picture, to one decimal;
 * null when it falls outside the picture (unless `clamped`, which pulls it to the nearest edge).
 */
export function pointOnImage(img: HTMLImageElement, clientX: number, clientY: number, clamped = false): Point | null {
  const box = pictureBox(img);
  if (box.width <= 0 || box.height <= 0) return null;
  const x = ((clientX - box.left) / box.width) * 100;
  const y = ((clientY - box.top) / box.height) * 100;
  if (!clamped && (x < 0 || x > 100 || y < 0 || y > 100)) return null;
  return { x: round1(clamp(x)), y: round1(clamp(y)) };
}

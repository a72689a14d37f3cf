/*
 * The pencil question's drawing (QT_20): strokes kept as data in the canvas's own pixels, painted
 * on a 2D context, and the keyboard pen's moves. Pure apart from the context it is given.
 */

/** The canvas's own size; CSS scales it to the space available. */
export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 600;

export const PEN_COLORS = [
  { id: "black", value: "#1b1b1b" },
  { id: "blue", value: "#0f6cbd" },
  { id: "red", value: "#c50f1f" },
  { id: "green", value: "#107c10" },
] as const;
export type PenColor = (typeof PEN_COLORS)[number]["id"];

export const PEN_WIDTHS = [
  { id: "thin", value: 3 },
  { id: "medium", value: 6 },
  { id: "thick", value: 12 },
] as const;
export type PenWidth = (typeof PEN_WIDTHS)[number]["id"];

/** The eraser is this many times wider than the pen. */
export const ERASER_FACTOR = 3;

export type Tool = "pen" | "eraser";
export type CanvasPoint = { x: number; y: number };
export type Stroke = { tool: Tool; color: string; width: number; points: CanvasPoint[] };

export const colorValue = (id: PenColor): string => PEN_COLORS.find((c) => c.id === id)?.value ?? PEN_COLORS[0].value;
export const widthValue = (id: PenWidth, tool: Tool): number =>
  (PEN_WIDTHS.find((w) => w.id === id)?.value ?? PEN_WIDTHS[1].value) * (tool === "eraser" ? ERASER_FACTOR : 1);

export const newStroke = (tool: Tool, color: PenColor, width: PenWidth, at: CanvasPoint): Stroke => ({
  tool,
  color: colorValue(color),
  width: widthValue(width, tool),
  points: [at],
});

function style(ctx: CanvasRenderingContext2D, stroke: Stroke): void {
  // The eraser clears pixels, so the exported PNG is transparent where it passed.
  ctx.globalCompositeOperation = stroke.tool === "eraser" ? "destination-out" : "source-over";
  ctx.strokeStyle = stroke.color;
  ctx.fillStyle = stroke.color;
  ctx.lineWidth = stroke.width;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
}

/** One whole stroke; a single point is a dot. */
export function drawStroke(ctx: CanvasRenderingContext2D, stroke: Stroke): void {
  const [first, ...rest] = stroke.points;
  if (!first) return;
  style(ctx, stroke);
  ctx.beginPath();
  if (rest.length === 0) {
    ctx.arc(first.x, first.y, stroke.width / 2, 0, Math.PI * 2);
    ctx.fill();
  } else {
    ctx.moveTo(first.x, first.y);
    for (const p of rest) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
  ctx.globalCompositeOperation = "source-over";
}

/** The last segment of a stroke being drawn (cheaper than painting everything on each move). */
export function drawLastSegment(ctx: CanvasRenderingContext2D, stroke: Stroke): void {
  const n = stroke.points.length;
  const from = stroke.points[n - 2];
  const to = stroke.points[n - 1];
  if (!from || !to) return;
  style(ctx, stroke);
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.stroke();
  ctx.globalCompositeOperation = "source-over";
}

/** Everything again: the saved drawing it started from (if any), then the strokes. */
export function paint(ctx: CanvasRenderingContext2D, strokes: readonly Stroke[], base: CanvasImageSource | null): void {
  ctx.globalCompositeOperation = "source-over";
  ctx.clearRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  if (base) ctx.drawImage(base, 0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  for (const stroke of strokes) drawStroke(ctx, stroke);
}

/** Keyboard pen steps, in canvas pixels. */
export const KEY_STEP = 10;
export const KEY_BIG_STEP = 50;

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));

/** Where an arrow key moves the pen, or null for any other key. */
export function movedBy(key: string, big: boolean, at: CanvasPoint): CanvasPoint | null {
  const step = big ? KEY_BIG_STEP : KEY_STEP;
  const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const d = delta[key];
  if (!d) return null;
  return { x: clamp(at.x + d[0], CANVAS_WIDTH), y: clamp(at.y + d[1], CANVAS_HEIGHT) };
}

/** A pointer position on the canvas element, in canvas pixels. */
export function canvasPoint(canvas: HTMLCanvasElement, clientX: number, clientY: number): CanvasPoint {
  const rect = canvas.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return { x: 0, y: 0 };
  return {
    x: clamp(((clientX - rect.left) / rect.width) * CANVAS_WIDTH, CANVAS_WIDTH),
    y: clamp(((clientY - rect.top) / rect.height) * CANVAS_HEIGHT, CANVAS_HEIGHT),
  };
}

/** The canvas as a PNG file. */
export function canvasToPng(canvas: HTMLCanvasElement, name: string): Promise<File> {
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob ? resolve(new File([blob], name, { type: "image/png" })) : reject(new Error("empty canvas"))), "image/png");
    } catch (error) {
      // A canvas tainted by a foreign image cannot be exported.
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

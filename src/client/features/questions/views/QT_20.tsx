import { Button, makeStyles, mergeClasses, Spinner, tokens } from "@fluentui/react-components";
import { CheckmarkCircle20Regular, ErrorCircle20Regular } from "@fluentui/react-icons";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  CANVAS_HEIGHT, CANVAS_WIDTH, canvasPoint, canvasToPng, drawLastSegment, drawStroke, movedBy, newStroke, paint,
  type CanvasPoint, type Stroke,
} from "./media-drawing";
import { PencilToolbar, type PencilTools } from "./media-PencilToolbar";
import { PencilPicture, usePencilStyles } from "./media-PencilPicture";
import type { QuestionViewProps } from "./types";

/*
 * QT_20 pencil: a drawing canvas (over the question's background image, if any) with pen colours,
 * widths, an eraser, undo and clear. Pointer, touch and pen draw; the keyboard draws too: arrows
 * move a visible pen (Shift: bigger steps), Space puts the pen down or lifts it, Enter ends the
 * stroke. Shortly after each change the drawing is uploaded as a PNG and the answer becomes
 * {file}. Review and projection show the saved image over the background.
 */

/** Quiet time after a change before the drawing is saved. */
export const SAVE_DELAY_MS = 800;

type SaveState = "idle" | "saving" | "saved" | "error" | "preview";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  canvas: {
    position: "absolute",
    inset: 0,
    width: "100%",
    height: "100%",
    touchAction: "none",
    cursor: "crosshair",
    ":focus-visible": { outline: `${tokens.strokeWidthThickest} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  cursor: {
    position: "absolute",
    width: "18px",
    height: "18px",
    transform: "translate(-50%, -50%)",
    borderRadius: tokens.borderRadiusCircular,
    border: `2px solid ${tokens.colorNeutralForeground1}`,
    boxShadow: `0 0 0 2px ${tokens.colorNeutralBackground1}`,
    pointerEvents: "none",
  },
  cursorDown: { backgroundColor: tokens.colorBrandBackground },
  help: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  status: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXS, minHeight: "24px" },
  error: { color: tokens.colorPaletteRedForeground1 },
  visuallyHidden: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0, 0, 0, 0)", whiteSpace: "nowrap" },
});

export default function Pencil({ question, mode, answer, onAnswer, upload, fileUrl, label }: QuestionViewProps<"QT_20">) {
  const styles = useStyles();
  const picture = usePencilStyles();
  const { t } = useTranslation("questions");
  const helpId = useId();
  const background = question.data.background;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [tools, setTools] = useState<PencilTools>({ color: "black", width: "medium", tool: "pen" });
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const strokesRef = useRef<Stroke[]>([]);
  /** The stroke being drawn (pointer or keyboard). */
  const current = useRef<Stroke | null>(null);
  /** The saved drawing the student goes on from. */
  const base = useRef<HTMLImageElement | null>(null);
  const [hasBase, setHasBase] = useState(false);
  const [baseFailed, setBaseFailed] = useState(false);
  const [cursor, setCursor] = useState<CanvasPoint>({ x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2 });
  const [penDown, setPenDown] = useState(false);
  const [focused, setFocused] = useState(false);
  const [save, setSave] = useState<SaveState>(answer ? "saved" : "idle");
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveSeq = useRef(0);
  const interactive = mode === "answer" || mode === "preview";
  const savedUrl = answer?.file && fileUrl ? fileUrl(answer.file) : null;

  const context = () => canvasRef.current?.getContext("2d") ?? null;
  const repaint = useCallback(() => {
    const ctx = canvasRef.current?.getContext("2d");
    if (ctx) paint(ctx, current.current ? [...strokesRef.current, current.current] : strokesRef.current, base.current);
  }, []);

  // Going on from the saved drawing: it is painted under the new strokes (and cleared by "Borrar todo").
  useEffect(() => {
    if (!interactive || !savedUrl) return;
    const img = new Image();
    img.crossOrigin = "anonymous";
    let live = true;
    img.onload = () => {
      if (!live) return;
      base.current = img;
      setHasBase(true);
      repaint();
    };
    img.onerror = () => live && setBaseFailed(true);
    img.src = savedUrl;
    return () => {
      live = false;
    };
    // Only the drawing saved when the view opened: later saves are this canvas's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [interactive]);

  // The latest props, for a save that finishes (or starts) after the view has gone.
  const latest = useRef({ upload, onAnswer, fileName: t("media.pencil.fileName") });
  useEffect(() => {
    latest.current = { upload, onAnswer, fileName: t("media.pencil.fileName") };
  });

  const saveNow = useCallback(async (canvas: HTMLCanvasElement | null) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const { upload: send, onAnswer: answered, fileName } = latest.current;
    if (!canvas) return;
    if (!send) {
      setSave("preview");
      return;
    }
    const seq = ++saveSeq.current;
    setSave("saving");
    try {
      const ref = await send(await canvasToPng(canvas, fileName));
      if (seq !== saveSeq.current) return;
      setSave("saved");
      answered?.({ file: { key: ref.key, name: ref.name } });
    } catch {
      if (seq === saveSeq.current) setSave("error");
    }
  }, []);
  const scheduleSave = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(canvasRef.current), SAVE_DELAY_MS);
  };

  // Leaving with a change not saved yet (next question): save it at once, from the detached canvas.
  useEffect(() => {
    const canvas = canvasRef.current;
    return () => {
      if (timer.current) void saveNow(canvas);
    };
  }, [saveNow]);

  const setAll = (next: Stroke[]) => {
    strokesRef.current = next;
    setStrokes(next);
  };
  const begin = (at: CanvasPoint) => {
    const stroke = newStroke(tools.tool, tools.color, tools.width, at);
    current.current = stroke;
    const ctx = context();
    if (ctx) drawStroke(ctx, stroke);
  };
  const extend = (at: CanvasPoint) => {
    const stroke = current.current;
    if (!stroke) return;
    stroke.points.push(at);
    const ctx = context();
    if (ctx) drawLastSegment(ctx, stroke);
  };
  const end = () => {
    const stroke = current.current;
    if (!stroke) return;
    current.current = null;
    setAll([...strokesRef.current, stroke]);
    scheduleSave();
  };

  if (!interactive) {
    return (
      <div role="group" aria-label={label} className={styles.root}>
        <PencilPicture background={background} drawingUrl={savedUrl} alt={t("media.pencil.savedAlt")} large={mode === "projection"} />
        {mode === "review" && !answer && <p className={styles.help}>{t("review.noAnswer")}</p>}
        {answer && !savedUrl && <p className={styles.help}>{t("media.pencil.savedAs", { name: answer.file.name })}</p>}
      </div>
    );
  }

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (penDown || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    begin(canvasPoint(e.currentTarget, e.clientX, e.clientY));
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (current.current && !penDown) extend(canvasPoint(e.currentTarget, e.clientX, e.clientY));
  };
  const onPointerUp = () => {
    if (!penDown) end();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const moved = movedBy(e.key, e.shiftKey, cursor);
    if (moved) {
      e.preventDefault();
      setCursor(moved);
      if (penDown) extend(moved);
    } else if (e.key === " ") {
      e.preventDefault();
      if (penDown) {
        end();
        setPenDown(false);
        setAnnouncement(t("media.pencil.penUp"));
      } else {
        begin(cursor);
        setPenDown(true);
        setAnnouncement(t("media.pencil.penDown"));
      }
    } else if (e.key === "Enter" && penDown) {
      e.preventDefault();
      end();
      setPenDown(false);
      setAnnouncement(t("media.pencil.strokeEnded"));
    }
  };

  const undo = () => {
    setAll(strokesRef.current.slice(0, -1));
    repaint();
    scheduleSave();
    setAnnouncement(t("media.pencil.undone"));
  };
  const clear = () => {
    base.current = null;
    setHasBase(false);
    setAll([]);
    repaint();
    scheduleSave();
    setAnnouncement(t("media.pencil.cleared"));
  };

  return (
    <div role="group" aria-label={label} className={styles.root}>
      <PencilToolbar
        label={t("media.pencil.tools")}
        tools={tools}
        onTools={setTools}
        canUndo={strokes.length > 0}
        canClear={strokes.length > 0 || hasBase}
        onUndo={undo}
        onClear={clear}
      />
      <div className={mergeClasses(picture.frame)}>
        {background && <img className={picture.layer} src={background.url} alt={background.alt} draggable={false} />}
        <canvas
          ref={canvasRef}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          className={styles.canvas}
          tabIndex={0}
          role="application"
          aria-roledescription={t("media.pencil.roleDescription")}
          aria-label={t("media.pencil.canvas")}
          aria-describedby={helpId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            if (penDown) {
              end();
              setPenDown(false);
            }
          }}
        />
        {focused && (
          <span
            aria-hidden
            className={mergeClasses(styles.cursor, penDown && styles.cursorDown)}
            style={{ left: `${(cursor.x / CANVAS_WIDTH) * 100}%`, top: `${(cursor.y / CANVAS_HEIGHT) * 100}%` }}
          />
        )}
      </div>
      <p id={helpId} className={styles.help}>
        {t("media.pencil.help")}
      </p>
      {baseFailed && <p className={mergeClasses(styles.help, styles.error)}>{t("media.pencil.baseFailed")}</p>}
      <div role="status" className={styles.status}>
        {save === "saving" && <Spinner size="extra-tiny" labelPosition="after" label={t("media.pencil.saving")} />}
        {save === "saved" && (
          <>
            <CheckmarkCircle20Regular aria-hidden />
            {t("media.pencil.saved")}
          </>
        )}
        {save === "preview" && t("media.pencil.previewOnly")}
        {save === "error" && (
          <span className={mergeClasses(styles.status, styles.error)}>
            <ErrorCircle20Regular aria-hidden />
            {t("media.pencil.saveFailed")}
            <Button size="small" onClick={() => void saveNow(canvasRef.current)}>
              {t("media.pencil.retry")}
            </Button>
          </span>
        )}
      </div>
      <div aria-live="polite" className={styles.visuallyHidden}>
        {announcement}
      </div>
    </div>
  );
}

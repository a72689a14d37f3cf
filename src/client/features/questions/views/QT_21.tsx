import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { Dismiss16Regular } from "@fluentui/react-icons";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Point } from "../../../../contracts/questions";
import { FindResult, percentText } from "./media-find";
import { pointStyle, ZoneImage } from "./media-ZoneImage";
import type { QuestionViewProps } from "./types";

/*
 * QT_21 click to find: a click or tap on the picture marks a point, in percent of the image's
 * natural width and height measured on the <img> itself (ADR 0022), shown as a numbered marker and listed with a remove button; data.maxClicks limits them. Keyboard: the
 * image is focusable, arrows move a crosshair (Shift: bigger steps) and Enter or Space marks the
 * point under it. Answer {clicks: [{x, y}]}. The targets never reach the student: the server
 * decides what was found.
 */

/** Keyboard crosshair steps, in percent of the image. */
export const FIND_STEP = 1;
export const FIND_BIG_STEP = 10;

const round = (v: number) => Math.min(100, Math.max(0, Math.round(v * 10) / 10));

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  p: { margin: 0 },
  goal: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  help: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  limit: { margin: 0, color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: tokens.fontWeightSemibold },
  list: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, margin: 0, paddingLeft: 0, listStyleType: "none" },
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  crosshair: {
    position: "absolute",
    width: "28px",
    height: "28px",
    transform: "translate(-50%, -50%)",
    borderRadius: tokens.borderRadiusCircular,
    border: `2px solid ${tokens.colorNeutralForeground1}`,
    boxShadow: `0 0 0 2px ${tokens.colorNeutralBackground1}`,
    "::before": { content: '""', position: "absolute", left: "50%", top: "-8px", bottom: "-8px", borderLeft: `2px solid ${tokens.colorNeutralForeground1}` },
    "::after": { content: '""', position: "absolute", top: "50%", left: "-8px", right: "-8px", borderTop: `2px solid ${tokens.colorNeutralForeground1}` },
  },
  visuallyHidden: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0, 0, 0, 0)", whiteSpace: "nowrap" },
});

export default function ClickToFind({ question, mode, answer, onAnswer, solution, parts, label }: QuestionViewProps<"QT_21">) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("questions");
  const helpId = useId();
  const { image, targetCount, maxClicks } = question.data;
  const [clicks, setClicks] = useState<Point[]>(() => [...(answer?.clicks ?? [])]);
  const [cursor, setCursor] = useState<Point>({ x: 50, y: 50 });
  const [focused, setFocused] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const area = useRef<HTMLDivElement>(null);

  if (mode === "review" || mode === "projection") {
    return <FindResult label={label} mode={mode} data={question.data} clicks={answer?.clicks} solution={solution} parts={parts} />;
  }

  const full = maxClicks !== undefined && clicks.length >= maxClicks;
  const commit = (next: Point[]) => {
    setClicks(next);
    onAnswer?.({ clicks: next });
  };
  const mark = (p: Point) => {
    if (full) {
      setAnnouncement(t("media.find.limit", { count: maxClicks }));
      return;
    }
    const point = { x: round(p.x), y: round(p.y) };
    commit([...clicks, point]);
    setAnnouncement(t("media.find.marked", { n: clicks.length + 1, x: percentText(point.x, i18n.language), y: percentText(point.y, i18n.language) }));
  };
  const remove = (i: number) => {
    commit(clicks.filter((_, j) => j !== i));
    setAnnouncement(t("media.find.removed", { n: i + 1 }));
    area.current?.focus();
  };

  const onPoint = (p: Point) => {
    setCursor(p);
    mark(p);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? FIND_BIG_STEP : FIND_STEP;
    const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const d = delta[e.key];
    if (d) {
      e.preventDefault();
      setCursor((c) => ({ x: round(c.x + d[0]), y: round(c.y + d[1]) }));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      mark(cursor);
    }
  };

  return (
    <div role="group" aria-label={label} className={styles.root}>
      <p className={styles.goal}>{t("media.find.goal", { count: targetCount })}</p>
      <ZoneImage
        image={image}
        markers={clicks.map((p, i) => ({ id: `click-${i}`, at: p, number: i + 1 }))}
        areaProps={{
          ref: area,
          tabIndex: 0,
          role: "application",
          "aria-roledescription": t("media.find.roleDescription"),
          "aria-label": t("media.find.area", { alt: image.alt }),
          "aria-describedby": helpId,
          onKeyDown,
          onFocus: () => setFocused(true),
          onBlur: () => setFocused(false),
        }}
        onPoint={onPoint}
      >
        {focused && <span className={styles.crosshair} style={pointStyle(cursor)} />}
      </ZoneImage>
      <p id={helpId} className={styles.help}>
        {t("media.find.help")}
      </p>
      <p className={styles.p}>
        {maxClicks !== undefined ? t("media.find.countOf", { count: clicks.length, max: maxClicks }) : t("media.find.count", { count: clicks.length })}
      </p>
      {full && <p className={styles.limit}>{t("media.find.limit", { count: maxClicks })}</p>}
      {clicks.length > 0 && (
        <ol className={styles.list} aria-label={t("media.find.points")}>
          {clicks.map((p, i) => (
            <li key={`${i}-${p.x}-${p.y}`} className={styles.row}>
              <span>{t("media.find.point", { n: i + 1, x: percentText(p.x, i18n.language), y: percentText(p.y, i18n.language) })}</span>
              <Button size="small" appearance="subtle" icon={<Dismiss16Regular />} aria-label={t("media.find.remove", { n: i + 1 })} onClick={() => remove(i)}>
                {t("media.find.removeShort")}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div aria-live="polite" className={styles.visuallyHidden}>
        {announcement}
      </div>
    </div>
  );
}

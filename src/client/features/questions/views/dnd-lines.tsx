import { makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { StudentItem } from "../../../../contracts/student-questions";

/*
 * Linking lines' board: a left and a right column of items with SVG lines between linked items.
 * The lines are decorative (aria-hidden): every view that draws them also lists them as text.
 * Item positions are measured when the board or an item changes size (ResizeObserver reports
 * once on observe, then on every change: images loading, a narrower window).
 */

export type BoardLink = { leftId: string; rightId: string; dashed?: boolean };
type Point = { x: number; y: number };

const useStyles = makeStyles({
  board: {
    position: "relative",
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) minmax(48px, 160px) minmax(0, 1fr)",
    alignItems: "start",
  },
  column: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  left: { gridColumn: "1" },
  right: { gridColumn: "3" },
  end: { display: "flex" },
  svg: { position: "absolute", inset: 0, width: "100%", height: "100%", pointerEvents: "none", overflow: "visible" },
  line: { stroke: tokens.colorBrandForeground1, strokeWidth: "3px", strokeLinecap: "round" },
  dot: { fill: tokens.colorBrandForeground1 },
});

export type LinkBoardProps = {
  left: readonly StudentItem[];
  right: readonly StudentItem[];
  links: readonly BoardLink[];
  /** Accessible names of the two lists. */
  leftLabel: string;
  rightLabel: string;
  renderItem: (side: "left" | "right", item: StudentItem) => ReactNode;
};

export function LinkBoard({ left, right, links, leftLabel, rightLabel, renderItem }: LinkBoardProps) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState<Record<string, Point>>({});

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      const origin = el.getBoundingClientRect();
      const next: Record<string, Point> = {};
      el.querySelectorAll<HTMLElement>("[data-end]").forEach((node) => {
        const key = node.dataset.end ?? "";
        const r = node.getBoundingClientRect();
        next[key] = { x: (key.startsWith("l:") ? r.right : r.left) - origin.left, y: r.top + r.height / 2 - origin.top };
      });
      setEnds(next);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.querySelectorAll("[data-end]").forEach((node) => observer.observe(node));
    return () => observer.disconnect();
  }, [left, right]);

  const column = (side: "left" | "right", items: readonly StudentItem[], name: string) => (
    <ul className={`${styles.column} ${side === "left" ? styles.left : styles.right}`} aria-label={name}>
      {items.map((item) => (
        <li key={item.id} className={styles.end} data-end={`${side === "left" ? "l" : "r"}:${item.id}`}>
          {renderItem(side, item)}
        </li>
      ))}
    </ul>
  );

  return (
    <div ref={box} className={styles.board}>
      {column("left", left, leftLabel)}
      {column("right", right, rightLabel)}
      <svg className={styles.svg} aria-hidden="true" focusable="false">
        {links.map((link) => {
          const a = ends[`l:${link.leftId}`];
          const b = ends[`r:${link.rightId}`];
          if (!a || !b) return null;
          return (
            <g key={`${link.leftId}:${link.rightId}`}>
              <line className={styles.line} x1={a.x} y1={a.y} x2={b.x} y2={b.y} strokeDasharray={link.dashed ? "8 6" : undefined} />
              <circle className={styles.dot} cx={a.x} cy={a.y} r={5} />
              <circle className={styles.dot} cx={b.x} cy={b.y} r={5} />
            </g>
          );
        })}
      </svg>
    </div>
  );
}

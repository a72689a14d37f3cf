import { Badge } from "@fluentui/react-components";
import { SlideTextRegular } from "@fluentui/react-icons";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/States";
import { clampSlide, slideKeyAction, type Slide } from "../slides";
import { ControlBar, type ControlBarProps } from "./ControlBar";
import { useProjectionStyles } from "./projectionStyles";
import { SlideStage } from "./SlideStage";

export type ProjectionShellProps = {
  /** What is projected (lesson or unit title), above the slide. */
  context: string;
  slides: Slide[];
  courseGuid: string;
  position: number;
  revealed: boolean;
  onGo: (position: number) => void;
  /** Given only to those who may reveal the answers (the class's teachers). */
  onReveal?: ((revealed: boolean) => void) | undefined;
  onExit: () => void;
  /** Escape first closes what is open (the remote panel); return true when it did. */
  onEscape?: () => boolean;
  /** The side panel (phone remote, presenter). */
  side?: ReactNode;
  remote?: ControlBarProps["remote"];
  toolsPath?: string;
};

/**
 * The full-screen projection (no app shell): the slide's title and content, the control bar and
 * the keyboard (ArrowRight/PageDown/Space next, ArrowLeft/PageUp previous, Home/End, Escape exits).
 */
export function ProjectionShell(props: ProjectionShellProps) {
  const { context, slides, courseGuid, position, revealed, onGo, onReveal, onExit, onEscape, side, remote, toolsPath } = props;
  const styles = useProjectionStyles();
  const { t } = useTranslation("projection");
  const rootRef = useRef<HTMLDivElement>(null);
  const count = slides.length;
  const current = slides[clampSlide(position, count)];

  // The latest handlers, for one document listener.
  const keys = useRef({ position, count, onGo, onExit, onEscape });
  useEffect(() => {
    keys.current = { position, count, onGo, onExit, onEscape };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = slideKeyAction(event);
      if (!action) return;
      const k = keys.current;
      event.preventDefault();
      if (action === "exit") {
        if (!k.onEscape?.()) k.onExit();
        return;
      }
      const target = { next: k.position + 1, previous: k.position - 1, first: 0, last: k.count - 1 }[action];
      const clamped = clampSlide(target, k.count);
      if (clamped !== k.position) k.onGo(clamped);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const human = count ? clampSlide(position, count) + 1 : 0;
  return (
    <div ref={rootRef} className={styles.root}>
      <header className={styles.head}>
        <div>
          <div className={styles.context}>{context}</div>
          <h1 className={styles.slideTitle}>{current ? current.title : context}</h1>
        </div>
        {revealed ? (
          <Badge appearance="filled" color="success" size="large">
            {t("slide.revealed")}
          </Badge>
        ) : null}
      </header>
      <main className={styles.stage} aria-label={t("slide.region")}>
        {current ? (
          <SlideStage key={current.key} slide={current} courseGuid={courseGuid} />
        ) : (
          <EmptyState icon={<SlideTextRegular />} title={t("empty.title")} body={t("empty.body")} />
        )}
      </main>
      {side}
      <ControlBar
        position={clampSlide(position, count)}
        count={count}
        revealed={revealed}
        onPrevious={() => onGo(clampSlide(position - 1, count))}
        onNext={() => onGo(clampSlide(position + 1, count))}
        onReveal={onReveal}
        onExit={onExit}
        fullscreenTarget={() => rootRef.current}
        remote={remote}
        toolsPath={toolsPath}
      />
      <div className={styles.visuallyHidden} aria-live="polite" aria-atomic="true">
        {current ? t("slide.announce", { current: human, total: count, title: current.title }) : ""}
      </div>
    </div>
  );
}

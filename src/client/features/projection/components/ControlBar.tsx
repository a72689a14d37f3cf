import { Button, ToggleButton, Tooltip } from "@fluentui/react-components";
import {
  ArrowLeftRegular,
  ArrowRightRegular,
  DismissRegular,
  EyeRegular,
  FullScreenMaximizeRegular,
  FullScreenMinimizeRegular,
  PhoneRegular,
  ToolboxRegular,
} from "@fluentui/react-icons";
import { useEffect, useState } from "react";
import { useHref } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useProjectionStyles } from "./projectionStyles";

export type ControlBarProps = {
  position: number;
  count: number;
  revealed: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Reveal or hide the answers; without it (people who may not see them, e.g. students) there is no such button. */
  onReveal?: ((revealed: boolean) => void) | undefined;
  onExit: () => void;
  /** The element to show full screen. */
  fullscreenTarget: () => HTMLElement | null;
  /** The phone-remote panel (lesson projections of teachers only). */
  remote?: { open: boolean; onToggle: () => void };
  /** /tools/<courseGuid>, opened in a new tab so the projection stays. */
  toolsPath?: string;
  /** A single content: no slides to step through, no answers to reveal. */
  hideNavigation?: boolean;
};

const fullscreenSupported = () => typeof document !== "undefined" && document.fullscreenEnabled === true;

/** The visible controls of the projection screen, every one labelled and reachable by keyboard. */
export function ControlBar(props: ControlBarProps) {
  const { position, count, revealed, onPrevious, onNext, onReveal, onExit, fullscreenTarget, remote, toolsPath, hideNavigation = false } = props;
  const styles = useProjectionStyles();
  const { t } = useTranslation("projection");
  const [fullscreen, setFullscreen] = useState(false);
  const toolsHref = useHref(toolsPath ?? "/");

  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement != null);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void fullscreenTarget()?.requestFullscreen().catch(() => undefined);
  };

  return (
    <nav className={styles.bar} aria-label={t("controls.label")}>
      {hideNavigation ? null : (
        <>
          <Button icon={<ArrowLeftRegular />} onClick={onPrevious} disabledFocusable={position <= 0}>
            {t("controls.previous")}
          </Button>
          <span className={styles.position}>
            <span aria-hidden="true">{t("slide.position", { current: count ? position + 1 : 0, total: count })}</span>
            <span className={styles.visuallyHidden}>{t("slide.of", { current: count ? position + 1 : 0, total: count })}</span>
          </span>
          <Button icon={<ArrowRightRegular />} iconPosition="after" appearance="primary" onClick={onNext} disabledFocusable={position >= count - 1}>
            {t("controls.next")}
          </Button>
          {onReveal ? (
            <ToggleButton icon={<EyeRegular />} checked={revealed} onClick={() => onReveal(!revealed)} disabled={count === 0}>
              {revealed ? t("controls.hide") : t("controls.reveal")}
            </ToggleButton>
          ) : null}
        </>
      )}
      {fullscreenSupported() ? (
        <Button icon={fullscreen ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />} onClick={toggleFullscreen}>
          {fullscreen ? t("controls.exitFullscreen") : t("controls.fullscreen")}
        </Button>
      ) : null}
      {remote ? (
        <ToggleButton icon={<PhoneRegular />} checked={remote.open} onClick={remote.onToggle} aria-expanded={remote.open}>
          {t("controls.remote")}
        </ToggleButton>
      ) : null}
      {toolsPath ? (
        <Tooltip content={t("controls.newTab")} relationship="description">
          <Button as="a" href={toolsHref} target="_blank" rel="noopener" icon={<ToolboxRegular />}>
            {t("controls.tools")}
          </Button>
        </Tooltip>
      ) : null}
      <Button icon={<DismissRegular />} onClick={onExit}>
        {t("controls.exit")}
      </Button>
    </nav>
  );
}

import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, mergeClasses, tokens } from "@fluentui/react-components";
import { ArrowResetRegular, PauseRegular, PlayRegular } from "@fluentui/react-icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { clampField, formatClock, TIMER_LIMITS } from "./tools";

const useStyles = makeStyles({
  fields: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  field: { width: "8rem" },
  digits: {
    margin: `${tokens.spacingVerticalM} 0`,
    fontSize: "clamp(4rem, 14vw, 9rem)",
    lineHeight: 1,
    fontWeight: tokens.fontWeightBold,
    fontVariantNumeric: "tabular-nums",
    textAlign: "center",
  },
  done: { color: tokens.colorPaletteRedForeground1, animationName: { "0%": { opacity: 1 }, "50%": { opacity: 0.3 }, "100%": { opacity: 1 } }, animationDuration: "1s", animationIterationCount: "infinite" },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, justifyContent: "center", flexWrap: "wrap" },
});

const TICK_MS = 200;

/** A short beep through WebAudio (no sound file to load); silent where audio is unavailable. */
function beep(): void {
  const AudioCtx = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioCtx) return;
  try {
    const ctx = new AudioCtx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.4, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.9);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 1);
    osc.onended = () => void ctx.close();
  } catch {
    // audio blocked: the visual alert remains
  }
}

type Phase = "idle" | "running" | "paused" | "done";

/** Countdown timer: minutes and seconds, start/pause/reset, big digits, a beep and an alert at zero. */
export function Timer() {
  const styles = useStyles();
  const { t } = useTranslation("projection");
  const [minutes, setMinutes] = useState("5");
  const [seconds, setSeconds] = useState("0");
  const [phase, setPhase] = useState<Phase>("idle");
  const [remaining, setRemaining] = useState(0);
  // Wall-clock end, so a slow tab never makes the countdown drift.
  const endAt = useRef(0);

  const configured = clampField(minutes, TIMER_LIMITS.maxMinutes) * 60 + clampField(seconds, TIMER_LIMITS.maxSeconds);
  const shown = phase === "idle" ? configured : remaining;

  useEffect(() => {
    if (phase !== "running") return undefined;
    const id = setInterval(() => {
      const left = Math.max(0, (endAt.current - Date.now()) / 1000);
      setRemaining(left);
      if (left <= 0) {
        setPhase("done");
        beep();
      }
    }, TICK_MS);
    return () => clearInterval(id);
  }, [phase]);

  const start = () => {
    const from = phase === "paused" ? remaining : configured;
    if (from <= 0) return;
    endAt.current = Date.now() + from * 1000;
    setRemaining(from);
    setPhase("running");
  };
  const pause = () => {
    setRemaining(Math.max(0, (endAt.current - Date.now()) / 1000));
    setPhase("paused");
  };
  const reset = () => {
    setPhase("idle");
    setRemaining(0);
  };

  const editable = phase === "idle" || phase === "done";
  return (
    <section aria-labelledby="tools-timer-title">
      <h2 id="tools-timer-title">{t("tools.timer.title")}</h2>
      <div className={styles.fields}>
        <Field label={t("tools.timer.minutes")} className={styles.field}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={TIMER_LIMITS.maxMinutes}
            value={minutes}
            disabled={!editable}
            onChange={(_e, d) => {
              setMinutes(d.value);
              if (phase === "done") reset();
            }}
          />
        </Field>
        <Field label={t("tools.timer.seconds")} className={styles.field}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={TIMER_LIMITS.maxSeconds}
            value={seconds}
            disabled={!editable}
            onChange={(_e, d) => {
              setSeconds(d.value);
              if (phase === "done") reset();
            }}
          />
        </Field>
      </div>
      <div
        className={mergeClasses(styles.digits, phase === "done" && styles.done)}
        role="timer"
        aria-label={t("tools.timer.remaining", { time: formatClock(shown) })}
      >
        {formatClock(shown)}
      </div>
      {phase === "done" ? (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{t("tools.timer.done")}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        {phase === "running" ? (
          <Button size="large" icon={<PauseRegular />} onClick={pause}>
            {t("tools.timer.pause")}
          </Button>
        ) : (
          <Button size="large" appearance="primary" icon={<PlayRegular />} onClick={start} disabled={phase === "done" || (phase === "idle" && configured <= 0)}>
            {phase === "paused" ? t("tools.timer.resume") : t("tools.timer.start")}
          </Button>
        )}
        <Button size="large" icon={<ArrowResetRegular />} onClick={reset} disabled={phase === "idle"}>
          {t("tools.timer.reset")}
        </Button>
      </div>
    </section>
  );
}

import { Button, makeStyles, mergeClasses, Spinner, Text, tokens } from "@fluentui/react-components";
import { ArrowDownloadRegular, TextBulletListLtrRegular } from "@fluentui/react-icons";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { clock, parseVtt, type Cue } from "./vtt";
import type { ViewerProps } from "./types";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, maxWidth: "960px" },
  projection: { maxWidth: "none" },
  video: { width: "100%", maxHeight: "75vh", backgroundColor: "#000", borderRadius: tokens.borderRadiusMedium },
  audio: { width: "100%" },
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  transcript: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    maxHeight: "320px",
    overflowY: "auto",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  cue: { justifyContent: "flex-start", textAlign: "start", width: "100%", fontWeight: tokens.fontWeightRegular, gap: tokens.spacingHorizontalM },
  current: { backgroundColor: tokens.colorBrandBackground2 },
  time: { fontVariantNumeric: "tabular-nums", color: tokens.colorNeutralForeground3, minWidth: "4em" },
});

type Transcript = { state: "idle" } | { state: "loading" } | { state: "failed" } | { state: "ready"; cues: Cue[] };

/** Video or audio with native (keyboard-operable) controls, captions, a transcript and an optional download. */
export default function MediaViewer({ content, mode, allowDownload, onFinished }: ViewerProps) {
  const styles = useStyles();
  const { t } = useTranslation("viewer");
  const view = content.view;
  const mediaRef = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [showTranscript, setShowTranscript] = useState(false);
  const [transcript, setTranscript] = useState<Transcript>({ state: "idle" });
  const [now, setNow] = useState(0);
  const transcriptId = useId();
  const captionsUrl = view.captionsUrl;

  const toggleTranscript = () => {
    const open = !showTranscript;
    setShowTranscript(open);
    if (!open || !captionsUrl || transcript.state === "ready" || transcript.state === "loading") return;
    setTranscript({ state: "loading" });
    fetch(captionsUrl)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then(
        (text) => setTranscript({ state: "ready", cues: parseVtt(text) }),
        () => setTranscript({ state: "failed" }),
      );
  };

  const seek = (time: number) => {
    const media = mediaRef.current;
    if (!media) return;
    media.currentTime = time;
    media.focus();
  };

  const mediaProps = {
    ref: mediaRef,
    src: view.fileUrl ?? undefined,
    controls: true,
    preload: "metadata" as const,
    "aria-label": content.title,
    onEnded: onFinished,
    onTimeUpdate: () => setNow(mediaRef.current?.currentTime ?? 0),
    controlsList: allowDownload ? undefined : "nodownload",
  };
  const track = captionsUrl ? (
    <track kind="captions" src={captionsUrl} srcLang={view.captionsLanguage ?? "es"} label={t("media.captions")} default />
  ) : null;

  return (
    <div className={mergeClasses(styles.root, mode === "projection" && styles.projection)}>
      {view.viewer === "video" ? (
        <video {...mediaProps} className={styles.video}>
          {track}
        </video>
      ) : (
        <audio {...mediaProps} className={styles.audio}>
          {track}
        </audio>
      )}
      <div className={styles.row}>
        {captionsUrl ? (
          <Button
            icon={<TextBulletListLtrRegular />}
            aria-expanded={showTranscript}
            aria-controls={transcriptId}
            onClick={toggleTranscript}
          >
            {showTranscript ? t("media.hideTranscript") : t("media.showTranscript")}
          </Button>
        ) : null}
        {allowDownload && view.fileUrl ? (
          <Button as="a" href={view.fileUrl} download={content.fileName ?? true} icon={<ArrowDownloadRegular />}>
            {t("media.download")}
          </Button>
        ) : null}
      </div>
      <div id={transcriptId} hidden={!showTranscript}>
        {showTranscript ? <TranscriptList transcript={transcript} now={now} onSeek={seek} /> : null}
      </div>
    </div>
  );
}

function TranscriptList({ transcript, now, onSeek }: { transcript: Transcript; now: number; onSeek: (time: number) => void }) {
  const styles = useStyles();
  const { t } = useTranslation("viewer");
  if (transcript.state === "loading" || transcript.state === "idle") return <Spinner size="small" label={t("media.transcriptLoading")} />;
  if (transcript.state === "failed") return <Text role="alert">{t("media.transcriptFailed")}</Text>;
  if (!transcript.cues.length) return <Text>{t("media.transcriptEmpty")}</Text>;
  return (
    <ol className={styles.transcript} aria-label={t("media.transcript")}>
      {transcript.cues.map((cue, i) => {
        const current = now >= cue.start && now < cue.end;
        return (
          <li key={i}>
            <Button
              appearance="subtle"
              className={mergeClasses(styles.cue, current && styles.current)}
              aria-current={current ? "true" : undefined}
              aria-label={t("media.seekTo", { time: clock(cue.start), text: cue.text })}
              onClick={() => onSeek(cue.start)}
            >
              <span className={styles.time} aria-hidden="true">
                {clock(cue.start)}
              </span>
              <span>{cue.text}</span>
            </Button>
          </li>
        );
      })}
    </ol>
  );
}

import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ArrowLeftRegular, DismissRegular } from "@fluentui/react-icons";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHref, useLocation, useNavigate } from "react-router-dom";
import { errorKeyOf } from "../../../app/apiResult";
import { ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { Gone, NotAvailable } from "../components/NotAvailable";
import { useViewerConsumptionMutation } from "../viewersApi";

/** The HTTP status of a failed call, if it had one. */
export function statusOf(error: unknown): number | undefined {
  if (error && typeof error === "object" && "status" in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === "number" ? status : undefined;
  }
  return undefined;
}

/**
 * A content that could not be loaded: deleted (410) says so, missing or hidden (404) is 'Content
 * not available' ('Activity is no longer available' for single activities); anything else can be retried.
 */
export function ContentLoadError({ error, onRetry, activity = false }: { error: unknown; onRetry: () => void; activity?: boolean }) {
  const { t } = useTranslation("viewer");
  const status = statusOf(error);
  const key = errorKeyOf(error);
  if (activity && (status === 404 || status === 410 || status === 403 || key === "ACTIVITY_NOT_AVAILABLE")) return <Gone activity />;
  if (status === 410 || key === "CONTENT_DELETED") return <Gone />;
  if (status === 404 || key === "CONTENT_NOT_AVAILABLE") return <NotAvailable />;
  return <ErrorState message={errorMessage(t, error)} onRetry={onRetry} />;
}

/** Records the 'opened' consumption once per content and class (only with a class). */
export function useOpened(courseGuid: string | undefined, contentGuid: string | undefined, loaded: boolean) {
  const [record] = useViewerConsumptionMutation();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!courseGuid || !contentGuid || !loaded) return;
    const key = `${courseGuid}/${contentGuid}`;
    if (sent.current === key) return;
    sent.current = key;
    void record({ courseGuid, contentGuid, event: "opened" }).unwrap().catch(() => undefined);
  }, [courseGuid, contentGuid, loaded, record]);
}

/**
 * Back: to the previous screen when there is one in this tab, else to `fallback`. A real link,
 * so it also works opened in a new tab.
 */
export function BackButton({ fallback, label, close = false }: { fallback: string; label: string; close?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const href = useHref(fallback);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    if (location.key !== "default") void navigate(-1);
    else void navigate(fallback);
  };
  return (
    <Button as="a" href={href} onClick={onClick} icon={close ? <DismissRegular /> : <ArrowLeftRegular />} appearance={close ? "subtle" : "secondary"}>
      {label}
    </Button>
  );
}

const useFrameStyles = makeStyles({
  root: {
    position: "fixed",
    inset: 0,
    display: "flex",
    flexDirection: "column",
    backgroundColor: tokens.colorNeutralBackground1,
  },
  bar: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: { margin: 0, flexGrow: 1, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  body: {
    flexGrow: 1,
    overflow: "auto",
    padding: tokens.spacingHorizontalL,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalL,
    // The content viewer takes the rest of the window (a framed package fills it: viewers/components/styles.ts).
    "& > [data-viewer]": { flexGrow: 1, minHeight: 0 },
  },
});

/** The whole window for one content or activity, without the shell: its title and a way back (or close). */
export function FullScreenFrame({ title, back, backLabel, close = false, children }: { title: string; back: string; backLabel: string; close?: boolean; children: ReactNode }) {
  const styles = useFrameStyles();
  return (
    <main className={styles.root}>
      <div className={styles.bar}>
        <Text as="h1" size={500} weight="semibold" className={styles.title}>
          {title}
        </Text>
        <BackButton fallback={back} label={backLabel} close={close} />
      </div>
      <div className={styles.body}>{children}</div>
    </main>
  );
}

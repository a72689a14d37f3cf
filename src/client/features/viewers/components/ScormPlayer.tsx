import { Badge, makeStyles, mergeClasses, MessageBar, MessageBarBody, Spinner, Text, tokens } from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "react-redux";
import type { ScormRuntime } from "../../../../contracts/records";
import { currentEditionSlug } from "../../../app/edition";
import type { RootState } from "../../../app/store";
import { ErrorState } from "../../../ui/States";
import { errorMessage } from "../../../ui/errors";
import { useScormCommitMutation, useScormRuntimeQuery } from "../viewersApi";
import { NotAvailable } from "./NotAvailable";
import { PACKAGE_SANDBOX } from "./frames";
import { isDone, startScormSession, type ScormSession, type ScormStatus } from "./scormSession";
import { statusText } from "./statusText";
import { useViewerStyles } from "./styles";
import type { ViewerProps } from "./types";

const useStyles = makeStyles({
  status: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "center", flexWrap: "wrap" },
});

/**
 * A SCORM package: the learner's attempt resumed from the server, the package framed in its
 * sandbox (opaque origin) talking to scorm-again through postMessage, and every commit saved.
 */
export default function ScormPlayer(props: ViewerProps) {
  const { content, courseGuid } = props;
  const { t } = useTranslation("viewer");
  const runtime = useScormRuntimeQuery({ courseGuid, contentGuid: content.guid }, { skip: !courseGuid, refetchOnMountOrArgChange: true });
  if (!courseGuid) return <NotAvailable />;
  if (runtime.isError) return <ErrorState message={errorMessage(t, runtime.error)} onRetry={() => void runtime.refetch()} />;
  if (!runtime.data || runtime.isFetching) return <Spinner label={t("scorm.loading")} />;
  return <ScormRun {...props} runtime={runtime.data} />;
}

function ScormRun({ content, courseGuid, mode, onFinished, runtime }: ViewerProps & { runtime: ScormRuntime }) {
  const styles = { ...useViewerStyles(), ...useStyles() };
  const { t } = useTranslation("viewer");
  const store = useStore<RootState>();
  const [commit] = useScormCommitMutation();
  const [ready, setReady] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [status, setStatus] = useState<ScormStatus>({ completion: runtime.completionStatus, success: runtime.successStatus, score: runtime.scoreRaw });
  const finishedRef = useRef(onFinished);
  useEffect(() => {
    finishedRef.current = onFinished;
  }, [onFinished]);

  useEffect(() => {
    let session: ScormSession | undefined;
    let closed = false;
    // Commits go out one after another so the server always keeps the latest.
    let queue: Promise<unknown> = Promise.resolve();
    const persist = (cmi: Record<string, unknown>, terminated: boolean) => {
      queue = queue.then(() =>
        commit({ courseGuid, contentGuid: content.guid, commit: { cmi, terminated } })
          .unwrap()
          .then(
            () => setSaveFailed(false),
            () => setSaveFailed(true),
          ),
      );
    };
    const onStatus = (next: ScormStatus) => {
      setStatus(next);
      if (isDone(next)) finishedRef.current();
    };
    // Leaving the page: the last state goes out with keepalive (a beacon cannot carry the bearer token).
    const onHide = () => {
      if (document.visibilityState === "visible" && !closed) return;
      const cmi = session?.pending();
      if (!cmi) return;
      const headers: Record<string, string> = { "content-type": "application/json" };
      const token = store.getState().auth.record?.token;
      if (token) headers.authorization = `Bearer ${token}`;
      const edition = currentEditionSlug();
      if (edition) headers["x-edition"] = edition;
      void fetch(`/api/scorm/runtime/${courseGuid}/${content.guid}`, {
        method: "PUT",
        keepalive: true,
        headers,
        body: JSON.stringify({ cmi, terminated: false }),
      }).catch(() => undefined);
    };
    const onPageHide = () => {
      closed = true;
      onHide();
    };
    startScormSession(runtime, { persist, onStatus }).then(
      (s) => {
        if (closed) {
          s.close(false);
          return;
        }
        session = s;
        setReady(true);
      },
      () => setSaveFailed(true),
    );
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      closed = true;
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onPageHide);
      session?.close(true);
    };
  }, [runtime, courseGuid, content.guid, commit, store]);

  const launchUrl = content.view.launchUrl;
  if (!launchUrl) return <NotAvailable />;
  // The package's cross-frame API answers synchronously from a cache filled by messages; a SCO reads
  // its resume point right after initialising, before any answer can arrive, so the stored values
  // travel with the frame address and the bridge primes the cache with them (contents/files-routes).
  const src = `${launchUrl}#aula-cmi=${encodeURIComponent(JSON.stringify(flattenCmi(runtime.cmi, runtime)))}`;
  return (
    <div className={styles.column}>
      {ready ? (
        <iframe
          className={mergeClasses(styles.frame, mode === "projection" && styles.frameProjection)}
          src={src}
          title={t("frame.title", { title: content.title })}
          sandbox={PACKAGE_SANDBOX}
          referrerPolicy="no-referrer"
        />
      ) : (
        <Spinner label={t("scorm.loading")} />
      )}
      {saveFailed ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t("scorm.saveFailed")}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.status} role="status" aria-live="polite" aria-label={t("scorm.statusLabel")}>
        <Text weight="semibold">{t("scorm.statusLabel")}</Text>
        <Badge appearance="tint" color={status.completion === "completed" ? "success" : "informative"}>
          {t("scorm.completion", { value: statusText(t, status.completion) })}
        </Badge>
        {status.success ? (
          <Badge appearance="tint" color={status.success === "passed" ? "success" : "danger"}>
            {statusText(t, status.success)}
          </Badge>
        ) : null}
        {status.score !== null ? <Text>{t("scorm.score", { score: status.score })}</Text> : null}
      </div>
    </div>
  );
}

/** The stored CMI as "cmi.a.b" -> value pairs (primitives only), plus the learner as the package must see it. */
export function flattenCmi(cmi: Record<string, unknown>, runtime: Pick<ScormRuntime, "version" | "learnerId" | "learnerName">): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (node === null || node === undefined) return;
    if (typeof node === "object") {
      if (Array.isArray(node)) return;
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) if (!key.startsWith("_")) walk(value, `${path}.${key}`);
      return;
    }
    if (String(node) !== "") out[path] = String(node);
  };
  walk(cmi, "cmi");
  if (runtime.version === "scorm12") {
    out["cmi.core.student_id"] = runtime.learnerId;
    out["cmi.core.student_name"] = runtime.learnerName;
  } else {
    out["cmi.learner_id"] = runtime.learnerId;
    out["cmi.learner_name"] = runtime.learnerName;
  }
  return out;
}

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "react-redux";
import type { ProjectionSession } from "../../../contracts/projection";
import type { AppStore } from "../../app/store";
import { errorMessage } from "../../ui/errors";
import { useCreateProjectionSessionMutation, useRegenerateProjectionTokenMutation } from "./projectionApi";
import { useProjectionLink, type ProjectionCredentials } from "./projectionSocket";

type Slide = { position: number; revealed: boolean };

const useAppStore = useStore.withTypes<AppStore>();

/**
 * The classroom screen's side of the phone remote. The session is created when the teacher first
 * opens the remote panel; from then on the screen follows `projection:state` (the phone's
 * commands) and sends its own navigation, so both always show the same slide.
 */
export function useScreenRemote(opts: { courseGuid: string; lessonGuid: string; enabled: boolean; slide: Slide; onRemoteSlide: (slide: Slide) => void }) {
  const { courseGuid, lessonGuid, enabled, slide, onRemoteSlide } = opts;
  const { t } = useTranslation("projection");
  const store = useAppStore();
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState<ProjectionSession>();
  const [create, creation] = useCreateProjectionSessionMutation();
  const [regenerate, regeneration] = useRegenerateProjectionTokenMutation();

  const credentials = useMemo<ProjectionCredentials>(() => ({ kind: "screen", token: () => store.getState().auth.record?.token }), [store]);
  const link = useProjectionLink(session?.sessionId, session ? credentials : undefined);

  const start = useCallback(() => {
    create({ courseGuid, lessonGuid })
      .unwrap()
      .then(setSession)
      .catch(() => undefined);
  }, [create, courseGuid, lessonGuid]);

  const toggle = useCallback(() => {
    setOpen((was) => !was);
    if (!session && !creation.isLoading) start();
  }, [session, creation.isLoading, start]);

  const renew = useCallback(() => {
    if (!session) return;
    regenerate(session.sessionId)
      .unwrap()
      .then(setSession)
      .catch(() => undefined);
  }, [regenerate, session]);

  // The phone moved the projection: follow it.
  const follow = useRef(onRemoteSlide);
  useEffect(() => {
    follow.current = onRemoteSlide;
  });
  const serverState = link.state;
  useEffect(() => {
    if (serverState) follow.current({ position: serverState.position, revealed: serverState.revealed });
  }, [serverState]);

  // On the first join the session starts where the screen already is.
  const synced = useRef<string | undefined>(undefined);
  const current = useRef(slide);
  useEffect(() => {
    current.current = slide;
  });
  const { status, send } = link;
  useEffect(() => {
    if (status !== "connected" || !session || synced.current === session.sessionId) return;
    synced.current = session.sessionId;
    void send({ command: "goto", position: current.current.position }).then(() =>
      current.current.revealed ? send({ command: "reveal" }) : undefined,
    );
  }, [status, session, send]);

  const go = useCallback((position: number) => void send({ command: "goto", position }), [send]);
  const reveal = useCallback((revealed: boolean) => void send({ command: revealed ? "reveal" : "hide" }), [send]);

  const failure = creation.error ?? regeneration.error;
  return {
    available: enabled,
    open,
    toggle,
    close: () => setOpen(false),
    session,
    error: failure ? errorMessage(t, failure) : link.error && link.status === "failed" ? t(`errors:${link.error}`) : undefined,
    retry: session ? renew : start,
    regenerating: regeneration.isLoading,
    renew,
    status: link.status,
    remoteConnected: link.state?.remoteConnected ?? false,
    /** Send local navigation to the phone (no-op before the session exists). */
    go,
    reveal,
  };
}

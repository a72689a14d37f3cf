import { useCallback, useEffect, useRef, useState } from "react";
import type { ErrorKey } from "../../../contracts/constants";
import { PROJECTION_EVENTS } from "../../../contracts/projection-base";
import type { ProjectionAck, ProjectionCommand, ProjectionInfo, ProjectionState } from "../../../contracts/projection";

/** Spec §9: 5 reconnection attempts, 10 s delay (max 20 s), 20 s timeout, websocket transport only. */
export const SOCKET_OPTIONS = {
  path: "/socket.io",
  transports: ["websocket"],
  reconnectionAttempts: 5,
  reconnectionDelay: 10_000,
  reconnectionDelayMax: 20_000,
  timeout: 20_000,
} as const;

/** The screen joins with the current access token (read at every (re)connection); the phone with its secret. */
export type ProjectionCredentials = { kind: "screen"; token: () => string | undefined } | { kind: "remote"; remoteSecret: string };

/** A server answer, or NETWORK_ERROR when the server never answered (the client's own key, see app/api errorKeyOf). */
export type LinkError = ErrorKey | "NETWORK_ERROR";
export type LinkAck = ProjectionAck | { ok: false; error: "NETWORK_ERROR" };

export type LinkStatus = "connecting" | "connected" | "offline" | "failed";

export type ProjectionLinkState = {
  status: LinkStatus;
  state: ProjectionState | undefined;
  info: ProjectionInfo | undefined;
  /** Why the server refused to join or to run a command. */
  error: LinkError | undefined;
};

export type SendCommand = (command: Omit<ProjectionCommand, "sessionId">) => Promise<LinkAck>;

const NOT_CONNECTED: LinkAck = { ok: false, error: "NETWORK_ERROR" };
const INITIAL: ProjectionLinkState = { status: "connecting", state: undefined, info: undefined, error: undefined };

/**
 * The live link of a projection session over socket.io (namespace /projection). socket.io-client
 * is imported here, lazily, so it loads only with the projection and remote routes. Every
 * (re)connection joins again (rooms do not survive a reconnection).
 */
export function useProjectionLink(sessionId: string | undefined, credentials: ProjectionCredentials | undefined) {
  const credentialKey = credentials ? (credentials.kind === "remote" ? `remote:${credentials.remoteSecret}` : "screen") : "";
  const linkKey = sessionId && credentialKey ? `${sessionId}|${credentialKey}` : "";
  // The state of the link `key` belongs to: another session or credential starts from scratch.
  const [keyed, setKeyed] = useState<ProjectionLinkState & { key: string }>({ key: "", ...INITIAL });
  const link = keyed.key === linkKey ? keyed : INITIAL;
  const sendRef = useRef<SendCommand>(async () => NOT_CONNECTED);
  // Credentials are read when connecting; a new object each render must not reconnect.
  const credentialsRef = useRef(credentials);
  useEffect(() => {
    credentialsRef.current = credentials;
  });

  useEffect(() => {
    if (!sessionId || !linkKey) return undefined;
    let cancelled = false;
    let close = () => undefined as void;
    const setLink = (update: (l: ProjectionLinkState) => ProjectionLinkState) =>
      setKeyed((k) => ({ key: linkKey, ...update(k.key === linkKey ? k : INITIAL) }));

    void import(/* webpackChunkName: "projection-socket" */ "socket.io-client").then(({ io }) => {
      if (cancelled) return;
      const creds = credentialsRef.current;
      const socket = io("/projection", {
        ...SOCKET_OPTIONS,
        transports: [...SOCKET_OPTIONS.transports],
        auth: (cb: (data: object) => void) => cb(creds?.kind === "screen" ? { token: creds.token() ?? "" } : {}),
      });
      const remoteSecret = creds?.kind === "remote" ? creds.remoteSecret : undefined;

      socket.on(PROJECTION_EVENTS.state, (state: ProjectionState) => {
        if (state.sessionId === sessionId) setLink((l) => ({ ...l, state }));
      });
      socket.on("connect", () => {
        socket.emit(PROJECTION_EVENTS.join, { sessionId, ...(remoteSecret ? { remoteSecret } : {}) }, (ack: ProjectionAck) => {
          if (cancelled) return;
          if (ack.ok) setLink((l) => ({ status: "connected", state: ack.state, info: ack.info ?? l.info, error: undefined }));
          else setLink((l) => ({ ...l, status: "failed", error: ack.error }));
        });
      });
      socket.on("disconnect", () => setLink((l) => (l.status === "failed" ? l : { ...l, status: "offline" })));
      socket.io.on("reconnect_failed", () => setLink((l) => ({ ...l, status: "failed", error: l.error ?? "NETWORK_ERROR" })));

      sendRef.current = (command) =>
        new Promise<LinkAck>((resolve) => {
          if (!socket.connected) return resolve(NOT_CONNECTED);
          socket.timeout(SOCKET_OPTIONS.timeout).emit(PROJECTION_EVENTS.command, { sessionId, ...command }, (err: Error | null, ack?: ProjectionAck) => {
            const answer: LinkAck = err || !ack ? NOT_CONNECTED : ack;
            if (answer.ok) setLink((l) => ({ ...l, state: answer.state }));
            else if (answer.error === "PROJECTION_URL_USED" || answer.error === "PROJECTION_EXPIRED") setLink((l) => ({ ...l, status: "failed", error: answer.error }));
            resolve(answer);
          });
        });
      close = () => {
        socket.removeAllListeners();
        socket.disconnect();
      };
    });

    return () => {
      cancelled = true;
      sendRef.current = async () => NOT_CONNECTED;
      close();
    };
  }, [sessionId, linkKey]);

  const send = useCallback<SendCommand>((command) => sendRef.current(command), []);
  return { status: link.status, state: link.state, info: link.info, error: link.error, send };
}

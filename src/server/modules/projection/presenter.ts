import type { ProjectionInfo, ProjectionSession, ProjectionState, RemoteClaimResult } from "../../../contracts/projection";
import type { SessionRow, SessionView } from "./service";

/** The state every screen and phone of a session sees. */
export const presentState = (
  session: Pick<SessionRow, "id" | "position" | "revealed">,
  itemCount: number,
  remoteConnected: boolean,
): ProjectionState => ({
  sessionId: session.id,
  position: session.position,
  revealed: session.revealed,
  itemCount,
  remoteConnected,
});

/**
 * The session for its teacher. Over REST `remoteConnected` says whether a phone holds the remote
 * (the URL was claimed); over the socket it says whether that phone is connected right now.
 */
export const presentSession = (session: SessionRow, itemCount: number, publicUrl: string): ProjectionSession => ({
  ...presentState(session, itemCount, session.claimedAt !== null),
  courseGuid: session.courseId,
  lessonGuid: session.lessonId,
  shortToken: session.shortToken,
  remoteUrl: `${publicUrl.replace(/\/+$/, "")}/remote/${session.shortToken}`,
  expiresAt: session.expiresAt.toISOString(),
});

export const presentInfo = (session: Pick<SessionView, "lessonTitle" | "courseName">, itemTitles: string[]): ProjectionInfo => ({
  lessonTitle: session.lessonTitle,
  courseName: session.courseName,
  itemTitles,
});

export const presentClaim = (session: SessionView, remoteSecret: string, itemTitles: string[]): RemoteClaimResult => ({
  sessionId: session.id,
  remoteSecret,
  ...presentInfo(session, itemTitles),
  state: presentState(session, itemTitles.length, true),
});

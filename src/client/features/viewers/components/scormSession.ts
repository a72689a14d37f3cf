import type Scorm12API from "scorm-again/scorm12/min";
import type Scorm2004API from "scorm-again/scorm2004/min";
import type CrossFrameLMS from "scorm-again/cross-frame-lms";
import type { ScormRuntime, ScormVersion } from "../../../../contracts/records";

export type ScormApi = Scorm12API | Scorm2004API;

/** What the player shows under the package, read from the API's state. */
export type ScormStatus = { completion: string | null; success: string | null; score: number | null };

/** The modules publish their class by name (ESM) or on module.exports (CJS build): take either. */
function classFrom<T>(mod: unknown, name: string): T {
  const m = mod as Record<string, unknown>;
  const inner = m.default as Record<string, unknown> | undefined;
  return (m[name] ?? (inner && typeof inner === "object" ? inner[name] : undefined) ?? m.default) as T;
}

/** Loads only the runtime this package needs (SCORM 1.2 or 2004) and the cross-frame host. */
export async function loadScormModules(version: ScormVersion) {
  const [api, lms] = await Promise.all([
    version === "scorm12"
      ? import(/* webpackChunkName: "scorm12" */ "scorm-again/scorm12/min").then((m) => classFrom<typeof Scorm12API>(m, "Scorm12API"))
      : import(/* webpackChunkName: "scorm2004" */ "scorm-again/scorm2004/min").then((m) => classFrom<typeof Scorm2004API>(m, "Scorm2004API")),
    import(/* webpackChunkName: "scorm-lms" */ "scorm-again/cross-frame-lms").then((m) => classFrom<typeof CrossFrameLMS>(m, "CrossFrameLMS")),
  ]);
  return { Api: api, Lms: lms };
}

const nonEmpty = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const numberOf = (v: unknown): number | null => {
  if (v === "" || v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Status as the package reported it so far. */
export function statusOf(api: ScormApi, version: ScormVersion): ScormStatus {
  if (version === "scorm12") {
    const cmi = (api as Scorm12API).cmi;
    const lesson = nonEmpty(cmi.core.lesson_status);
    return {
      completion: lesson === "passed" || lesson === "failed" ? "completed" : lesson,
      success: lesson === "passed" || lesson === "failed" ? lesson : null,
      score: numberOf(cmi.core.score.raw),
    };
  }
  const cmi = (api as Scorm2004API).cmi;
  const scaled = numberOf(cmi.score.scaled);
  return {
    completion: nonEmpty(cmi.completion_status),
    success: nonEmpty(cmi.success_status) === "unknown" ? null : nonEmpty(cmi.success_status),
    score: scaled !== null ? Math.round(scaled * 100) : numberOf(cmi.score.raw),
  };
}

export const isDone = (s: ScormStatus) => s.completion === "completed" || s.success === "passed";

/** The commit events per version: a commit, and the final one (Finish/Terminate). */
export const COMMIT_EVENTS: Record<ScormVersion, { commit: string; finish: string }> = {
  scorm12: { commit: "LMSCommit", finish: "LMSFinish" },
  scorm2004: { commit: "Commit", finish: "Terminate" },
};

export type SessionHandlers = {
  /** Every commit, with the CMI as renderCommitCMI gives it. */
  persist: (cmi: Record<string, unknown>, terminated: boolean) => void;
  onStatus: (status: ScormStatus) => void;
};

/**
 * A SCORM run: the API resumed from the stored CMI, the learner set, every commit (the package's,
 * autocommits and the final one) handed to `persist`, and the cross-frame host listening for the
 * package's frame. `close()` stops listening (and sends the last state if the package never finished).
 */
export async function startScormSession(runtime: ScormRuntime, handlers: SessionHandlers) {
  const version = runtime.version;
  const { Api, Lms } = await loadScormModules(version);
  const api: ScormApi = new Api({
    autocommit: true,
    autocommitSeconds: 10,
    lmsCommitUrl: false,
    logLevel: "NONE",
  });
  if (Object.keys(runtime.cmi).length) api.loadFromJSON(runtime.cmi);
  // The learner as the package sees them: always the server's, never what an old CMI held.
  if (version === "scorm12") {
    const core = (api as Scorm12API).cmi.core;
    core.student_id = runtime.learnerId;
    core.student_name = runtime.learnerName;
  } else {
    const cmi = (api as Scorm2004API).cmi;
    cmi.learner_id = runtime.learnerId;
    cmi.learner_name = runtime.learnerName;
  }

  /** renderCommitCMI wraps the tree in `{ cmi: {...} }`; the server's commit body takes the tree itself as `cmi`. */
  const rendered = (terminated: boolean): Record<string, unknown> => {
    const out = api.renderCommitCMI(terminated) as Record<string, unknown>;
    return out.cmi && typeof out.cmi === "object" ? (out.cmi as Record<string, unknown>) : out;
  };
  const events = COMMIT_EVENTS[version];
  const send = (terminated: boolean) => {
    handlers.persist(rendered(terminated), terminated);
    handlers.onStatus(statusOf(api, version));
  };
  const onCommit = () => send(false);
  const onFinish = () => send(true);
  api.on(events.commit, onCommit);
  api.on(events.finish, onFinish);
  const lms = new Lms(api, "*");

  return {
    api,
    version,
    /** The current state, for a page-hide commit. Null when there is nothing to save. */
    pending(): Record<string, unknown> | null {
      return api.isInitialized() && !api.isTerminated() ? rendered(false) : null;
    },
    close(flush: boolean) {
      lms.destroy();
      api.clearScheduledCommit();
      api.off(events.commit, onCommit);
      api.off(events.finish, onFinish);
      if (flush && api.isInitialized() && !api.isTerminated()) handlers.persist(rendered(false), false);
    },
  };
}
export type ScormSession = Awaited<ReturnType<typeof startScormSession>>;

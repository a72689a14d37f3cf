import { act, screen, waitFor } from "@testing-library/react";
import type { ContentDetail } from "../../src/contracts/lessons";
import type { ScormRuntime } from "../../src/contracts/records";
import { ContentViewer } from "../../src/client/features/viewers/ContentViewer";
import { ok, type ApiCall } from "../support/client-api";
import { renderWithProviders, signedInAs } from "../support/render";

/*
 * The real scorm-again runtime in jsdom: the package frame is simulated by posting the messages
 * its CrossFrameAPI would post (the bridge the server injects into the SCO) to this window.
 */
const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const CONTENT = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const REGISTRATION = "99999999-9999-4999-8999-999999999999";
const RUNTIME_PATH = `/api/scorm/runtime/${COURSE}/${CONTENT}`;
const SLOW = { timeout: 8000 };

function scormContent(packageKind: "scorm12" | "scorm2004"): ContentDetail {
  return {
    guid: CONTENT,
    type: "CTTY_15",
    title: "Volcano quiz",
    description: "",
    fileName: "quiz.zip",
    mimeType: "application/zip",
    sizeBytes: 1000,
    mine: false,
    ready: true,
    updatedAt: "2026-01-10T10:00:00.000Z",
    url: null,
    data: { packageKind, launchPath: "index.html" },
    view: {
      viewer: "scorm",
      fileUrl: null,
      launchUrl: "/content-package/grant/contents/1/package/index.html",
      captionsUrl: null,
      captionsLanguage: null,
      url: null,
      body: null,
      alt: null,
      packageKind,
      entries: [],
    },
  };
}

function runtime(overrides: Partial<ScormRuntime> = {}): ScormRuntime {
  return {
    version: "scorm12",
    registration: REGISTRATION,
    cmi: {},
    completionStatus: null,
    successStatus: null,
    scoreRaw: null,
    learnerId: "student-7",
    learnerName: "Martín, Lucía",
    ...overrides,
  };
}

type Reply = { messageId: string; result?: unknown; error?: unknown };

/** Posts one call as the package frame would and returns the LMS's answer. */
function lmsBridge() {
  const replies: Reply[] = [];
  jest.spyOn(window, "postMessage").mockImplementation((message: unknown) => {
    replies.push(message as Reply);
  });
  let n = 0;
  const call = (method: string, ...params: unknown[]): unknown => {
    const messageId = `m${++n}`;
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { data: { messageId, method, params }, origin: "null", source: window }));
    });
    const reply = replies.find((r) => r.messageId === messageId);
    return reply ? (reply.error ? { error: reply.error } : reply.result) : undefined;
  };
  return { call, replies };
}

function renderPlayer(rt: ScormRuntime, packageKind: "scorm12" | "scorm2004" = "scorm12") {
  const puts: ApiCall[] = [];
  const app = renderWithProviders(<ContentViewer content={scormContent(packageKind)} courseGuid={COURSE} />, {
    language: "en",
    auth: signedInAs("student"),
    api: {
      [`GET ${RUNTIME_PATH}`]: ok(rt),
      [`PUT ${RUNTIME_PATH}`]: (c: ApiCall) => {
        puts.push(c);
        return { status: 200, body: ok(null) };
      },
      "POST /api/consumptions": ok(null),
    },
  });
  return { ...app, puts };
}

beforeEach(() => {
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("ScormPlayer (SCORM 1.2)", () => {
  it("frames the package in its sandbox and resumes the stored attempt", async () => {
    renderPlayer(runtime({ cmi: { core: { lesson_location: "page-3", lesson_status: "incomplete" }, suspend_data: "s=1" } }));
    const frame = await screen.findByTitle("Content: Volcano quiz", undefined, SLOW);
    // The stored CMI travels with the address, for the bridge to answer the SCO's first reads.
    const [address, hash] = (frame.getAttribute("src") ?? "").split("#aula-cmi=");
    expect(address).toBe("/content-package/grant/contents/1/package/index.html");
    expect(JSON.parse(decodeURIComponent(hash ?? "{}"))).toMatchObject({ "cmi.core.lesson_location": "page-3", "cmi.suspend_data": "s=1" });
    expect(frame.getAttribute("sandbox")?.split(" ")).not.toContain("allow-same-origin");

    const { call } = lmsBridge();
    expect(call("LMSInitialize", "")).toBe("true");
    expect(call("LMSGetValue", "cmi.core.lesson_location")).toBe("page-3");
    expect(call("LMSGetValue", "cmi.suspend_data")).toBe("s=1");
    expect(call("LMSGetValue", "cmi.core.student_name")).toBe("Martín, Lucía");
    expect(call("LMSGetValue", "cmi.core.student_id")).toBe("student-7");
    expect(call("LMSGetValue", "cmi.core.entry")).toBe("");
    // Methods outside the SCORM API are refused.
    expect(call("loadFromJSON", {})).toEqual({ error: expect.objectContaining({ message: "Method not allowed: loadFromJSON" }) });
  });

  it("saves each commit with the CMI, shows the status and records 'finished' once completed", async () => {
    const { api, puts } = renderPlayer(runtime());
    await screen.findByTitle("Content: Volcano quiz", undefined, SLOW);
    const { call } = lmsBridge();
    expect(call("LMSInitialize", "")).toBe("true");
    expect(call("LMSSetValue", "cmi.core.lesson_location", "page-4")).toBe("true");
    expect(call("LMSSetValue", "cmi.core.score.raw", "80")).toBe("true");
    expect(call("LMSSetValue", "cmi.core.lesson_status", "passed")).toBe("true");
    expect(call("LMSCommit", "")).toBe("true");

    await waitFor(() => expect(puts).toHaveLength(1));
    const first = puts[0]?.body as { cmi: { core: Record<string, unknown> }; terminated: boolean };
    expect(first.terminated).toBe(false);
    expect(first.cmi.core).toEqual(expect.objectContaining({ lesson_location: "page-4", lesson_status: "passed" }));
    expect(first.cmi.core.score).toEqual(expect.objectContaining({ raw: "80" }));
    expect(puts[0]?.headers.get("authorization")).toBe("Bearer access-token");

    const status = screen.getByRole("status", { name: "Status" });
    await waitFor(() => expect(status).toHaveTextContent("Completion: Completed"));
    expect(status).toHaveTextContent("Passed");
    expect(status).toHaveTextContent("Score: 80");
    await waitFor(() => expect(api.callsTo("POST /api/consumptions")).toHaveLength(1));
    expect(api.callsTo("POST /api/consumptions")[0]?.body).toEqual({ courseGuid: COURSE, contentGuid: CONTENT, event: "finished" });

    // Finish: a last, terminating commit with the session's total time.
    expect(call("LMSFinish", "")).toBe("true");
    await waitFor(() => expect(puts).toHaveLength(2));
    const last = puts[1]?.body as { cmi: { core: Record<string, unknown> }; terminated: boolean };
    expect(last.terminated).toBe(true);
    expect(last.cmi.core.total_time).toMatch(/^\d{2,4}:\d{2}:\d{2}/);
  });

  it("sends the state with keepalive when the page is hidden, and stops answering once closed", async () => {
    const { puts, unmount } = renderPlayer(runtime());
    await screen.findByTitle("Content: Volcano quiz", undefined, SLOW);
    const { call, replies } = lmsBridge();
    call("LMSInitialize", "");
    call("LMSSetValue", "cmi.core.lesson_location", "page-9");
    const fetchSpy = jest.spyOn(globalThis, "fetch");
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    const keepalive = fetchSpy.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.keepalive);
    expect(keepalive?.[0]).toBe(RUNTIME_PATH);
    const init = keepalive?.[1] as RequestInit;
    expect(init.method).toBe("PUT");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer access-token");
    expect(JSON.parse(String(init.body))).toEqual({ cmi: expect.objectContaining({ core: expect.objectContaining({ lesson_location: "page-9" }) }), terminated: false });

    // Leaving the player saves what was not committed, and the bridge goes away.
    const before = puts.length;
    unmount();
    await waitFor(() => expect(puts.length).toBeGreaterThan(before));
    const count = replies.length;
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { data: { messageId: "late", method: "LMSGetValue", params: ["cmi.core.lesson_location"] }, origin: "null", source: window }));
    });
    expect(replies).toHaveLength(count);
  });
});

describe("ScormPlayer (SCORM 2004)", () => {
  it("loads the 2004 runtime, resumes the location and commits on Commit", async () => {
    const { puts } = renderPlayer(runtime({ version: "scorm2004", cmi: { location: "slide-2", completion_status: "incomplete" } }), "scorm2004");
    await screen.findByTitle("Content: Volcano quiz", undefined, SLOW);
    const { call } = lmsBridge();
    expect(call("Initialize", "")).toBe("true");
    expect(call("GetValue", "cmi.location")).toBe("slide-2");
    expect(call("GetValue", "cmi.learner_name")).toBe("Martín, Lucía");
    expect(call("SetValue", "cmi.completion_status", "completed")).toBe("true");
    expect(call("SetValue", "cmi.score.scaled", "0.75")).toBe("true");
    expect(call("Commit", "")).toBe("true");
    await waitFor(() => expect(puts).toHaveLength(1));
    const body = puts[0]?.body as { cmi: Record<string, unknown>; terminated: boolean };
    expect(body.cmi).toEqual(expect.objectContaining({ completion_status: "completed", location: "slide-2" }));
    await waitFor(() => expect(screen.getByRole("status", { name: "Status" })).toHaveTextContent("Score: 75"));
  });
});

/**
 * The network edge for client tests: `mockApi(routes)` replaces global fetch with JSON answers
 * per "METHOD /path" and records every call, so tests mock the server, never RTK Query.
 */
export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };
export type ApiReply = { status?: number; body: unknown; /** Sent as it is (not as JSON), with this content type. */ raw?: { text: string; contentType: string } };
export type ApiHandler = unknown | ((call: ApiCall) => ApiReply | Promise<ApiReply>);
export type ApiRoutes = Record<string, ApiHandler>;

/** The success envelope every endpoint answers with. */
export const ok = <T>(data: T) => ({ status: "success" as const, data });
/** The error envelope, with the right HTTP status. */
export const fail = (status: number, key: string): ApiReply => ({ status, body: { status: "error", error: { key, message: key } } });
/** A server-sent events answer: each event as `event: <type>` and its JSON `data` (what the assistant streams). */
export const sse = (events: Array<{ type: string }>): ApiReply => ({
  status: 200,
  body: undefined,
  raw: { text: events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(""), contentType: "text/event-stream" },
});
/** Marks a handler result as a full reply (status + body) rather than a success payload. */
export const reply = (status: number, body: unknown): ApiReply => ({ status, body });

const isReplyFn = (h: ApiHandler): h is (call: ApiCall) => ApiReply | Promise<ApiReply> => typeof h === "function";

export type MockApi = {
  calls: ApiCall[];
  /** Calls to one "METHOD /path". */
  callsTo: (route: string) => ApiCall[];
  /** Adds or replaces routes mid-test. */
  set: (routes: ApiRoutes) => void;
};

export function mockApi(routes: ApiRoutes = {}): MockApi {
  const table: ApiRoutes = { ...routes };
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    const call: ApiCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const handler = table[`${call.method} ${call.path}`];
    const answer: ApiReply =
      handler === undefined ? fail(404, "NOT_FOUND") : isReplyFn(handler) ? await handler(call) : { status: 200, body: handler };
    if (answer.raw) return new Response(answer.raw.text, { status: answer.status ?? 200, headers: { "content-type": answer.raw.contentType } });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return {
    calls,
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
    set: (more) => Object.assign(table, more),
  };
}

import { Blob, File } from "node:buffer";
import { ReadableStream, TransformStream, WritableStream } from "node:stream/web";
import { TextDecoder, TextEncoder } from "node:util";
import { MessagePort } from "node:worker_threads";

// jsdom lacks these; undici (fetch, Request, Response) and react-router need them. MessagePort
// but not MessageChannel: React's scheduler would use a channel and keep jest from exiting.
Object.assign(globalThis, { TextEncoder, TextDecoder, ReadableStream, TransformStream, WritableStream, Blob, File, MessagePort });

// RTK Query builds a `Request` for every call: give jsdom the WHATWG fetch classes, resolving
// relative URLs ("/api/...") against the page's origin like a browser does.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const undici = require("undici") as typeof import("undici");
undici.setGlobalOrigin(window.location.origin);
Object.assign(globalThis, { Request: undici.Request, Response: undici.Response, Headers: undici.Headers, FormData: undici.FormData });
// No real network in client tests: a test that forgets mockApi() fails loudly instead of calling out.
Object.assign(globalThis, { fetch: () => Promise.reject(new TypeError("No network in client tests: call mockApi() first")) });

// Fluent's motion and the standalone host read media queries.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Fluent's positioning (menus) observes element sizes.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!("ResizeObserver" in globalThis)) Object.assign(globalThis, { ResizeObserver: NoopResizeObserver });
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

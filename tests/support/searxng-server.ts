import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A SearXNG-compatible search server on loopback for tests (ADR 0044): `GET /search?q=…&format=json`
 * answers `{ query, number_of_results, results: [{ url, title, content, engine }] }` as SearXNG's
 * JSON API does, from the test's script; any other format or path is 403/404, as an instance with
 * JSON off would answer. Every request's query parameters are recorded.
 */

export type SearxResult = { url: string; title: string; content?: string; engine?: string };
export type SearxScript = (query: string, params: URLSearchParams) => SearxResult[] | { status: number } | { delayMs: number; results: SearxResult[] };

export type SearxngServer = { url: string; requests: URLSearchParams[]; close: () => Promise<void> };

export async function startSearxngServer(script: SearxScript): Promise<SearxngServer> {
  const requests: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const address = new URL(req.url ?? "/", "http://localhost");
    if (req.method !== "GET" || address.pathname !== "/search") {
      res.writeHead(404).end();
      return;
    }
    requests.push(address.searchParams);
    if (address.searchParams.get("format") !== "json") {
      res.writeHead(403).end("format not allowed");
      return;
    }
    const query = address.searchParams.get("q") ?? "";
    const answer = script(query, address.searchParams);
    const send = (results: SearxResult[]) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ query, number_of_results: results.length, results: results.map((r) => ({ engine: "wikipedia", content: "", ...r })) }));
    };
    if (Array.isArray(answer)) send(answer);
    else if ("status" in answer) res.writeHead(answer.status).end();
    else setTimeout(() => send(answer.results), answer.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The baseline every screen of `lighthouse.ts` is compared with in the same run: the smallest page
 * React can show, react-dom rendering a heading, a paragraph and a button, built by webpack in
 * production mode (so the same minifier and the same React build as the app) and served on
 * loopback compressed with gzip, as the app's server sends its precompressed .gz files to a
 * browser that asks over plain HTTP.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import webpack from "webpack";

const ROOT = path.resolve(__dirname, "../..");

const ENTRY = `import { createElement as h } from "react";
import { createRoot } from "react-dom/client";

createRoot(document.getElementById("root")).render(
  h("main", null, h("h1", null, "Aula"), h("p", null, "Una página mínima de React."), h("button", { type: "button" }, "Entrar")),
);
`;

const HTML = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Aula: página mínima</title>
<script defer src="/main.js"></script>
</head>
<body><div id="root"></div></body>
</html>
`;

async function bundle(dir: string): Promise<Buffer> {
  fs.writeFileSync(path.join(dir, "entry.mjs"), ENTRY);
  const compiler = webpack({
    mode: "production",
    context: ROOT,
    entry: path.join(dir, "entry.mjs"),
    output: { path: dir, filename: "main.js" },
    resolve: { modules: [path.join(ROOT, "node_modules")] },
    devtool: false,
    performance: { hints: false },
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((err, stats) => {
      compiler.close(() => undefined);
      if (err) reject(err);
      else if (stats?.hasErrors()) reject(new Error(stats.toString("errors-only")));
      else resolve();
    }),
  );
  return fs.readFileSync(path.join(dir, "main.js"));
}

export type BaselinePage = { url: string; jsGzipBytes: number; close(): Promise<void> };

/** Builds the page and serves it on 127.0.0.1 (a free port); `close` stops it and removes the build. */
export async function startBaselinePage(): Promise<BaselinePage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aula-lh-baseline-"));
  const js = await bundle(dir);
  const files: Record<string, { type: string; body: Buffer; gzip: Buffer }> = {
    "/": { type: "text/html; charset=utf-8", body: Buffer.from(HTML), gzip: zlib.gzipSync(HTML, { level: 9 }) },
    "/main.js": { type: "text/javascript; charset=utf-8", body: js, gzip: zlib.gzipSync(js, { level: 9 }) },
  };
  const server = http.createServer((req, res) => {
    const file = files[new URL(req.url ?? "/", "http://localhost").pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    res.writeHead(200, { "content-type": file.type, "cache-control": "no-cache", vary: "accept-encoding", ...(gzip ? { "content-encoding": "gzip" } : {}) });
    res.end(gzip ? file.gzip : file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    jsGzipBytes: files["/main.js"]?.gzip.length ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        // The browser keeps its connections alive: close them or `close` waits for its timeout.
        server.closeAllConnections();
      }),
  };
}

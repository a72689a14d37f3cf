import fs from "node:fs";
import { bearerFor } from "../support/api";
import { buildTestApp } from "../support/app";
test("scratch", async () => {
  const t = await buildTestApp({ logLevel: "debug" });
  const d = JSON.parse(fs.readFileSync("/tmp/fz/hang.json", "utf8"));
  const auth = await bearerFor(t.app, "editor@demo.test");
  const res = await Promise.race([
    t.app.inject({ method: "POST", url: d.url, headers: { ...d.headers, ...auth }, payload: Buffer.from(d.payload, "base64") }),
    new Promise((r) => setTimeout(() => r("timeout"), 5000)),
  ]);
  console.log(typeof res === "string" ? res : (res as { statusCode: number; body: string }).statusCode, typeof res === "string" ? "" : (res as { body: string }).body);
  await t.close();
}, 60000);

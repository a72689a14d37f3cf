import { buildApp } from "./app";
import { loadConfig } from "./config";

async function main(): Promise<void> {
  const flag = process.argv.find((a) => a.startsWith("--services="));
  const config = loadConfig(flag ? { ...process.env, SERVICES: flag.slice("--services=".length) } : process.env);
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  const address = await app.listen({ host: config.host, port: config.port });
  // PORT=0 (tests) or no PUBLIC_URL: links built by the server (remote control, xAPI endpoint) use the real address.
  if (!config.publicUrl && config.port === 0) app.ctx.publicUrl = address.replace("://0.0.0.0", "://localhost");
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

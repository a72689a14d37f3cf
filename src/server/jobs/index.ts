import type { FastifyInstance } from "fastify";
import { indexStaleContents } from "../modules/chatbot/indexer";
import { embeddingModelOf, embedStaleContents } from "../modules/chatbot/vectors";
import { runKcFitting } from "../modules/learning/fitting";
import { runScheduledPublication } from "./scheduled-publication";
import { runTaskReminders } from "./task-reminders";

/**
 * The worker's scheduled work, every `config.jobIntervalMs`. Runs never overlap within a process;
 * across processes each job claims its rows with FOR UPDATE SKIP LOCKED. The timer does not keep
 * the process alive and stops when the app closes (after the run in progress, if any).
 */
export function startJobs(app: FastifyInstance): void {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const published = await runScheduledPublication(app.ctx.db, app.ctx.events);
        if (published.length > 0) app.log.info({ count: published.length }, "scheduled lesson items published");
      } catch (err) {
        app.log.error({ err }, "scheduled publication failed");
      }
      try {
        const { dueSoon, overdue } = await runTaskReminders(app.ctx.db, app.ctx.events, app.ctx.clock.now());
        if (dueSoon.length + overdue.length > 0) app.log.info({ dueSoon: dueSoon.length, overdue: overdue.length }, "task reminders sent");
      } catch (err) {
        app.log.error({ err }, "task reminders failed");
      }
      try {
        const fitted = await runKcFitting(app.ctx.db, app.ctx.clock.now());
        if (fitted.length > 0) app.log.info({ kcs: fitted.length }, "BKT parameters fitted");
      } catch (err) {
        app.log.error({ err }, "BKT fitting failed");
      }
      try {
        // Contents written outside the content manager (imports, a lost event) reach the assistant's index.
        const indexed = await indexStaleContents(app.ctx.db, app.ctx.storage);
        if (indexed > 0) app.log.info({ contents: indexed }, "assistant index updated");
        // With an embeddings model, the passages' vectors (ADR 0045), a batch per tick.
        const model = embeddingModelOf(app.ctx.ai, app.ctx.config.ai.embeddingModel, app.ctx.database);
        const embedded = model ? await embedStaleContents(app.ctx.db, app.ctx.ai, model, { log: app.log }) : 0;
        if (embedded > 0) app.log.info({ contents: embedded, model }, "assistant vectors updated");
      } catch (err) {
        app.log.error({ err }, "assistant indexing failed");
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, app.ctx.config.jobIntervalMs);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}

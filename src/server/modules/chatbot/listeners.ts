import type { AppContext } from "../../app";
import { indexContent } from "./indexer";
import { embeddingModelOf, embedStaleContents } from "./vectors";

/*
 * What the assistant hears (issue 17, ADR 0041): a content written in the content manager is
 * cut into passages again (indexContent is idempotent: a replay finds the passages current).
 * With an embeddings model its passages get their vectors too (ADR 0045; skipped when current).
 * Contents written elsewhere (seeds, imports) are caught by the worker's sweep (jobs/index.ts).
 */
export function registerChatbotListeners(ctx: Pick<AppContext, "db" | "database" | "events" | "background" | "storage" | "ai" | "config">): void {
  const model = embeddingModelOf(ctx.ai, ctx.config.ai.embeddingModel, ctx.database);
  ctx.events.listen(ctx.background, "content.changed", "chatbot: index the content", async (p) => {
    const outcome = await indexContent(ctx.db, ctx.storage, p.contentId);
    if (model && outcome !== "removed") await embedStaleContents(ctx.db, ctx.ai, model, { contentIds: [p.contentId] });
  });
}

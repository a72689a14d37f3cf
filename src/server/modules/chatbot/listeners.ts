import type { AppContext } from "../../app";
import { indexContent } from "./indexer";

/*
 * What the assistant hears (issue 17, ADR 0041): a content written in the content manager is
 * cut into passages again (indexContent is idempotent: a replay finds the passages current).
 * Contents written elsewhere (seeds, imports) are caught by the worker's sweep (jobs/index.ts).
 */
export function registerChatbotListeners(ctx: Pick<AppContext, "db" | "events" | "background" | "storage">): void {
  ctx.events.listen(ctx.background, "content.changed", "chatbot: index the content", async (p) => {
    await indexContent(ctx.db, ctx.storage, p.contentId);
  });
}

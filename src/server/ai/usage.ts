import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { aiUsage } from "../db/schema";
import type { Clock } from "../platform/clock";
import { AiBudgetError } from "./errors";
import type { AiTokenUsage } from "./types";

/** The UTC day of `now`, as the `ai_usage.day` column holds it (YYYY-MM-DD). */
export const usageDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Seconds from `now` to the next UTC midnight, when a spent budget is whole again (at least 1). */
export function secondsToNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

const tokenCount = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0);

/**
 * Usage accounting and the daily budget (ADR 0037). Each answered call adds its tokens to the row
 * of its tenant, UTC day and purpose (one upsert). Before a call, the tenant's total for today is
 * checked against the budget: the check is a gate, not a reservation, so calls already under way
 * when it is reached may pass it by their own size.
 */
export class AiUsageLedger {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Tokens (input + output) per tenant per UTC day; 0: no limit. */
    readonly dailyTokens: number,
  ) {}

  /** The tenant's tokens (input + output) today, every purpose. */
  async usedToday(tenantId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<string | number | null>`sum(${aiUsage.inputTokens} + ${aiUsage.outputTokens})` })
      .from(aiUsage)
      .where(and(eq(aiUsage.tenantId, tenantId), eq(aiUsage.day, usageDay(this.clock.now()))));
    return Number(row?.total ?? 0);
  }

  /** Throws AiBudgetError when the tenant has spent today's budget. */
  async assertWithinBudget(tenantId: string): Promise<void> {
    if (this.dailyTokens === 0) return;
    const used = await this.usedToday(tenantId);
    if (used >= this.dailyTokens) throw new AiBudgetError(this.dailyTokens, used, secondsToNextUtcDay(this.clock.now()));
  }

  /** Adds one answered call and its tokens to today's row for the tenant and purpose. */
  async record(tenantId: string, purpose: string, usage: AiTokenUsage): Promise<void> {
    const inputTokens = tokenCount(usage.inputTokens);
    const outputTokens = tokenCount(usage.outputTokens);
    await this.db
      .insert(aiUsage)
      .values({ tenantId, day: usageDay(this.clock.now()), purpose, requests: 1, inputTokens, outputTokens })
      .onConflictDoUpdate({
        target: [aiUsage.tenantId, aiUsage.day, aiUsage.purpose],
        set: {
          requests: sql`${aiUsage.requests} + 1`,
          inputTokens: sql`${aiUsage.inputTokens} + excluded.input_tokens`,
          outputTokens: sql`${aiUsage.outputTokens} + excluded.output_tokens`,
        },
      });
  }
}

import { and, eq, sql } from "drizzle-orm";
import type { Language } from "../../../contracts/constants";
import { textIn, type ShopItemKind, type ShopItemView } from "../../../contracts/gamification";
import type { Db } from "../../db/client";
import { gamificationLedger, gamificationProfiles } from "../../db/schema";
import { conflict, notFound } from "../../platform/errors";
import type { Caller } from "../courses/access";
import { utcDay } from "./rules";
import { isGamifiedStudent, profileRow, rulesOf } from "./service";

/* The shop (issue 18, ADR 0046): cosmetic items bought once with coins, and worn one of each kind. */

async function ownedItems(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ itemId: gamificationLedger.itemId })
    .from(gamificationLedger)
    .where(and(eq(gamificationLedger.userId, userId), eq(gamificationLedger.reason, "purchase")));
  return new Set(rows.flatMap((r) => (r.itemId ? [r.itemId] : [])));
}

export async function shopOf(db: Db, caller: Caller, lang: Language): Promise<{ balance: number; items: ShopItemView[] }> {
  if (!(await isGamifiedStudent(db, caller.tenantId, caller.userId))) throw conflict("GAMIFICATION_OFF", "Gamification is off for this user");
  const [rules, profile, owned] = await Promise.all([rulesOf(db, caller.tenantId), profileRow(db, caller.userId), ownedItems(db, caller.userId)]);
  const equipped = new Set([profile?.avatarFrame, profile?.theme].filter((x): x is string => !!x));
  return {
    balance: profile?.currency ?? 0,
    items: rules.shop.map((s) => ({ id: s.id, kind: s.kind, name: textIn(s.name, lang), price: s.price, colour: s.colour, owned: owned.has(s.id), equipped: equipped.has(s.id) })),
  };
}

/** Buys an item once, with the currency the student has (the balance never goes below 0). */
export async function purchase(db: Db, caller: Caller, itemId: string, now: Date): Promise<void> {
  if (!(await isGamifiedStudent(db, caller.tenantId, caller.userId))) throw conflict("GAMIFICATION_OFF", "Gamification is off for this user");
  const rules = await rulesOf(db, caller.tenantId);
  const item = rules.shop.find((s) => s.id === itemId);
  if (!item) throw notFound("Item");
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(1818, hashtext(${caller.userId}))`);
    const [profile] = await tx.select().from(gamificationProfiles).where(eq(gamificationProfiles.userId, caller.userId)).limit(1);
    const [had] = await tx
      .select({ id: gamificationLedger.id })
      .from(gamificationLedger)
      .where(and(eq(gamificationLedger.userId, caller.userId), eq(gamificationLedger.key, `purchase:${item.id}`)))
      .limit(1);
    if (had) throw conflict("ITEM_ALREADY_OWNED", "Already owned");
    const balance = profile?.currency ?? 0;
    if (balance < item.price) throw conflict("NOT_ENOUGH_CURRENCY", "Not enough currency");
    await tx.insert(gamificationLedger).values({
      tenantId: caller.tenantId,
      userId: caller.userId,
      key: `purchase:${item.id}`,
      reason: "purchase",
      currency: -item.price,
      day: utcDay(now),
      itemId: item.id,
    });
    await tx
      .update(gamificationProfiles)
      .set({ currency: balance - item.price, updatedAt: sql`now()` })
      .where(eq(gamificationProfiles.userId, caller.userId));
  });
}

export async function equip(db: Db, caller: Caller, kind: ShopItemKind, itemId: string | null): Promise<void> {
  if (!(await isGamifiedStudent(db, caller.tenantId, caller.userId))) throw conflict("GAMIFICATION_OFF", "Gamification is off for this user");
  if (itemId !== null) {
    const rules = await rulesOf(db, caller.tenantId);
    const item = rules.shop.find((s) => s.id === itemId && s.kind === kind);
    if (!item) throw notFound("Item");
    if (!(await ownedItems(db, caller.userId)).has(itemId)) throw conflict("ITEM_NOT_OWNED", "Not owned");
  }
  const set = kind === "avatar_frame" ? { avatarFrame: itemId } : { theme: itemId };
  await db
    .insert(gamificationProfiles)
    .values({ userId: caller.userId, tenantId: caller.tenantId, ...set })
    .onConflictDoUpdate({ target: gamificationProfiles.userId, set: { ...set, updatedAt: sql`now()` } });
}

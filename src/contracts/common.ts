import * as z from "./zod";

import { COUNTRIES, ERROR_KEYS, LANGUAGES, ROLES } from "./constants";

export * from "./constants";

export const LanguageSchema = z.enum(LANGUAGES);
export const RoleSchema = z.enum(ROLES);
export const CountrySchema = z.enum(COUNTRIES);

export const ErrorKeySchema = z.enum(ERROR_KEYS);

export const ErrorBodySchema = z.object({
  status: z.literal("error"),
  error: z.object({
    key: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** `{ status: "success", data }`: every successful response has this envelope. */
export const successOf = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ status: z.literal("success"), data });

export type Success<T> = { status: "success"; data: T };

export const PageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), offset: z.number().int(), pageSize: z.number().int() });

export const GuidSchema = z.string().uuid();

/**
 * Upper bounds of what a client may send (ADR 0019): every string and list a route reads has one,
 * so nothing reaches the database that it cannot hold or index (a btree entry holds about 2,700
 * bytes; ids and IRIs stay below that). tests/server/fuzz.test.ts checks the OpenAPI document for them.
 */
export const INPUT_LIMITS = {
  /** Keys, codes and external ids. */
  id: 255,
  /** Names and titles. */
  name: 200,
  /** Descriptions, comments, posts. */
  text: 10_000,
  /** Long answers and rich text. */
  longText: 100_000,
  /** xAPI IRIs (activity, verb, extension keys, openid, account homePage, mbox), in UTF-8 bytes. */
  iriBytes: 2048,
  /** xAPI account names, in UTF-8 bytes: with the homePage they form the agent's key. */
  accountNameBytes: 255,
  /** Members of an xAPI Group. */
  groupMembers: 1000,
} as const;

const FIRST_INSTANT = Date.parse("0001-01-01T00:00:00.000Z");
const LAST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");
/**
 * A date-time PostgreSQL stores and reads back as sent: in UTC between the years 1 and 9999
 * (year 0, or 10000 after an offset, is refused by the database; ADR 0019).
 */
export const isStorableInstant = (value: string): boolean => {
  const time = Date.parse(value);
  return time >= FIRST_INSTANT && time <= LAST_INSTANT;
};

/** A string a client sends, at most `max` characters (ADR 0019). */
export const boundedString = (max: number) => z.string().max(max);
export const GuidParamsSchema = z.object({ guid: GuidSchema });

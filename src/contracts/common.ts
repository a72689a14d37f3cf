import { z } from "zod";

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
export const GuidParamsSchema = z.object({ guid: GuidSchema });

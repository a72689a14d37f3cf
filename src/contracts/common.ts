import { z } from "zod";

/** Build version string shown by the product (spec §1). */
export const APP_VERSION = "2025.10.31";

export const LANGUAGES = ["es", "ca", "eu", "en", "pt"] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = "es";

export const ROLES = ["teacher", "coteacher", "student", "school_admin", "editorial"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const COUNTRIES = ["ES", "BR", "US"] as const;
export const CountrySchema = z.enum(COUNTRIES);
export type Country = z.infer<typeof CountrySchema>;

/** Stable error keys. The client translates them; the server message is only a fallback for logs. */
export const ERROR_KEYS = [
  "VALIDATION_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "INVALID_LOGIN",
  "PASSWORD_INCORRECT",
  "USER_NOT_FOUND",
  "USER_ALREADY_EXISTS",
  "CURRENT_PASSWORD_INCORRECT",
  "PASSWORD_CHANGE_FAILED",
  "RESET_LINK_INVALID",
  "LOGIN_TOKEN_INVALID",
  "SESSION_EXPIRED",
  "TENANT_NOT_FOUND",
] as const;
export const ErrorKeySchema = z.enum(ERROR_KEYS);
export type ErrorKey = z.infer<typeof ErrorKeySchema>;

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

import * as z from "./zod";
import { LanguageSchema, RoleSchema, successOf } from "./common";
import { LIMITS } from "./limits";
import { EMAIL_PATTERN, isValidDateOfBirth } from "./rules";

export const EmailSchema = z.string().trim().toLowerCase().max(LIMITS.emailMaxChars).regex(EMAIL_PATTERN, { message: "EMAIL_INVALID" });
export const PasswordSchema = z.string().min(LIMITS.passwordMinChars).max(LIMITS.passwordMaxChars);

export const AuthLoginSchema = z.object({
  email: EmailSchema,
  // Sign-in accepts any non-empty password: the length rule applies when one is chosen.
  password: z.string().min(1).max(LIMITS.passwordMaxChars),
});
export type AuthLoginReq = z.infer<typeof AuthLoginSchema>;

/** ISO date (YYYY-MM-DD) in the past; required at signup for data-protection law. */
export const DateOfBirthSchema = z
  .string()
  .max(10, { message: "DATE_OF_BIRTH_INVALID" })
  .refine((d) => isValidDateOfBirth(d), { message: "DATE_OF_BIRTH_INVALID" });

/** Roles a person may choose when signing up; staff roles are granted, never self-chosen. */
export const SIGNUP_ROLES = ["teacher", "student"] as const;
export const SignupRoleSchema = z.enum(SIGNUP_ROLES);
export type SignupRole = z.infer<typeof SignupRoleSchema>;
export const DEFAULT_SIGNUP_ROLE: SignupRole = "student";

export const AuthSignupSchema = z.object({
  firstName: z.string().trim().min(1).max(LIMITS.nameMaxChars),
  lastName: z.string().trim().min(1).max(LIMITS.nameMaxChars),
  email: EmailSchema,
  password: PasswordSchema,
  dateOfBirth: DateOfBirthSchema,
  locale: LanguageSchema.optional(),
  /** Defaults to DEFAULT_SIGNUP_ROLE on the server (optional here so the client may omit it). */
  role: SignupRoleSchema.optional(),
});
export type AuthSignupReq = z.infer<typeof AuthSignupSchema>;

export const AuthRecoverSchema = z.object({ email: EmailSchema, locale: LanguageSchema.optional() });
export type AuthRecoverReq = z.infer<typeof AuthRecoverSchema>;

export const AuthResetSchema = z.object({ token: z.string().min(20).max(200), password: PasswordSchema });
export type AuthResetReq = z.infer<typeof AuthResetSchema>;

export const AuthChangePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(LIMITS.passwordMaxChars),
  newPassword: PasswordSchema,
});
export type AuthChangePasswordReq = z.infer<typeof AuthChangePasswordSchema>;

export const SessionUserSchema = z.object({
  guid: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  locale: LanguageSchema,
  tenantGuid: z.string().uuid(),
  schoolGuid: z.string().uuid().nullable(),
  chatbotEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** The login response: `data.token` is the access token (spec §3 "Login response"). */
export const AuthSessionSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  user: SessionUserSchema,
});
export type AuthSession = z.infer<typeof AuthSessionSchema>;
export const AuthSessionResponseSchema = successOf(AuthSessionSchema);

export const AuthMeResponseSchema = successOf(SessionUserSchema);
export const AuthOkResponseSchema = successOf(z.object({ ok: z.literal(true) }));

export const ProfileUpdateSchema = z.object({ locale: LanguageSchema });
export type ProfileUpdateReq = z.infer<typeof ProfileUpdateSchema>;

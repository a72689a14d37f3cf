import { z } from "zod";
import { successOf } from "./common";

/** Longest code a person can type; real codes are far shorter, this only bounds the input. */
export const LICENCE_CODE_MAX_LENGTH = 64;
/** Characters of a code left visible when it is listed back (the rest is masked). */
export const LICENCE_CODE_VISIBLE_CHARS = 4;

/** Codes are typed by people: case, spaces and dashes do not matter. Stored in this form. */
export const normaliseLicenceCode = (code: string): string => code.replace(/[\s-]+/g, "").toUpperCase();

/** The roles a licence can be restricted to (co-teachers count as teachers). */
export const LICENCE_ROLE_CONSTRAINTS = ["teacher", "student"] as const;
export const LicenceRoleConstraintSchema = z.enum(LICENCE_ROLE_CONSTRAINTS);
export type LicenceRoleConstraint = z.infer<typeof LicenceRoleConstraintSchema>;

/** POST /api/front/redeem: the code in the body, the session token in the Authorization header. */
export const LicenceRedeemSchema = z.object({
  code: z.string().trim().min(1).max(LICENCE_CODE_MAX_LENGTH),
});
export type LicenceRedeem = z.infer<typeof LicenceRedeemSchema>;

export const LicencePublicationSchema = z.object({ guid: z.string().uuid(), title: z.string() });
export type LicencePublication = z.infer<typeof LicencePublicationSchema>;

/** One of the caller's personal licences: a redeemed code and what it opens. */
export const PersonalLicenceSchema = z.object({
  guid: z.string().uuid(),
  /** The code, masked except its last characters. */
  code: z.string(),
  activatedAt: z.string(),
  expiresAt: z.string(),
  isExpired: z.boolean(),
  publications: z.array(LicencePublicationSchema),
});
export type PersonalLicence = z.infer<typeof PersonalLicenceSchema>;
export const LicenceRedeemResponseSchema = successOf(PersonalLicenceSchema);

/** GET /api/front/profile/licenses: active licences by default, expired ones with isExpired=true. */
export const ProfileLicencesQuerySchema = z.object({
  isExpired: z.enum(["true", "false"]).default("false"),
});
export type ProfileLicencesQuery = z.infer<typeof ProfileLicencesQuerySchema>;
export const ProfileLicencesSchema = z.object({ items: z.array(PersonalLicenceSchema), total: z.number().int() });
export type ProfileLicences = z.infer<typeof ProfileLicencesSchema>;
export const ProfileLicencesResponseSchema = successOf(ProfileLicencesSchema);

/** GET /api/licenses/personals/:id/publications. */
export const PersonalLicenceParamsSchema = z.object({ id: z.string().uuid() });
export const PersonalLicencePublicationsSchema = z.object({ items: z.array(LicencePublicationSchema) });
export type PersonalLicencePublications = z.infer<typeof PersonalLicencePublicationsSchema>;
export const PersonalLicencePublicationsResponseSchema = successOf(PersonalLicencePublicationsSchema);

import { successOf } from "./common";
import { LICENCE_CODE_MAX_LENGTH, LICENCE_ROLE_CONSTRAINTS } from "./licences-base";
import * as z from "./zod";

export {
  LICENCE_CODE_MAX_LENGTH, LICENCE_CODE_VISIBLE_CHARS, LICENCE_ROLE_CONSTRAINTS, type LicenceRoleConstraint, normaliseLicenceCode,
} from "./licences-base";

/** The roles a licence can be restricted to (LICENCE_ROLE_CONSTRAINTS). */
export const LicenceRoleConstraintSchema = z.enum(LICENCE_ROLE_CONSTRAINTS);

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

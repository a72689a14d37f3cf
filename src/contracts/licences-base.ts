/* What the client needs of the licences contract without zod (ADR 0028); licences.ts re-exports it. */

/** Longest code a person can type; real codes are far shorter, this only bounds the input. */
export const LICENCE_CODE_MAX_LENGTH = 64;
/** Characters of a code left visible when it is listed back (the rest is masked). */
export const LICENCE_CODE_VISIBLE_CHARS = 4;

/** Codes are typed by people: case, spaces and dashes do not matter. Stored in this form. */
export const normaliseLicenceCode = (code: string): string => code.replace(/[\s-]+/g, "").toUpperCase();

/** The roles a licence can be restricted to (co-teachers count as teachers). */
export const LICENCE_ROLE_CONSTRAINTS = ["teacher", "student"] as const;
export type LicenceRoleConstraint = (typeof LICENCE_ROLE_CONSTRAINTS)[number];

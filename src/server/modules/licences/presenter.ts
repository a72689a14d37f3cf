import {
  LICENCE_CODE_VISIBLE_CHARS,
  type LicencePublication,
  type PersonalLicence,
  type PersonalLicencePublications,
  type ProfileLicences,
} from "../../../contracts/licences";
import type { LicencePublicationRow, PersonalLicenceRow } from "./service";

/** A code listed back to its owner: every character masked but the last few. */
export function maskCode(code: string): string {
  const visible = code.slice(-LICENCE_CODE_VISIBLE_CHARS);
  return "*".repeat(Math.max(0, code.length - visible.length)) + visible;
}

const presentPublications = (rows: LicencePublicationRow[]): LicencePublication[] =>
  rows.map((p) => ({ guid: p.id, title: p.title }));

export function presentPersonalLicence(row: PersonalLicenceRow, now = new Date()): PersonalLicence {
  return {
    guid: row.id,
    code: maskCode(row.code),
    activatedAt: row.activatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isExpired: row.expiresAt.getTime() <= now.getTime(),
    publications: presentPublications(row.publications),
  };
}

export function presentProfileLicences(rows: PersonalLicenceRow[]): ProfileLicences {
  const now = new Date();
  return { items: rows.map((r) => presentPersonalLicence(r, now)), total: rows.length };
}

export const presentLicencePublications = (row: PersonalLicenceRow): PersonalLicencePublications => ({
  items: presentPublications(row.publications),
});

import crypto from "node:crypto";
import { CLASS_KEY_ALPHABET, CLASS_KEY_LENGTH } from "../../../contracts/course-settings";

/** A fresh random class key (normalised form), ~40 bits from an unambiguous alphabet. */
export function generateClassKey(): string {
  let key = "";
  for (let i = 0; i < CLASS_KEY_LENGTH; i++) key += CLASS_KEY_ALPHABET[crypto.randomInt(CLASS_KEY_ALPHABET.length)];
  return key;
}

/** A key stops working the day after the class's end date; no end date, no expiry. */
export function classKeyExpiry(endDate: string | null): Date | null {
  return endDate ? new Date(Date.parse(`${endDate}T00:00:00Z`) + 86_400_000) : null;
}

import crypto from "node:crypto";

/** Fixed namespace for the demo seed's name-based ids (a random v4, chosen once). */
const NAMESPACE = Buffer.from("6f1c1b7e4f2a4d0e9a3b5c7d8e9f0a1b", "hex");

/**
 * A stable UUID (RFC 9562 version 5) derived from a natural key. Seeded rows whose tables have no
 * natural unique key (publications, units, lessons, classes) get these ids, so a second run hits the
 * primary key and `onConflictDoNothing` skips it: idempotent without adding business constraints.
 */
export function seedId(...parts: string[]): string {
  const digest = crypto.createHash("sha1").update(NAMESPACE).update(parts.join("\u001f")).digest();
  digest.writeUInt8((digest.readUInt8(6) & 0x0f) | 0x50, 6);
  digest.writeUInt8((digest.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = digest.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A looked-up id that must exist by now; a missing one is a bug in the seed itself. */
export function idOf<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed: ${what} ${String(key)} missing`);
  return value;
}

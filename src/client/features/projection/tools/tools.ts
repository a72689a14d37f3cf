/** Classroom tools' rules, as small pure functions (random source injectable for tests). */

export type Random = () => number;

/** "mm:ss" (minutes may exceed 59: "90:00"). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

export const TIMER_LIMITS = { maxMinutes: 99, maxSeconds: 59 } as const;

/** A typed field value as whole minutes or seconds within the limits (empty or junk counts as 0). */
export function clampField(value: string, max: number): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(n, max);
}

/**
 * The next student for the random picker: uniformly among those not picked yet, so nobody is
 * picked twice until everyone has been; undefined when everyone has.
 */
export function pickNext<T extends { guid: string }>(students: readonly T[], picked: readonly string[], random: Random = Math.random): T | undefined {
  const left = students.filter((s) => !picked.includes(s.guid));
  if (left.length === 0) return undefined;
  return left[Math.min(left.length - 1, Math.floor(random() * left.length))];
}

/** Fisher-Yates on a copy. */
export function shuffle<T>(items: readonly T[], random: Random = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** `count` random groups whose sizes differ by at most one (never more groups than people). */
export function makeGroups<T>(people: readonly T[], count: number, random: Random = Math.random): T[][] {
  const n = Math.max(1, Math.min(Math.floor(count), people.length));
  if (people.length === 0) return [];
  const groups: T[][] = Array.from({ length: n }, () => []);
  shuffle(people, random).forEach((person, i) => groups[i % n]?.push(person));
  return groups;
}

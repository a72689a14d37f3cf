/** The time as the server sees it; tests move it forward instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

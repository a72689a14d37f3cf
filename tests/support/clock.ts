import type { Clock } from "../../src/server/platform/clock";

/** The real time plus however far a test has moved it: rules that wait are tested without waiting. */
export function testClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/** Time comes through this interface so that tests can move it (expiry, rate limits, ages). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where it is set: `fixedClock('2026-04-01T09:00:00+09:00')`. */
export function fixedClock(start: Date | string): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (to) => {
      t = new Date(to).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

// Calendar days as `YYYY-MM-DD`. JavaScript's Date rolls impossible days over (2031-02-30 becomes March 2nd), so
// every date a client sends is checked here for real: a day exists only if it prints back the same.

/** The shape of a day; whether it exists is calendarDayStart's question. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC of a `YYYY-MM-DD` day in epoch milliseconds, or null when the text names no real day. */
export function calendarDayStart(value: string): number | null {
  if (!DAY_PATTERN.test(value)) return null;
  const start = Date.parse(`${value}T00:00:00.000Z`);
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== value) return null;
  return start;
}

/** True when `value` is `YYYY-MM-DD` naming a day that exists (2028-02-29 does, 2031-02-30 does not). */
export const isCalendarDay = (value: string): boolean => calendarDayStart(value) !== null;

// Interest accrues per whole UTC calendar day (docs/decisions/0030-plans-investments-accrual.md).
const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, as `YYYY-MM-DD`. */
export const utcDay = (date: Date | string): string => new Date(date).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string =>
  utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));

export const isDay = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00.000Z`)) &&
  utcDay(`${value}T00:00:00.000Z`) === value;

/** Days in the half-open range [from, to) of two `YYYY-MM-DD` days. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The whole days a plan runs, from its start day to its end day (the plan form's default duration). */
export const planDays = (startDate: string, endDate: string): number =>
  Math.max(1, daysBetween(utcDay(startDate), utcDay(endDate)));

/**
 * The last day that may be accrued at `now`: yesterday. A day accrues once it is over, and never in the
 * future, whatever `until` a caller asks for.
 */
export const lastCompleteDay = (now: Date): string => addDays(utcDay(now), -1);

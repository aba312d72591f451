// Pure helpers for the dashboards (spec section 9). Payload shapes come from packages/contracts.
const DAY_MS = 86_400_000;

/**
 * Dashboard progress: elapsed share of the plan's start to end, clamped 0-100 (spec section 9). Counted in whole
 * days and floored to a whole percent, as My Investments counts its term, so an investment made when its season began
 * shows one number on both screens; a bar never shows a share of the season that has not yet elapsed (decision 0106).
 */
export function growthProgress(startDate: string, endDate: string, now = Date.now()): number {
  const start = Date.parse(startDate);
  const end = Date.parse(endDate);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return now >= end ? 100 : 0;
  const daysElapsed = Math.floor((now - start) / DAY_MS);
  const seasonDays = Math.max(1, Math.round((end - start) / DAY_MS));
  return Math.min(100, Math.max(0, Math.floor((daysElapsed / seasonDays) * 100)));
}

/** Whole days to the end date, never below 0. */
export function daysToHarvest(endDate: string, now = Date.now()): number {
  const end = Date.parse(endDate);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

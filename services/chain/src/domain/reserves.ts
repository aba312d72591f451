// The rules of a reconciliation (decision 0082), without I/O: what the liabilities add up to, whether the reserves
// read cover them, what a run means for a shortfall episode, and when the next run is due. Amounts are decimal
// strings and MoneyDecimal, never floats.
import { MoneyDecimal, toMoneyString, type ReconciliationStatus } from '@cropvest/contracts';

export interface Liabilities {
  available: string;
  held: string;
  invested: string;
  accruedInterest: string;
}

export const liabilitiesTotal = (owed: Liabilities): string =>
  toMoneyString(
    new MoneyDecimal(owed.available).plus(owed.held).plus(owed.invested).plus(owed.accruedInterest),
  );

export interface Assessment {
  status: ReconciliationStatus;
  /** Liabilities less reserves when short, else zero. */
  shortfall: string;
}

/**
 * Covered when the reserves read are at least the liabilities, even with a network unread (it could only add);
 * short when they are below with every network read; incomplete when below and a network is missing, since its
 * figure is unknown, never zero.
 */
export function assess(reserves: string, liabilities: string, everyNetworkRead: boolean): Assessment {
  const gap = new MoneyDecimal(liabilities).minus(reserves);
  if (gap.lte(0)) return { status: 'covered', shortfall: toMoneyString(0) };
  return { status: everyNetworkRead ? 'short' : 'incomplete', shortfall: toMoneyString(gap) };
}

/** Reserves over liabilities to 4 places, rounded down so coverage is never overstated; null when nothing is owed. */
export function coverageRatio(reserves: string, liabilities: string): string | null {
  const owed = new MoneyDecimal(liabilities);
  if (owed.isZero()) return null;
  return new MoneyDecimal(reserves).div(owed).toFixed(4, MoneyDecimal.ROUND_DOWN);
}

/**
 * What a run means for the shortfall in progress, given the status of the last run that decided one way or the
 * other: a shortfall starts (audited, once) when a short run follows a covered one or none, and ends when a covered
 * run follows a short one. An incomplete run decides nothing: the episode stays as it was.
 */
export function shortfallEpisode(
  lastDecided: Exclude<ReconciliationStatus, 'incomplete'> | null,
  current: ReconciliationStatus,
): 'started' | 'ended' | 'unchanged' {
  if (current === 'short' && lastDecided !== 'short') return 'started';
  if (current === 'covered' && lastDecided === 'short') return 'ended';
  return 'unchanged';
}

/**
 * A scheduled run is due when the last one started at least an interval ago, less half a tick: the schedule looks
 * once a tick, so the runs stay an interval apart instead of drifting a tick later each time.
 */
export const reconcileDue = (
  lastStartedAt: Date | null,
  intervalMs: number,
  tickMs: number,
  now: Date,
): boolean => !lastStartedAt || now.getTime() - lastStartedAt.getTime() >= intervalMs - tickMs / 2;

/** The UTC day of a moment, YYYY-MM-DD. */
const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);

/**
 * The daily proof is due once the UTC day has reached the build hour and no build was made that day (a build made
 * on demand earlier that day counts: the day has its proof).
 */
export const proofDue = (lastBuiltAt: Date | null, buildHourUtc: number, now: Date): boolean =>
  now.getUTCHours() >= buildHourUtc && (!lastBuiltAt || utcDay(lastBuiltAt) !== utcDay(now));

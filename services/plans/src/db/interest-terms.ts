// An active investment's interest from the terms fixed when it was bought (docs/decisions/0069) and its plan's
// accrual mark (`accrued_through`, moved by the statement that writes the day's accruals, db/accrual.ts), as SQL
// over `investments i` joined to `plans p`: the reports and Plan Analytics read these instead of summing millions
// of accrual rows. A simple investment earns its daily_interest on each day from the later of the plan's start
// and its own creation day through the mark; a compounding one carries its running interest in
// `compounding_interest` (migration 015), joined as `ci` by RUNNING_INTEREST_JOIN.
import { END_DAY, NEXT_DAY, START_DAY } from './accrual.ts';

const CREATED_DAY = `(i.created_at AT TIME ZONE 'UTC')::date`;
/** Days accrued so far by investments created on `createdDay` (a date expression). */
export const accruedDays = (createdDay: string): string =>
  `greatest(0, ${NEXT_DAY} - greatest(${START_DAY}, ${createdDay}))`;
/** Days still to accrue until the harvest by investments created on `createdDay`. */
export const remainingDays = (createdDay: string): string =>
  `greatest(0, ${END_DAY} - greatest(${NEXT_DAY}, ${createdDay}))`;
/** Days accrued so far. */
export const ACCRUED_DAYS = accruedDays(CREATED_DAY);
/** Days still to accrue until the harvest. */
export const REMAINING_DAYS = remainingDays(CREATED_DAY);
/** Joins a compounding investment's running interest as `ci` (no row yet: it has not compounded a day). */
export const RUNNING_INTEREST_JOIN = 'LEFT JOIN compounding_interest ci ON ci.investment_id = i.id';
/** Interest earned so far (with RUNNING_INTEREST_JOIN). */
export const INTEREST_SO_FAR = `CASE WHEN i.compound THEN coalesce(ci.accrued_interest, 0) ELSE i.daily_interest * ${ACCRUED_DAYS} END`;

/**
 * A projection of the interest still to come over `remainingDays`, at the investment's own rate, compounding
 * where it compounds. `of` prefixes the columns (`i.` for a row; '' for sums grouped by the same terms, since
 * the interest is linear in the principal).
 */
export const interestToCome = (of: string, remainingDays: string): string =>
  `CASE WHEN ${of}compound
     THEN (${of}principal + ${of}accrued_interest) * (power(1 + ${of}daily_rate * 0.01, ${remainingDays}) - 1)
     ELSE ${of}daily_interest * ${remainingDays} END`;

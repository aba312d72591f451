// What a plan holds for its harvest over what it owes from it (decision 0091): one rule for every screen and
// endpoint that shows a coverage gauge.
import { MoneyDecimal } from '@cropvest/contracts';

/**
 * (proceeds received + reserve allocated − already paid from them) / due, to 4 places; null while nothing is
 * due (a ratio over zero says nothing).
 */
export function coverageOf(figures: {
  proceeds: string;
  reserveAllocated: string;
  paidOut: string;
  due: string;
}): string | null {
  const due = new MoneyDecimal(figures.due);
  if (due.isZero()) return null;
  return new MoneyDecimal(figures.proceeds)
    .plus(figures.reserveAllocated)
    .minus(figures.paidOut)
    .dividedBy(due)
    .toFixed(4);
}

// The statement form's schema: the contract's own GET /api/statement query (real UTC calendar days, `to` on or
// after `from`, at most 366 days), so the browser refuses exactly what the wallet would. The format is not a
// field (each button picks one), so it is filled in before the check. Loaded on the form's first use, so the
// screen paints without zod.
import { StatementQuery } from '@cropvest/contracts/wallet/statement';
import { z } from '@cropvest/contracts/zod';

/** An empty date input is a missing day (the contract's "from is required"), not a malformed one. */
const orMissing = (value: unknown) => (value === '' ? undefined : value);

export const StatementRangeForm = z.preprocess((values) => {
  const { from, to } = (values ?? {}) as { from?: unknown; to?: unknown };
  return { from: orMissing(from), to: orMissing(to), format: 'csv' };
}, StatementQuery);

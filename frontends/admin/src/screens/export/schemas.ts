// The export form's schema: the dataset, its one filter, and the range of UTC days with the contract's own day
// and order checks (the owning services refuse exactly the same). Loaded on the form's first use, so the screen
// paints without zod.
import { z } from '@cropvest/contracts/zod';
import { EXPORT_DATASETS } from '@cropvest/contracts/reports/export-datasets';
import { exportDay, exportRangeInOrder } from '@cropvest/contracts/reports/exports';

/** An empty date input leaves that end of the range open. */
const orMissing = (value: unknown) => (value === '' ? undefined : value);

export const ExportForm = z.preprocess(
  (values) => {
    const { from, to, ...rest } = (values ?? {}) as { from?: unknown; to?: unknown };
    return { ...rest, from: orMissing(from), to: orMissing(to) };
  },
  z
    .object({
      dataset: z.enum(EXPORT_DATASETS, { error: 'Choose what to export' }),
      filter: z.string(),
      from: exportDay('from'),
      to: exportDay('to'),
    })
    .superRefine(exportRangeInOrder),
);

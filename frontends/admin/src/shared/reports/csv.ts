// A chart's CSV: exactly the columns and rows its table view shows, with the amounts as the server sent them
// (decimal strings, never re-formatted through a float). The CSV writer loads with the first download, not with
// the dashboard's charts.
import { saveBlob } from '@cropvest/web-kit/download';

/** One column of a report's table and of its CSV. */
export interface ReportColumn<Row> {
  /** Header of the table and of the CSV; says "(projected)" when the figures are a projection. */
  label: string;
  /** The value as the server sent it (decimal strings stay strings): the CSV's cell. */
  csv: (row: Row) => string;
  /** The value as the table shows it. */
  display: (row: Row) => string;
  numeric?: boolean;
}

export async function downloadReportCsv<Row>(
  filename: string,
  columns: ReportColumn<Row>[],
  rows: Row[],
): Promise<void> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  const csv = stringify([
    columns.map((column) => column.label),
    ...rows.map((row) => columns.map((c) => c.csv(row))),
  ]);
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
}

// A chart's CSV: exactly the columns and rows its table view shows, with the amounts as the server sent them
// (decimal strings, never re-formatted through a float).
import { stringify } from 'csv-stringify/browser/esm/sync';
import { saveBlob } from '@cropvest/web-kit/download';
import type { ReportColumn } from './ReportCard.tsx';

export function reportCsv<Row>(columns: ReportColumn<Row>[], rows: Row[]): string {
  return stringify([
    columns.map((column) => column.label),
    ...rows.map((row) => columns.map((c) => c.csv(row))),
  ]);
}

export function downloadReportCsv<Row>(filename: string, columns: ReportColumn<Row>[], rows: Row[]): void {
  saveBlob(new Blob([reportCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), filename);
}

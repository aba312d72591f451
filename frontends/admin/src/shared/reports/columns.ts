// Columns the report tables and CSVs share: the CSV keeps the server's value, the table formats it.
import { formatCount, formatCoverage, formatUsdt, NOT_AVAILABLE } from '@cropvest/ui/format';
import type { ReportColumn } from './csv.ts';

export const textColumn = <Row>(label: string, value: (row: Row) => string): ReportColumn<Row> => ({
  label,
  csv: value,
  display: value,
});

export const usdtColumn = <Row>(label: string, value: (row: Row) => string): ReportColumn<Row> => ({
  label,
  csv: value,
  display: (row) => formatUsdt(value(row), { unit: false }),
  numeric: true,
});

export const countColumn = <Row>(label: string, value: (row: Row) => number): ReportColumn<Row> => ({
  label,
  csv: (row) => String(value(row)),
  display: (row) => formatCount(value(row)),
  numeric: true,
});

/** A coverage ratio ("0.8125", null when nothing is due) shown as a percentage; the CSV keeps the ratio. */
export const coverageColumn = <Row>(
  label: string,
  ratio: (row: Row) => string | null,
): ReportColumn<Row> => ({
  label,
  csv: (row) => ratio(row) ?? '',
  display: (row) => {
    const value = ratio(row);
    return value === null ? NOT_AVAILABLE : formatCoverage(value);
  },
  numeric: true,
});

/** A wait in seconds, shown in hours with one decimal; the CSV keeps the seconds. */
export const hoursColumn = <Row>(label: string, seconds: (row: Row) => number | null): ReportColumn<Row> => ({
  label,
  csv: (row) => (seconds(row) === null ? '' : String(seconds(row))),
  display: (row) => {
    const value = seconds(row);
    return value === null ? '—' : `${(value / 3600).toFixed(1)} h`;
  },
  numeric: true,
});

/** Every amount of every row is zero: nothing to draw. */
export const allZero = <Row>(rows: Row[], values: ((row: Row) => string | number)[]): boolean =>
  rows.every((row) => values.every((value) => Number(value(row)) === 0));

export const usdtFormat = (value: number): string => formatUsdt(value.toFixed(2));
export const countFormat = (value: number): string => formatCount(value);

// The common report card: one row per period (or plan, day, kind), a category column, and measures that are
// each a table/CSV column and, when charted, a series. Declaring a figure once keeps its column header, its
// legend label and its "nothing to draw" test from drifting apart.
import { ReportChart, type ChartSeries } from './charts.tsx';
import {
  allZero,
  countColumn,
  countFormat,
  coverageColumn,
  textColumn,
  usdtColumn,
  usdtFormat,
} from './columns.ts';
import { ReportCard, type ReportCardProps } from './ReportCard.tsx';
import type { ReportColumn } from './csv.ts';

/** `ratio` (a coverage) is a table and CSV column only: it is never charted. */
type Unit = 'usdt' | 'count' | 'ratio';

/** How a measure is drawn; without it the measure is in the table and the CSV only. */
export interface MeasureMark {
  mark: ChartSeries<unknown>['mark'];
  color: string;
  /** The legend's words when they differ from the column's (which adds its unit and may say more). */
  legend?: string;
  projected?: boolean;
}

export interface Measure<Row> {
  unit: Unit;
  column: ReportColumn<Row>;
  value: (row: Row) => string | number;
  series?: ChartSeries<Row>;
}

const measure = <Row,>(
  unit: Unit,
  label: string,
  column: ReportColumn<Row>,
  value: (row: Row) => string | number,
  chart: MeasureMark | undefined,
): Measure<Row> => ({
  unit,
  column,
  value,
  ...(chart
    ? {
        series: {
          label: chart.legend ?? label,
          value,
          mark: chart.mark,
          color: chart.color,
          ...(chart.projected ? { projected: true } : {}),
        },
      }
    : {}),
});

/** An amount in USDT: the column reads "<label> (USDT)", the legend "<label>". */
export const usdtMeasure = <Row,>(
  label: string,
  value: (row: Row) => string,
  chart?: MeasureMark,
): Measure<Row> => measure('usdt', label, usdtColumn(`${label} (USDT)`, value), value, chart);

export const countMeasure = <Row,>(
  label: string,
  value: (row: Row) => number,
  chart?: MeasureMark,
): Measure<Row> => measure('count', label, countColumn(label, value), value, chart);

/** A ratio as a percentage (a harvest's coverage): in the table and the CSV, never charted. */
export const coverageMeasure = <Row,>(label: string, ratio: (row: Row) => string | null): Measure<Row> =>
  measure('ratio', label, coverageColumn(label, ratio), (row) => ratio(row) ?? 0, undefined);

export interface SeriesReportCardProps<Data, Row extends object> extends Omit<
  ReportCardProps<Data, Row>,
  'columns' | 'chart' | 'isEmpty'
> {
  /** The first column and the chart's x axis: a period's first day, a plan's title, a status. */
  category: [label: string, value: (row: Row) => string];
  measures: Measure<Row>[];
  stacked?: boolean;
  /** By default a card is empty when every measure of every row is zero. */
  isEmpty?: ReportCardProps<Data, Row>['isEmpty'];
}

export function SeriesReportCard<Data, Row extends object>({
  category: [categoryLabel, category],
  measures,
  stacked = false,
  isEmpty = (rows) =>
    allZero(
      rows,
      measures.map((m) => m.value),
    ),
  ...card
}: SeriesReportCardProps<Data, Row>) {
  const charted = measures.flatMap((m) => (m.series ? [{ unit: m.unit, series: m.series }] : []));
  // One axis per chart, so every charted measure has the same unit.
  const counts = charted[0]?.unit === 'count';
  if (charted.some((c) => c.unit !== charted[0]?.unit))
    throw new Error(`${card.title}: a chart cannot draw amounts and counts on one axis`);
  return (
    <ReportCard
      {...card}
      columns={[textColumn(categoryLabel, category), ...measures.map((m) => m.column)]}
      isEmpty={isEmpty}
      chart={(rows) => (
        <ReportChart
          rows={rows}
          category={category}
          format={counts ? countFormat : usdtFormat}
          wholeNumbers={counts}
          stacked={stacked}
          series={charted.map((c) => c.series)}
        />
      )}
    />
  );
}

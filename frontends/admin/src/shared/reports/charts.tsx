// The report charts (recharts, bundled only with the report screens). Amounts arrive as decimal strings;
// they become numbers here only to place marks on the chart — the table view and the CSV keep the strings.
// Colours and ink come from the design system's chart theme; a chart of only zeros shows its empty state.
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_INK, CHART_TOOLTIP, ChartEmpty, onlyZeros } from '@cropvest/ui/chart-theme';
import { useReportCardMessages } from './messages/catalogue.ts';

export interface ChartSeries<Row> {
  label: string;
  value: (row: Row) => string | number;
  /** A bar per category or bucket, or a line through them. */
  mark: 'bar' | 'line';
  color: string;
  /** A projected series is drawn dashed (lines) or hatched lighter (bars), and its label says so. */
  projected?: boolean;
}

export interface ReportChartProps<Row> {
  rows: Row[];
  /** The label of each row on the x axis (a bucket's first day, a status, a harvest day). */
  category: (row: Row) => string;
  series: ChartSeries<Row>[];
  /** How the y axis and the tooltip print a value. */
  format: (value: number) => string;
  stacked?: boolean;
  /** Counts: no 0.5 on the axis. */
  wholeNumbers?: boolean;
}

// Three significant digits keep small values (a wait of 0.004 h) apart on the axis, and large ones short.
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

export function ReportChart<Row>({
  rows,
  category,
  series,
  format,
  stacked = false,
  wholeNumbers = false,
}: ReportChartProps<Row>) {
  const { text } = useReportCardMessages();
  const data = rows.map((row) => {
    const point: Record<string, string | number> = { category: category(row) };
    series.forEach((s, index) => (point[`s${index}`] = Number(s.value(row))));
    return point;
  });
  if (onlyZeros(rows.flatMap((row) => series.map((s) => s.value(row)))))
    return <ChartEmpty description={text('reportCard.allZero')} />;
  return (
    <div className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={CHART_INK.grid} />
          <XAxis dataKey="category" tick={{ fontSize: 12, fill: CHART_INK.axis }} minTickGap={16} />
          <YAxis
            tick={{ fontSize: 12, fill: CHART_INK.axis }}
            tickFormatter={(value: number) => compact.format(value)}
            width={56}
            allowDecimals={!wholeNumbers}
          />
          <Tooltip
            formatter={(value) => format(Number(value))}
            contentStyle={CHART_TOOLTIP.contentStyle}
            cursor={CHART_TOOLTIP.cursor}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s, index) =>
            s.mark === 'bar' ? (
              <Bar
                key={s.label}
                dataKey={`s${index}`}
                name={s.label}
                fill={s.color}
                fillOpacity={s.projected ? 0.45 : 1}
                stroke={s.projected ? s.color : undefined}
                strokeDasharray={s.projected ? '4 2' : undefined}
                stackId={stacked ? 'stack' : undefined}
                isAnimationActive={false}
              />
            ) : (
              <Line
                key={s.label}
                dataKey={`s${index}`}
                name={s.label}
                stroke={s.color}
                strokeWidth={2}
                strokeDasharray={s.projected ? '6 4' : undefined}
                dot={rows.length <= 31}
                isAnimationActive={false}
              />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

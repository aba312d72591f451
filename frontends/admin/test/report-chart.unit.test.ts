// A chart with only zeros shows its empty state instead of an empty axis (issue 27). The palette's contrast in
// both themes is checked with the design tokens (frontends/ui/test/design-tokens.unit.test.ts).
import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CHART_COLORS } from '@cropvest/ui/chart-theme';
import { ReportChart, type ReportChartProps } from '../src/shared/reports/charts.tsx';

interface Flow {
  day: string;
  deposits: string;
  withdrawals: string;
}

const chart = (rows: Flow[]) =>
  renderToStaticMarkup(
    createElement(ReportChart<Flow>, {
      rows,
      category: (row) => row.day,
      series: [
        { label: 'Deposits', value: (row) => row.deposits, mark: 'bar', color: CHART_COLORS.brand },
        { label: 'Withdrawals', value: (row) => row.withdrawals, mark: 'bar', color: CHART_COLORS.loss },
      ],
      format: String,
    } satisfies ReportChartProps<Flow>),
  );

describe('a report chart', () => {
  it('shows the empty state, not an empty axis, when every figure is zero', () => {
    const html = chart([
      { day: '2026-11-01', deposits: '0.00', withdrawals: '0' },
      { day: '2026-11-02', deposits: '0', withdrawals: '0.00' },
    ]);
    expect(html).toContain('Nothing to chart yet');
    expect(html).not.toContain('recharts');
  });

  it('draws a range with one figure that is not zero', () => {
    const html = chart([
      { day: '2026-11-01', deposits: '0.00', withdrawals: '0' },
      { day: '2026-11-02', deposits: '12.50', withdrawals: '0' },
    ]);
    expect(html).not.toContain('Nothing to chart yet');
  });
});

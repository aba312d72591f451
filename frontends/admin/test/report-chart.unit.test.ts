// A chart with only zeros shows its empty state instead of an empty axis, and the charts' colours are the
// design system's brand palette with accessible contrast (issue 27).
import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CHART_COLORS } from '@cropvest/ui/chart-theme';
import { ReportChart, type ReportChartProps } from '../src/screens/reports/charts.tsx';

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

/** WCAG relative luminance of a #rrggbb colour. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

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

  it('takes colours with at least 4.5:1 contrast against the white card', () => {
    for (const color of Object.values(CHART_COLORS))
      expect(1.05 / (luminance(color) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});

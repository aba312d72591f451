// The charts' look in one place (issue 27): the brand's palette and the ink of grids and axes, and the empty
// state a chart shows instead of an empty axis when it has nothing but zeros to draw.
import { ChartNoAxesColumn } from 'lucide-react';
import { EmptyState } from '@cropvest/ui/empty-state';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

/**
 * The brand's chart colours: the design tokens chart-1 to chart-6 (theme.css), so each series takes its light or
 * dark value with the page's theme. Each has at least 4.5:1 contrast against the card in its theme (so thin lines
 * and small marks stay visible; frontends/ui/test/design-tokens.unit.test.ts checks it), and a chart's legend
 * names every series in words, so no reading depends on telling two colours apart.
 */
export const CHART_COLORS = {
  /** The brand's emerald: money in, growth. */
  brand: 'var(--color-chart-1)',
  /** Red: money out, rejections. */
  loss: 'var(--color-chart-2)',
  /** Sky: net figures and liabilities. */
  sky: 'var(--color-chart-3)',
  /** Amber, the harvest: fees and payouts. */
  harvest: 'var(--color-chart-4)',
  /** Slate: neutral counts. */
  soil: 'var(--color-chart-5)',
  /** Teal: a second line beside the brand's bars. */
  water: 'var(--color-chart-6)',
} as const;

/** The grid's lines and the axes' words (the axis words at 10:1 on the card in both themes). */
export const CHART_INK = { grid: 'var(--color-chart-grid)', axis: 'var(--color-chart-axis)' } as const;

/** The hover tooltip and the bar cursor on the raised surface and ink of the page's theme (recharts draws white). */
export const CHART_TOOLTIP = {
  contentStyle: {
    backgroundColor: 'var(--color-surface-raised)',
    borderColor: 'var(--color-border)',
    color: 'var(--color-ink)',
  },
  cursor: { fill: 'var(--color-surface-strong)', fillOpacity: 0.5 },
} as const;

/** True when a chart would draw an axis and nothing on it: no values, or only zeros. */
export const onlyZeros = (values: readonly (string | number)[]): boolean =>
  values.every((value) => Number(value) === 0);

/** Shown in a chart's place when it has nothing but zeros to draw. */
export function ChartEmpty({ description }: { description: string }) {
  const { text } = useUiMessages();
  return (
    <EmptyState
      icon={<ChartNoAxesColumn className="h-8 w-8" />}
      title={text('ui.chart.empty')}
      description={description}
      className="py-10"
    />
  );
}

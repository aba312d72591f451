// The charts' look in one place (issue 27): the brand's palette and the ink of grids and axes, and the empty
// state a chart shows instead of an empty axis when it has nothing but zeros to draw.
import { ChartNoAxesColumn } from 'lucide-react';
import { EmptyState } from './empty-state.tsx';

/**
 * The brand's chart colours: the emerald of the buttons first, then earth and sky tones beside it. Each has at
 * least 4.5:1 contrast against the white card (so thin lines and small marks stay visible), and a chart's legend
 * names every series in words, so no reading depends on telling two colours apart.
 */
export const CHART_COLORS = {
  /** Emerald 700, the brand's primary: money in, growth. */
  brand: '#047857',
  /** Red 700: money out, rejections. */
  loss: '#b91c1c',
  /** Sky 700: net figures and liabilities. */
  sky: '#0369a1',
  /** Amber 700, the harvest: fees and payouts. */
  harvest: '#b45309',
  /** Slate 600: neutral counts. */
  soil: '#475569',
  /** Teal 700: a second line beside the brand's bars. */
  water: '#0f766e',
} as const;

/** The grid's lines and the axes' words (slate 200 and slate 700, the axis words at 10:1 on white). */
export const CHART_INK = { grid: '#e2e8f0', axis: '#334155' } as const;

/** True when a chart would draw an axis and nothing on it: no values, or only zeros. */
export const onlyZeros = (values: readonly (string | number)[]): boolean =>
  values.every((value) => Number(value) === 0);

/** Shown in a chart's place when it has nothing but zeros to draw. */
export function ChartEmpty({ description }: { description: string }) {
  return (
    <EmptyState
      icon={<ChartNoAxesColumn className="h-8 w-8" />}
      title="Nothing to chart yet"
      description={description}
      className="py-10"
    />
  );
}

// The front ends colour text, surfaces and borders only with the design tokens of frontends/ui/src/theme.css,
// and those tokens keep accessible contrast in the light and the dark theme (issue 27, decision 0110).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { appSources, FRONTENDS as frontends } from './app-sources.ts';

/** Where a raw palette colour is still right, with the reason. None today; add one only with its why. */
const ALLOWED: readonly { file: string; className: string; why: string }[] = [];

const PALETTE =
  'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
/** A Tailwind colour utility naming a palette colour (text-slate-600, hover:bg-white/95, ring-emerald-600). */
const RAW_COLOUR = new RegExp(
  `(?<![\\w-])(?:[\\w[\\]=&-]+:)*(?:text|bg|border(?:-[trblxy])?|divide|ring|ring-offset|outline|fill|stroke|from|via|to|accent|placeholder|decoration|caret|shadow)-(?:white|black|(?:${PALETTE})-\\d{2,3})(?:/\\d+)?(?![\\w-])`,
  'g',
);

/** The light and dark value of each colour token in theme.css (a single value serves both themes). */
function colourTokens(): Map<string, { light: string; dark: string }> {
  const css = readFileSync(path.join(frontends, 'ui/src/theme.css'), 'utf8');
  const tokens = new Map<string, { light: string; dark: string }>();
  for (const match of css.matchAll(/--color-([\w-]+):\s*([^;]+);/g)) {
    const [, name, value] = match as unknown as [string, string, string];
    const pair = /^light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)$/i.exec(value.trim());
    tokens.set(
      name,
      pair ? { light: pair[1]!, dark: pair[2]! } : { light: value.trim(), dark: value.trim() },
    );
  }
  return tokens;
}

/** WCAG relative luminance of a #rrggbb colour. */
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('design tokens', () => {
  it('are the only colours the front ends use for text, surfaces and borders', () => {
    const found: string[] = [];
    for (const file of [...appSources(), path.join(frontends, 'shell/index.html')]) {
      const relative = path.relative(frontends, file);
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const [className] of line.matchAll(RAW_COLOUR)) {
            const bare = className.replace(/^.*:/, '');
            if (!ALLOWED.some((allowed) => allowed.file === relative && allowed.className === bare))
              found.push(`${relative}:${index + 1} ${className}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('catches a raw palette class', () => {
    expect('a hover:bg-white/95 text-slate-600 ring-emerald-600 text-ink'.match(RAW_COLOUR)).toEqual([
      'hover:bg-white/95',
      'text-slate-600',
      'ring-emerald-600',
    ]);
  });

  const tokens = colourTokens();
  const pairs: [ink: string, on: string, minimum: number][] = [
    ...['ink', 'ink-muted', 'ink-subtle'].flatMap((ink) =>
      ['surface', 'surface-muted', 'surface-raised'].map((on): [string, string, number] => [ink, on, 4.5]),
    ),
    ...['brand', 'success', 'warning', 'danger', 'info'].flatMap((tone): [string, string, number][] => [
      [`on-${tone}`, tone, 4.5],
      [`${tone}-ink`, `${tone}-muted`, 4.5],
      [tone, 'surface', 4.5],
      [tone, `${tone}-muted`, 4.5],
    ]),
    ['on-inverse', 'inverse', 4.5],
    ['on-inverse-muted', 'inverse', 4.5],
    ['inverse-accent', 'inverse', 4.5],
    ['focus', 'surface', 3],
    ['chart-axis', 'surface', 4.5],
    ...[1, 2, 3, 4, 5, 6].map((n): [string, string, number] => [`chart-${n}`, 'surface', 4.5]),
  ];

  it.each(['light', 'dark'] as const)('keep accessible contrast in the %s theme', (theme) => {
    const failing = pairs.flatMap(([ink, on, minimum]) => {
      const fore = tokens.get(ink)?.[theme];
      const back = tokens.get(on)?.[theme];
      if (!fore || !back) return [`${ink} on ${on}: token missing`];
      const ratio = contrast(fore, back);
      return ratio >= minimum ? [] : [`${ink} on ${on}: ${ratio.toFixed(2)} < ${minimum}`];
    });
    expect(failing).toEqual([]);
  });
});

// Right to left works on every screen (issue 27 item 6): spacing, borders, corners, alignment and positions are
// written with Tailwind's logical utilities (ms-, pe-, border-s, rounded-e, text-start, start-0, ...), which follow
// the page's reading direction, never with the physical ones (ml-, pr-, border-l, rounded-r, text-left, left-0),
// which stay put when the right-to-left pseudo-locale mirrors the page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { appSources, FRONTENDS } from './app-sources.ts';

/**
 * A physical-direction utility with any variants (`sm:text-right`, `focus:left-2`). `left-1/2` with its
 * translate centres a dialog, the same in both directions.
 */
const PHYSICAL = new RegExp(
  [
    String.raw`(?<![\w/-])(?:[\w[\]=&-]+:)*-?(?:`,
    String.raw`(?:left|right)-(?!1/2)[\d[]`,
    String.raw`|(?:scroll-)?[mp][lr]-[\w.[]`,
    String.raw`|text-(?:left|right)(?![\w-])`,
    String.raw`|border-[lr](?![\w])|border-[lr]-`,
    String.raw`|rounded-(?:[lr]|[tb][lr])(?![\w])|rounded-(?:[lr]|[tb][lr])-`,
    // The rest of the utility, for the message.
    String.raw`)[^\s"'\`]*`,
  ].join(''),
  'g',
);

const physicalIn = (source: string): string[] => [...source.matchAll(PHYSICAL)].map((match) => match[0]);

describe('reading direction', () => {
  it('recognises the physical utilities and leaves the logical ones', () => {
    expect(
      physicalIn('"mr-1 pl-2.5 sm:text-right focus:left-2 border-l-4 rounded-r-md -ml-px right-[3px]"'),
    ).toEqual([
      'mr-1',
      'pl-2.5',
      'sm:text-right',
      'focus:left-2',
      'border-l-4',
      'rounded-r-md',
      '-ml-px',
      'right-[3px]',
    ]);
    expect(
      physicalIn('"me-1 ps-2.5 sm:text-end focus:start-2 border-s-4 rounded-e-md left-1/2 -translate-x-1/2"'),
    ).toEqual([]);
    // Words in prose and names are not utilities.
    expect(physicalIn('// right-aligned figures; html-safe; the left-hand column')).toEqual([]);
  });

  it('no front-end source positions anything by left or right', () => {
    const found = appSources().flatMap((file) =>
      physicalIn(readFileSync(file, 'utf8')).map(
        (utility) => `${path.relative(FRONTENDS, file)}: ${utility}`,
      ),
    );
    expect(found).toEqual([]);
  });
});

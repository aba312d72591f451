import { describe, expect, it } from '@jest/globals';
import { stringify } from 'csv-stringify/sync';
import { announcedStep, csvRecordCounter, dataRows, percentOf } from '../src/screens/export/progress.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the export progress', () => {
  it('counts CSV records across chunks, line feeds and quotes inside quoted fields included', () => {
    const csv = stringify(
      [
        ['ID', 'Reason'],
        ['1', 'two\nlines'],
        ['2', 'say "hi",\n"quoted"'],
        ['3', ''],
      ],
      {},
    );
    // Every split point, so a quote or a line feed may fall at either end of a chunk.
    for (let cut = 0; cut <= csv.length; cut++) {
      const counter = csvRecordCounter();
      counter.add(bytes(csv.slice(0, cut)));
      expect(dataRows(counter.add(bytes(csv.slice(cut))))).toBe(3);
    }
  });

  it('gives the share of the announced total, 100 for an empty export, nothing while unknown', () => {
    expect(percentOf(250, 1000)).toBe(25);
    expect(percentOf(0, 0)).toBe(100);
    expect(percentOf(5, null)).toBeNull();
    expect(percentOf(12, 10)).toBe(100);
  });

  it('announces quarters only', () => {
    expect([0, 24.9, 25, 74, 99.9, 100].map(announcedStep)).toEqual([0, 0, 25, 50, 75, 100]);
    expect(announcedStep(null)).toBeNull();
  });
});

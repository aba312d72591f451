import { describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from '../src/index.ts';
import { calendarDayStart } from '../src/calendar.ts';
import {
  STATEMENT_FORMAT_INVALID,
  STATEMENT_RANGE_REVERSED,
  STATEMENT_RANGE_TOO_LONG,
  StatementQuery,
} from '../src/wallet/statement.ts';

const messages = (input: unknown) =>
  StatementQuery.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('statement range', () => {
  it('accepts one day, and a whole leap year of 366 days', () => {
    expect(StatementQuery.parse({ from: '2026-03-01', to: '2026-03-01', format: 'csv' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      format: 'csv',
    });
    expect(StatementQuery.safeParse({ from: '2028-01-01', to: '2028-12-31', format: 'pdf' }).success).toBe(
      true,
    );
    expect(StatementQuery.safeParse({ from: '2025-03-01', to: '2026-03-01', format: 'pdf' }).success).toBe(
      true,
    );
  });

  it('refuses more than 366 days', () => {
    expect(messages({ from: '2025-03-01', to: '2026-03-02', format: 'csv' })).toEqual([
      STATEMENT_RANGE_TOO_LONG,
    ]);
    expect(STATEMENT_RANGE_TOO_LONG).toBe('A statement covers at most 1 year per request');
  });

  it('refuses an end before the start', () => {
    expect(messages({ from: '2026-03-02', to: '2026-03-01', format: 'csv' })).toEqual([
      STATEMENT_RANGE_REVERSED,
    ]);
  });

  it.each([
    ['2031-02-30', 'from is not a real calendar day: 2031-02-30'],
    ['2031-02-29', 'from is not a real calendar day: 2031-02-29'],
    ['2026-13-01', 'from is not a real calendar day: 2026-13-01'],
    ['2026-04-31', 'from is not a real calendar day: 2026-04-31'],
    ['2026-4-1', 'from must be a day as YYYY-MM-DD'],
    ['2026-04-01T00:00:00Z', 'from must be a day as YYYY-MM-DD'],
    ['yesterday', 'from must be a day as YYYY-MM-DD'],
    ['1999-12-31', 'from must be a day between 2000-01-01 and 2199-12-31'],
  ])('refuses from=%s, and judges no range around it', (from, message) => {
    expect(messages({ from, to: '2026-05-01', format: 'csv' })).toEqual([message]);
  });

  it('accepts 29 February in a leap year only', () => {
    expect(calendarDayStart('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(calendarDayStart('2027-02-29')).toBeNull();
  });

  it('names each missing parameter, a repeated one, a bad format and an unknown parameter', () => {
    expect(messages({})).toEqual([
      'from is required (a day as YYYY-MM-DD)',
      'to is required (a day as YYYY-MM-DD)',
      STATEMENT_FORMAT_INVALID,
    ]);
    expect(messages({ from: ['2026-01-01', '2026-02-01'], to: '2026-03-01', format: 'csv' })).toEqual([
      'from must be given once, as YYYY-MM-DD',
    ]);
    expect(messages({ from: '2026-01-01', to: '2026-03-01', format: 'xlsx' })).toEqual([
      STATEMENT_FORMAT_INVALID,
    ]);
    expect(messages({ from: '2026-01-01', to: '2026-03-01', format: 'csv', userId: 'someone' })).toEqual([
      'Unknown field: userId',
    ]);
  });
});

describe('the statement in the OpenAPI document', () => {
  it('declares the three query parameters and answers a CSV or a PDF file', () => {
    const get = buildOpenApiDocument().paths?.['/api/statement']?.get;
    expect(get?.parameters).toEqual(
      ['from', 'to', 'format'].map((name) => expect.objectContaining({ in: 'query', name, required: true })),
    );
    expect(Object.keys(get?.responses?.['200']?.content ?? {})).toEqual(['text/csv', 'application/pdf']);
    expect(get?.security).toEqual([{ bearer: [] }]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { RunningBalance, statementLine, statementPeriod, type LedgerLine } from '../src/domain/statement.ts';

const line = (overrides: Partial<LedgerLine>): LedgerLine => ({
  id: 1,
  createdAt: new Date('2026-03-01T10:00:00.123Z'),
  kind: 'deposit',
  referenceId: '0195f7a0-0000-7000-8000-000000000001',
  memo: null,
  amount: '100.00000000',
  balanceAfter: '100.00000000',
  ...overrides,
});

describe('statement rules', () => {
  it('covers the given UTC days, both included', () => {
    expect(statementPeriod('2026-02-28', '2026-03-01')).toEqual({
      start: new Date('2026-02-28T00:00:00.000Z'),
      end: new Date('2026-03-02T00:00:00.000Z'),
    });
  });

  it('shows each movement in plain words with a signed amount and the balance after it', () => {
    expect(statementLine(line({}))).toEqual({
      at: '2026-03-01T10:00:00.123Z',
      type: 'Deposit',
      reference: '0195f7a0-0000-7000-8000-000000000001',
      amount: '+100.00000000',
      balance: '100.00000000',
    });
    expect(statementLine(line({ kind: 'withdrawal_hold', amount: '-20.50000000' }))).toMatchObject({
      type: 'Withdrawal requested',
      amount: '-20.50000000',
    });
    expect(statementLine(line({ kind: 'withdrawal_release' })).type).toBe('Withdrawal returned (rejected)');
    expect(statementLine(line({ kind: 'harvest_interest' })).type).toBe('Harvest interest');
  });

  it("shows an adjustment's reason, and defuses spreadsheet formulas", () => {
    const adjustment = (memo: string) =>
      statementLine(line({ kind: 'adjustment', referenceId: null, memo })).reference;
    expect(adjustment('Goodwill credit, ticket 12')).toBe('Goodwill credit, ticket 12');
    expect(adjustment('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(adjustment('-5 correction')).toBe("'-5 correction");
  });

  it('refuses lines that do not follow from the opening balance, and a closing they do not reach', () => {
    const running = new RunningBalance('10.00000000');
    running.add({ id: 1, amount: '0.10000000', balanceAfter: '10.10000000' });
    running.add({ id: 2, amount: '-0.20000000', balanceAfter: '9.90000000' });
    expect(() => running.closesAt('9.90000000')).not.toThrow();
    expect(() => running.closesAt('9.90000001')).toThrow('add up to 9.90000000, not 9.90000001');
    expect(() => running.add({ id: 3, amount: '1.00000000', balanceAfter: '11.00000000' })).toThrow(
      'statement line 3',
    );
  });
});

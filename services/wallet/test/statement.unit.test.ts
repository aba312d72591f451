import { describe, expect, it } from '@jest/globals';
import { STATEMENT_REALISED_LOSS_ROW } from '@cropvest/contracts';
import {
  RunningBalance,
  statementLine,
  statementLines,
  statementPeriod,
  type LedgerLine,
  type StatementLoss,
} from '../src/domain/statement.ts';

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
      realisedLoss: '',
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

  it('puts each realised loss right after the entry it followed, moving no money, the balance exact', async () => {
    async function* from<T>(items: T[]): AsyncGenerator<T> {
      for (const item of items) yield await Promise.resolve(item);
    }
    const loss = (afterEntryId: number, amount: string): StatementLoss => ({
      investmentId: `0195f7a0-0000-7000-8000-00000000000${afterEntryId}`,
      amount,
      afterEntryId,
      createdAt: new Date('2026-03-02T08:00:00.000Z'),
    });
    const movements = [
      line({ id: 5, kind: 'harvest_principal', amount: '505.00000000', balanceAfter: '605.00000000' }),
      line({ id: 9, kind: 'harvest_principal', amount: '600.00000000', balanceAfter: '1205.00000000' }),
    ];
    const rows = [];
    for await (const row of statementLines(
      { opening: '100.00000000', closing: '1205.00000000' },
      from(movements),
      from([loss(2, '1'), loss(5, '505'), loss(9, '410.5')]),
    ))
      rows.push([row.type, row.amount, row.balance, row.realisedLoss]);
    expect(rows).toEqual([
      // Recorded after an entry of an earlier period: first.
      [STATEMENT_REALISED_LOSS_ROW, '', '100.00000000', '1.00000000'],
      ['Harvest principal', '+505.00000000', '605.00000000', ''],
      [STATEMENT_REALISED_LOSS_ROW, '', '605.00000000', '505.00000000'],
      ['Harvest principal', '+600.00000000', '1205.00000000', ''],
      [STATEMENT_REALISED_LOSS_ROW, '', '1205.00000000', '410.50000000'],
    ]);

    const wrongClosing = statementLines(
      { opening: '100.00000000', closing: '1205.00000001' },
      from(movements),
      from([loss(5, '505')]),
    );
    await expect(
      (async () => {
        for await (const row of wrongClosing) void row;
      })(),
    ).rejects.toThrow('not 1205.00000001');
  });
});

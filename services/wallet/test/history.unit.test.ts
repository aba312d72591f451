import { describe, expect, it } from '@jest/globals';
import { toHistoryItem, type HistoryRow } from '../src/db/history.ts';

const row = (overrides: Partial<HistoryRow>): HistoryRow => ({
  id: '0190a0b0-0000-7000-8000-000000000001',
  source: 'deposit',
  direction: 'in',
  amount: '10.00000000',
  status: 'completed',
  memo: null,
  wallet_address: null,
  txid: null,
  reference_id: null,
  created_at: new Date('2026-11-22T08:00:00.000Z'),
  ...overrides,
});

describe('how a transaction history row reads', () => {
  it.each([
    [{ source: 'deposit', txid: 'abc' }, 'deposit', 'Deposit', 'abc'],
    [{ source: 'withdrawal', wallet_address: 'TXYZ' }, 'withdrawal', 'Withdrawal to TXYZ', 'TXYZ'],
    [
      { source: 'investment', memo: 'Soy · 2 slots', reference_id: 'i1' },
      'investment',
      'Soy · 2 slots',
      'i1',
    ],
    [{ source: 'investment', reference_id: 'i1' }, 'investment', 'Investment', 'i1'],
    [
      { source: 'harvest_principal', memo: 'Soy', reference_id: 'i1' },
      'harvest',
      'Soy · Harvest payout (principal)',
      'i1',
    ],
    [{ source: 'harvest_interest', reference_id: 'i1' }, 'harvest', 'Harvest payout (interest)', 'i1'],
    [
      { source: 'adjustment', memo: 'Duplicate credit' },
      'adjustment',
      'Balance adjustment: Duplicate credit',
      null,
    ],
    [{ source: 'adjustment' }, 'adjustment', 'Balance adjustment', null],
    [
      { source: 'realised_loss', direction: 'none', memo: 'Soy', reference_id: 'i1' },
      'realised_loss',
      'Soy · Realised loss: due at harvest, not paid (settled short)',
      'i1',
    ],
  ] as const)('%j is a %s: "%s", reference %s', (overrides, type, description, reference) => {
    expect(toHistoryItem(row(overrides))).toMatchObject({ type, description, reference });
  });

  it('keeps the amount unsigned, the direction and status as read, and the time in ISO form', () => {
    expect(
      toHistoryItem(row({ source: 'withdrawal', direction: 'out', status: 'pending', wallet_address: 'T' })),
    ).toEqual({
      id: '0190a0b0-0000-7000-8000-000000000001',
      type: 'withdrawal',
      direction: 'out',
      amount: '10.00000000',
      status: 'pending',
      description: 'Withdrawal to T',
      reference: 'T',
      createdAt: '2026-11-22T08:00:00.000Z',
    });
  });
});

// The rules a payout is verified by (decision 0080), one by one, on made-up lookups.
import { describe, expect, it } from '@jest/globals';
import { judgePayout, type PayoutContext } from '../src/domain/payouts.ts';
import type { TokenTransfer, TransactionLookup } from '../src/adapters/types.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PLATFORM = 'TPlatformAddressxxxxxxxxxxxxxxxxx';
const INVESTOR = 'TInvestorAddressxxxxxxxxxxxxxxxxx';
const ELSEWHERE = 'TSomewhereElsexxxxxxxxxxxxxxxxxxx';

const context = (overrides: Partial<PayoutContext> = {}): PayoutContext => ({
  network: 'TRC20',
  usdtContract: USDT,
  decimals: 6,
  platformAddresses: new Set([PLATFORM]),
  toAddress: INVESTOR,
  amount: '125.50000000',
  claimedLogIndexes: new Set(),
  checkAgeMs: 1_000,
  notFoundWindowMs: 60 * 60_000,
  ...overrides,
});

const payment = (overrides: Partial<TokenTransfer> = {}): TokenTransfer => ({
  logIndex: 0,
  contract: USDT,
  from: PLATFORM,
  to: INVESTOR,
  rawAmount: 125_500_000n,
  ...overrides,
});

const found = (transfers: TokenTransfer[], overrides: object = {}) =>
  ({
    kind: 'found',
    txHash: 'ab'.repeat(32),
    success: true,
    blockNumber: 10n,
    blockTime: null,
    transfers,
    confirmations: 19,
    requiredConfirmations: 19,
    final: true,
    ...overrides,
  }) as TransactionLookup;

describe('verifying a payout', () => {
  it('verifies the exact amount of USDT from a platform address to the investor’s address, once final', () => {
    expect(judgePayout(found([payment()]), context())).toMatchObject({ kind: 'verified', logs: [payment()] });
    expect(judgePayout(found([payment()], { final: false, confirmations: 3 }), context())).toMatchObject({
      kind: 'pending',
      status: 'confirming',
      confirmations: 3,
    });
  });

  it.each<[string, TokenTransfer[], object, string]>([
    ['a failed transaction', [payment()], { success: false }, 'transaction_failed'],
    ['another token', [payment({ contract: 'TLookAlikexxxxxxxxxxxxxxxxxxxxxxx' })], {}, 'wrong_token'],
    ['USDT from someone else', [payment({ from: ELSEWHERE })], {}, 'not_from_platform'],
    ['USDT to another address', [payment({ to: ELSEWHERE })], {}, 'wrong_recipient'],
    ['a smaller amount', [payment({ rawAmount: 125_000_000n })], {}, 'wrong_amount'],
    ['a larger amount', [payment({ rawAmount: 125_500_001n })], {}, 'wrong_amount'],
  ])('flags %s', (_what, transfers, overrides, reason) => {
    expect(judgePayout(found(transfers, overrides), context())).toMatchObject({ kind: 'mismatch', reason });
  });

  it('flags a transaction that already pays something else', () => {
    expect(judgePayout(found([payment()]), context({ claimedLogIndexes: new Set([0]) }))).toMatchObject({
      reason: 'already_used',
    });
  });

  it('says how much was paid when the amount is wrong', () => {
    expect(judgePayout(found([payment({ rawAmount: 100_000_000n })]), context())).toMatchObject({
      message: 'The transaction paid 100 USDT; the withdrawal is 125.5 USDT.',
    });
  });

  it('waits for an unknown transaction, then says it is not found', () => {
    expect(judgePayout({ kind: 'not_found' }, context())).toMatchObject({ status: 'not_found_yet' });
    expect(judgePayout({ kind: 'not_found' }, context({ checkAgeMs: 60 * 60_000 }))).toMatchObject({
      status: 'not_found',
    });
  });
});

// The rules a deposit claim is judged by (decision 0080), one by one, on made-up lookups.
import { describe, expect, it } from '@jest/globals';
import { checkTxid } from '@cropvest/contracts';
import { judgeClaim, nextCheckDelayMs, type ClaimContext } from '../src/domain/claims.ts';
import { moneyToUnits, unitsToMoney } from '../src/domain/amounts.ts';
import type { TokenTransfer, TransactionLookup } from '../src/adapters/types.ts';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const LOOK_ALIKE = '0x1111111111111111111111111111111111111111';
const PLATFORM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SOMEONE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const context = (overrides: Partial<ClaimContext> = {}): ClaimContext => ({
  network: 'ERC20',
  usdtContract: USDT,
  decimals: 6,
  // Compared in lower case on EVM networks, whatever case the address was written in.
  platformAddresses: new Set([PLATFORM.toLowerCase()]),
  claimedLogIndexes: new Set(),
  claimAgeMs: 1_000,
  notFoundWindowMs: 60 * 60_000,
  ...overrides,
});

const transfer = (overrides: Partial<TokenTransfer> = {}): TokenTransfer => ({
  logIndex: 0,
  contract: USDT,
  from: SOMEONE,
  to: PLATFORM,
  rawAmount: 150_000_000n,
  ...overrides,
});

const found = (transfers: TokenTransfer[], overrides: Partial<TransactionLookup & { kind: 'found' }> = {}) =>
  ({
    kind: 'found',
    txHash: `0x${'ab'.repeat(32)}`,
    success: true,
    blockNumber: 100n,
    blockTime: null,
    transfers,
    confirmations: 12,
    requiredConfirmations: 12,
    final: true,
    ...overrides,
  }) as TransactionLookup;

describe('judging a deposit claim', () => {
  it('verifies a final USDT transfer to a platform address and credits what it moved', () => {
    expect(judgeClaim(found([transfer()]), context())).toMatchObject({
      kind: 'verified',
      amount: '150.00000000',
      rawAmount: 150_000_000n,
      logs: [transfer()],
    });
  });

  it('credits the sum of every USDT log to the platform in the transaction, and only those', () => {
    const verdict = judgeClaim(
      found([
        transfer({ logIndex: 0, rawAmount: 1_000_000n }),
        transfer({ logIndex: 1, to: SOMEONE, rawAmount: 5_000_000n }),
        transfer({ logIndex: 2, contract: LOOK_ALIKE, rawAmount: 9_000_000n }),
        transfer({ logIndex: 3, rawAmount: 2_500_000n }),
      ]),
      context(),
    );
    expect(verdict).toMatchObject({ kind: 'verified', amount: '3.50000000' });
    expect(verdict.kind === 'verified' && verdict.logs.map((log) => log.logIndex)).toEqual([0, 3]);
  });

  it('refuses a failed transaction at once, even before it is final', () => {
    expect(judgeClaim(found([transfer()], { success: false, final: false }), context())).toMatchObject({
      kind: 'refused',
      reason: 'transaction_failed',
    });
  });

  it('refuses a token that only shares the name and symbol of USDT', () => {
    const verdict = judgeClaim(found([transfer({ contract: LOOK_ALIKE })]), context());
    expect(verdict).toMatchObject({ kind: 'refused', reason: 'wrong_token' });
    expect(verdict.kind === 'refused' && verdict.message).toContain(LOOK_ALIKE);
  });

  it('refuses USDT that went to another address, and a transfer out of the platform (a third party’s transferFrom)', () => {
    expect(judgeClaim(found([transfer({ to: SOMEONE })]), context())).toMatchObject({
      reason: 'wrong_recipient',
    });
    expect(judgeClaim(found([transfer({ from: PLATFORM, to: SOMEONE })]), context())).toMatchObject({
      reason: 'wrong_recipient',
    });
  });

  it('refuses a transaction with no Transfer log at all', () => {
    expect(judgeClaim(found([]), context())).toMatchObject({ reason: 'no_usdt_transfer' });
  });

  it('refuses a log someone else already claimed', () => {
    expect(judgeClaim(found([transfer()]), context({ claimedLogIndexes: new Set([0]) }))).toMatchObject({
      reason: 'already_claimed',
    });
  });

  it('refuses dust below the 1 USDT minimum, and counts 18-decimal amounts exactly', () => {
    expect(judgeClaim(found([transfer({ rawAmount: 999_999n })]), context())).toMatchObject({
      reason: 'below_minimum',
    });
    expect(
      judgeClaim(
        found([transfer({ rawAmount: 10n ** 18n - 1n })]),
        context({ network: 'BEP20', decimals: 18 }),
      ),
    ).toMatchObject({ reason: 'below_minimum' });
    expect(
      judgeClaim(found([transfer({ rawAmount: 10n ** 18n })]), context({ network: 'BEP20', decimals: 18 })),
    ).toMatchObject({ kind: 'verified', amount: '1.00000000' });
  });

  it('waits while the transaction confirms, saying how far it is', () => {
    expect(judgeClaim(found([transfer()], { confirmations: 4, final: false }), context())).toEqual({
      kind: 'pending',
      status: 'confirming',
      confirmations: 4,
      requiredConfirmations: 12,
      message: 'Confirming on ERC-20: 4 of 12 blocks.',
    });
  });

  it('waits for a transaction no node knows, then sends it to an admin after the window', () => {
    expect(judgeClaim({ kind: 'not_found' }, context())).toMatchObject({ status: 'not_found_yet' });
    expect(judgeClaim({ kind: 'not_found' }, context({ claimAgeMs: 60 * 60_000 }))).toMatchObject({
      status: 'not_found',
      message: expect.stringContaining('An admin will review the deposit'),
    });
  });

  it('compares TRON addresses as written (base58 is case-sensitive)', () => {
    const tron = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
    const tronContext = context({
      network: 'TRC20',
      usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      platformAddresses: new Set([tron]),
    });
    const tronTransfer = transfer({ contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', to: tron });
    expect(judgeClaim(found([tronTransfer]), tronContext)).toMatchObject({ kind: 'verified' });
    expect(judgeClaim(found([{ ...tronTransfer, to: tron.toLowerCase() }]), tronContext)).toMatchObject({
      reason: 'wrong_recipient',
    });
  });
});

describe('when a claim is looked at again', () => {
  it('soon while it confirms, then less and less often while it stays unknown, at most every 10 minutes', () => {
    expect(nextCheckDelayMs('confirming', 50, 5_000)).toBe(5_000);
    expect(nextCheckDelayMs('not_found_yet', 0, 5_000)).toBe(5_000);
    expect(nextCheckDelayMs('not_found_yet', 3, 5_000)).toBe(16_875);
    expect(nextCheckDelayMs('not_found', 100, 5_000)).toBe(600_000);
  });
});

describe('token amounts in the ledger', () => {
  it('truncates what the ledger cannot hold, never rounding up', () => {
    expect(unitsToMoney(150_000_000n, 6)).toBe('150.00000000');
    expect(unitsToMoney(1n, 6)).toBe('0.00000100');
    expect(unitsToMoney(123_456_789_012_345_678_999n, 18)).toBe('123.45678901');
    expect(unitsToMoney(0n, 18)).toBe('0.00000000');
  });

  it('turns a ledger amount back into base units exactly', () => {
    expect(moneyToUnits('150.5', 6)).toBe(150_500_000n);
    expect(moneyToUnits('1.00000000', 18)).toBe(10n ** 18n);
    expect(() => moneyToUnits('0.0000001', 6)).toThrow('more than 6 decimals');
  });
});

describe('transaction ids', () => {
  const hex = 'AB'.repeat(32);
  it('are 64 hex digits, 0x optional, in each network’s own form, with one key for all', () => {
    expect(checkTxid('TRC20', `0x${hex}`)).toEqual({
      ok: true,
      txid: hex.toLowerCase(),
      key: hex.toLowerCase(),
    });
    expect(checkTxid('ERC20', hex)).toEqual({
      ok: true,
      txid: `0x${hex.toLowerCase()}`,
      key: hex.toLowerCase(),
    });
  });

  it('say what is wrong with a malformed one', () => {
    expect(checkTxid('TRC20', 'tx-123')).toEqual({
      ok: false,
      message: 'A transaction id is made of the digits 0-9 and the letters a-f only',
    });
    expect(checkTxid('BEP20', '0xabc')).toEqual({
      ok: false,
      message: 'A BEP-20 transaction id has 64 hexadecimal digits after 0x; this one has 3',
    });
  });
});

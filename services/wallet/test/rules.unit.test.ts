import { describe, expect, it } from '@jest/globals';
import { DepositRequest, WithdrawalStatusUpdate } from '@cropvest/contracts';
import { reviewRefusal, transferKeys } from '../src/domain/reviews.ts';

describe('reviews', () => {
  it('only a pending item can be reviewed', () => {
    expect(reviewRefusal('Deposit', 'pending')).toBeNull();
    expect(reviewRefusal('Deposit', 'approved')).toBe('Deposit has already been approved');
    expect(reviewRefusal('Withdrawal', 'rejected')).toBe('Withdrawal has already been rejected');
  });

  it('gives every movement of one item its own idempotency key', () => {
    const id = 'x';
    const keys = [
      transferKeys.withdrawalHold(id),
      transferKeys.withdrawalSettle(id),
      transferKeys.withdrawalRelease(id),
      transferKeys.depositCredit(id),
      transferKeys.investmentDebit(id),
      transferKeys.harvestPrincipal(id),
      transferKeys.harvestInterest(id),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('input contracts', () => {
  it('accepts amounts as strings or numbers and returns 8-decimal strings', () => {
    // Without a network the spec's call means TRC-20.
    expect(DepositRequest.parse({ amount: 12.5 })).toEqual({
      amount: '12.50000000',
      network: 'TRC20',
      txid: null,
      screenshotUrl: null,
    });
    expect(DepositRequest.parse({ amount: ' 1 ', txid: '  ', screenshotUrl: '' })).toEqual({
      amount: '1.00000000',
      network: 'TRC20',
      txid: null,
      screenshotUrl: null,
    });
    // A transaction id in each network's form: TRON's without 0x, EVM's with it, lower case.
    const hash = 'AB'.repeat(32);
    expect(DepositRequest.parse({ amount: 5, txid: ` 0x${hash} ` }).txid).toBe(hash.toLowerCase());
    expect(DepositRequest.parse({ amount: 5, network: 'BEP20', txid: hash }).txid).toBe(
      `0x${hash.toLowerCase()}`,
    );
    expect(DepositRequest.safeParse({ amount: 5, txid: 'tx-1' }).error?.issues[0]).toMatchObject({
      path: ['txid'],
      message: 'A transaction id is made of the digits 0-9 and the letters a-f only',
    });
  });

  it.each([
    [{ amount: '1.000000001' }, 'Amount must have at most 8 decimal places'],
    [{ amount: '1e3' }, 'Amount must be a plain decimal number'],
    [{ amount: 1e-7 }, 'Amount must be a plain decimal number, not exponent notation'],
    [{ amount: null }, 'Amount is required'],
    [{ amount: [1] }, 'Amount must be a number'],
    [{ amount: '10000000000' }, 'Amount is too large'],
  ])('refuses %j', (body, message) => {
    const result = DepositRequest.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('trims review notes and drops empty ones', () => {
    const payout = 'cd'.repeat(32);
    expect(WithdrawalStatusUpdate.parse({ status: 'approved', txid: `  ${payout} ` })).toEqual({
      status: 'approved',
      txid: payout,
      rejectionReason: null,
    });
    expect(WithdrawalStatusUpdate.safeParse({ status: 'approved', txid: 'abc' }).success).toBe(false);
    expect(WithdrawalStatusUpdate.safeParse({ status: 'maybe' }).success).toBe(false);
  });
});

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
    expect(DepositRequest.parse({ amount: 12.5 })).toEqual({
      amount: '12.50000000',
      txid: null,
      screenshotUrl: null,
    });
    expect(DepositRequest.parse({ amount: ' 1 ', txid: '  ', screenshotUrl: '' })).toEqual({
      amount: '1.00000000',
      txid: null,
      screenshotUrl: null,
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
    expect(WithdrawalStatusUpdate.parse({ status: 'approved', txid: '  abc ' })).toEqual({
      status: 'approved',
      txid: 'abc',
      rejectionReason: null,
    });
    expect(WithdrawalStatusUpdate.safeParse({ status: 'maybe' }).success).toBe(false);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { WithdrawalLimits } from '@cropvest/contracts/wallet/withdrawal-limits';
import { limitProblem, withLimitProblem } from '../src/screens/withdraw/limits.ts';

const window = (remaining: string, window: 'day' | 'month') => ({
  window,
  hours: window === 'day' ? 24 : 720,
  limit: '1000.00000000',
  used: '0.00000000',
  remaining,
});
const limits = (day: string, month: string): WithdrawalLimits => ({
  kycLevel: 'verified',
  raised: false,
  day: window(day, 'day'),
  month: window(month, 'month'),
});

describe('the Withdraw form’s limit check', () => {
  it('refuses an amount over what remains in either window, naming what remains', () => {
    expect(limitProblem('250', limits('250.00000000', '900.00000000'))).toBeNull();
    expect(limitProblem('250.01', limits('250.00000000', '900.00000000'))).toBe(
      'Over your 24-hour withdrawal limit: 250.00 USDT remains',
    );
    expect(limitProblem('200', limits('250.00000000', '199.99000000'))).toBe(
      'Over your 30-day withdrawal limit: 199.99 USDT remains',
    );
  });

  it('waits for the limits and for a number, and keeps the amount’s own problem first', () => {
    expect(limitProblem('99999', undefined)).toBeNull();
    expect(limitProblem('abc', limits('1.00000000', '1.00000000'))).toBeNull();
    expect(
      withLimitProblem({ amount: 'Insufficient balance' }, '500', limits('1.00000000', '1.00000000')).amount,
    ).toBe('Insufficient balance');
    expect(
      withLimitProblem({ amount: null, walletAddress: null }, '5', limits('1.00000000', '9.00000000')),
    ).toEqual({ amount: 'Over your 24-hour withdrawal limit: 1.00 USDT remains', walletAddress: null });
  });
});

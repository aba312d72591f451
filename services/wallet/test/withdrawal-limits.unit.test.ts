import { describe, expect, it } from '@jest/globals';
import {
  compareAmounts,
  DEFAULT_WITHDRAWAL_LIMITS,
  WithdrawalLimitRaiseRequest,
  withdrawalLimitMessage,
  withdrawalLimitsProblem,
} from '@cropvest/contracts';
import {
  fitsWithinLimits,
  isRaise,
  kycLevelOf,
  levelLimits,
  limitsInForce,
  limitWindow,
  raiseNeedsTwoAdmins,
  windowStart,
} from '../src/domain/withdrawal-limits.ts';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const counted = (amount: string, hours: number) => ({ amount, createdAt: hoursAgo(hours) });

describe('withdrawal limit windows', () => {
  it('a window counts what was requested after its start, never at it', () => {
    expect(windowStart('day', NOW)).toEqual(hoursAgo(24));
    expect(windowStart('month', NOW)).toEqual(hoursAgo(720));
    const withdrawals = [counted('100', 1), counted('200', 23.99), counted('400', 24), counted('800', 719)];
    expect(limitWindow('day', '1000.00', withdrawals, NOW)).toEqual({
      window: 'day',
      hours: 24,
      limit: '1000.00000000',
      used: '300.00000000',
      remaining: '700.00000000',
    });
    expect(limitWindow('month', '5000', withdrawals, NOW)).toMatchObject({
      used: '1500.00000000',
      remaining: '3500.00000000',
    });
  });

  it('slides: a withdrawal leaves the 24-hour window a day after it was requested and frees its amount', () => {
    const withdrawals = [counted('600', 23)];
    expect(limitWindow('day', '1000', withdrawals, NOW).remaining).toBe('400.00000000');
    const later = new Date(NOW.getTime() + 2 * 3_600_000);
    expect(limitWindow('day', '1000', withdrawals, later).remaining).toBe('1000.00000000');
    expect(limitWindow('month', '1000', withdrawals, later).remaining).toBe('400.00000000');
  });

  it('remains nothing, never a negative amount, when a lowered limit is below what was used', () => {
    expect(limitWindow('day', '100', [counted('250', 2)], NOW)).toMatchObject({
      used: '250.00000000',
      remaining: '0.00000000',
    });
  });

  it('an amount fits when it is at most what remains in both windows, to the last decimal', () => {
    const day = limitWindow('day', '1000', [counted('999.99999999', 1)], NOW);
    const month = limitWindow('month', '5000', [counted('999.99999999', 1)], NOW);
    expect(fitsWithinLimits('0.00000001', { day, month })).toBe(true);
    expect(fitsWithinLimits('0.00000002', { day, month })).toBe(false);
    const tightMonth = limitWindow('month', '1000.5', [counted('1000', 100)], NOW);
    expect(fitsWithinLimits('1', { day: limitWindow('day', '1000', [], NOW), month: tightMonth })).toBe(
      false,
    );
  });

  it('names what remains in each window in the refusal', () => {
    const day = limitWindow('day', '1000', [counted('750', 1)], NOW);
    const month = limitWindow('month', '5000', [counted('750', 1), counted('1000', 48)], NOW);
    expect(withdrawalLimitMessage({ day, month })).toBe(
      'This withdrawal is over your withdrawal limit: 250.00 USDT remains of your 24-hour limit and 3250.00 USDT of your 30-day limit.',
    );
  });
});

describe('withdrawal limit levels and raises', () => {
  it('only an approved KYC review makes an investor verified', () => {
    expect(kycLevelOf('approved')).toBe('verified');
    for (const status of [null, 'pending', 'rejected', 'incomplete'])
      expect(kycLevelOf(status)).toBe('unverified');
    expect(levelLimits(DEFAULT_WITHDRAWAL_LIMITS, 'verified')).toEqual({
      day: '25000.00',
      month: '100000.00',
    });
    expect(levelLimits(DEFAULT_WITHDRAWAL_LIMITS, 'unverified')).toEqual({
      day: '1000.00',
      month: '3000.00',
    });
  });

  it('a raise never leaves a window below its level, so raising the level later lifts a raised investor too', () => {
    expect(limitsInForce({ day: '100', month: '500' }, null)).toEqual({ day: '100', month: '500' });
    expect(limitsInForce({ day: '100', month: '500' }, { day: '300', month: '400' })).toEqual({
      day: '300',
      month: '500',
    });
  });

  it('a raise lifts at least one window and lowers none', () => {
    const current = { day: '100.00000000', month: '500.00000000' };
    expect(isRaise(current, { day: '100', month: '600' })).toBe(true);
    expect(isRaise(current, { day: '100', month: '500' })).toBe(false);
    expect(isRaise(current, { day: '99', month: '1000' })).toBe(false);
  });

  it('needs a second admin when either window grows by the threshold or more', () => {
    const atOrAbove = (amount: string) => compareAmounts(amount, '10000') >= 0;
    const current = { day: '10000.00000000', month: '50000.00000000' };
    expect(raiseNeedsTwoAdmins(current, { day: '19999.99', month: '50000' }, atOrAbove)).toBe(false);
    expect(raiseNeedsTwoAdmins(current, { day: '20000', month: '50000' }, atOrAbove)).toBe(true);
    expect(raiseNeedsTwoAdmins(current, { day: '10000', month: '60000' }, atOrAbove)).toBe(true);
  });

  it('settings keep a day within its month; a raise too', () => {
    expect(withdrawalLimitsProblem(DEFAULT_WITHDRAWAL_LIMITS)).toBeNull();
    expect(withdrawalLimitsProblem({ ...DEFAULT_WITHDRAWAL_LIMITS, unverifiedDaily: '3000.01' })).toBe(
      'A 24-hour limit must not be above the 30-day limit of its level',
    );
    expect(
      WithdrawalLimitRaiseRequest.safeParse({ dailyLimit: '600', monthlyLimit: '500', reason: 'Known' })
        .success,
    ).toBe(false);
    expect(
      WithdrawalLimitRaiseRequest.parse({ dailyLimit: 500, monthlyLimit: '500.5', reason: ' Known payer ' }),
    ).toEqual({ dailyLimit: '500.00', monthlyLimit: '500.50', reason: 'Known payer' });
  });
});

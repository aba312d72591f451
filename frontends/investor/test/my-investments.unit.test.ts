import { describe, expect, it } from '@jest/globals';
import type { Investment } from '@cropvest/contracts/plans/model';
import {
  harvestPayout,
  hasRealisedLoss,
  investmentCounters,
  investmentProgress,
} from '../src/shared/my-investments/rules.ts';
import { growthProgress } from '@cropvest/web-kit/domain';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();

describe('My Investments progress: whole days since creation over the plan duration, capped at 100', () => {
  it('counts whole days only', () => {
    expect(investmentProgress(ago(0), 30, NOW)).toBe(0);
    expect(investmentProgress(ago(0.9), 30, NOW)).toBe(0);
    expect(investmentProgress(ago(3), 30, NOW)).toBe(10);
    expect(investmentProgress(ago(15.5), 30, NOW)).toBe(50);
  });

  it('caps at 100 and never goes below 0', () => {
    expect(investmentProgress(ago(30), 30, NOW)).toBe(100);
    expect(investmentProgress(ago(45), 30, NOW)).toBe(100);
    expect(investmentProgress(ago(-2), 30, NOW)).toBe(0);
  });

  it('differs from the dashboard: it ignores the plan dates (an investment made mid-season starts at 0)', () => {
    expect(investmentProgress(ago(1), 120, NOW)).toBe(0);
    expect(investmentProgress(ago(2), 120, NOW)).toBe(1);
  });

  it('agrees with the dashboard for an investment made when its season began (issue 27: 1 % there, 0 % here)', () => {
    const start = NOW - 0.3 * DAY;
    const end = start + 60 * DAY;
    const iso = (t: number) => new Date(t).toISOString();
    for (const elapsed of [0.3, 1, 1.2, 13, 59.9, 61])
      expect(growthProgress(iso(start), iso(end), start + elapsed * DAY)).toBe(
        investmentProgress(iso(start), 60, start + elapsed * DAY),
      );
  });

  it('handles unreadable dates and durations', () => {
    expect(investmentProgress('not a date', 30, NOW)).toBe(0);
    expect(investmentProgress(ago(3), 0, NOW)).toBe(100);
  });
});

const investment = (overrides: Partial<Investment>): Investment => ({
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  planId: '00000000-0000-4000-8000-000000000003',
  slotsPurchased: 1,
  principal: '100.00000000',
  interestEarned: '0.00000000',
  interestRate: '0.50',
  compoundInterest: false,
  status: 'active',
  createdAt: ago(2),
  completedAt: null,
  cancellableUntil: ago(-2),
  cancellable: true,
  cancelledAt: null,
  keyInformationVersion: 1,
  disbursedPrincipal: '0.00000000',
  realisedLoss: '0.00000000',
  plan: {
    title: 'Winter wheat',
    startDate: ago(5),
    endDate: ago(-25),
    dailyInterestRate: '0.05',
    durationDays: 30,
    imageUrl: null,
  },
  ...overrides,
});

describe('My Investments counters', () => {
  it('active crops, total invested (active principal), interest earned (all), completed', () => {
    expect(
      investmentCounters([
        investment({ principal: '300.00000000', interestEarned: '0.45000000' }),
        investment({ principal: '0.10000000', interestEarned: '0.20000000' }),
        investment({
          status: 'completed',
          principal: '1000.00000000',
          interestEarned: '75.12345678',
          completedAt: ago(1),
        }),
      ]),
    ).toEqual({
      activeCrops: 2,
      totalInvested: '300.10000000',
      interestEarned: '75.77345678',
      completed: 1,
    });
  });

  it('zeros when there is nothing', () => {
    expect(investmentCounters([])).toEqual({
      activeCrops: 0,
      totalInvested: '0.00000000',
      interestEarned: '0.00000000',
      completed: 0,
    });
  });
});

describe('My Investments: what a harvest paid when its plan was settled short', () => {
  it('paid the principal plus interest less the realised loss', () => {
    const settled = investment({
      status: 'completed',
      principal: '300.00000000',
      interestEarned: '4.50000000',
      realisedLoss: '60.90000000',
    });
    expect(harvestPayout(settled)).toEqual({
      due: '304.50000000',
      paid: '243.60000000',
      loss: '60.90000000',
    });
    expect(hasRealisedLoss(settled)).toBe(true);
  });

  it('paid everything when nothing was lost', () => {
    const paid = investment({ status: 'completed', interestEarned: '1.50000000' });
    expect(harvestPayout(paid)).toEqual({ due: '101.50000000', paid: '101.50000000', loss: '0.00000000' });
    expect(hasRealisedLoss(paid)).toBe(false);
  });
});

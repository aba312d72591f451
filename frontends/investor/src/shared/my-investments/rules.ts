// My Investments' pure rules (spec sections 2 and 9; issue 25): the four counters, each growing crop's progress,
// and what a harvest paid when its plan was settled short.
import type { Investment } from '@cropvest/contracts/plans/model';
import {
  compareAmounts,
  dailyEarnings,
  projectedCompoundReturn,
  projectedTotalReturn,
  subtractAmounts,
  sumAmounts,
} from '@cropvest/contracts/money';
import type { SharedMyInvestmentsText } from './messages/catalogue.ts';

const DAY_MS = 86_400_000;

/**
 * My Investments progress = whole days since the investment was created over the plan's duration, capped at
 * 100 (spec section 9), in whole percent floored like the dashboard's. The dashboard's is the elapsed share of the
 * plan's season, so the two are labelled apart: "Growth progress" there, "Term elapsed" here (decision 0106).
 */
export function investmentProgress(
  createdAt: string,
  durationDays: number,
  now: number = Date.now(),
): number {
  const created = Date.parse(createdAt);
  if (!Number.isFinite(created)) return 0;
  if (!(durationDays > 0)) return 100;
  const daysSince = Math.max(0, Math.floor((now - created) / DAY_MS));
  return Math.min(100, Math.floor((daysSince / durationDays) * 100));
}

export interface InvestmentCounters {
  /** Investments still growing (status active). */
  activeCrops: number;
  /** Sum of the principal of the active investments. */
  totalInvested: string;
  /** Sum of interestEarned over every investment listed, growing and harvested. */
  interestEarned: string;
  /** Investments harvested (status completed). */
  completed: number;
}

export function investmentCounters(investments: readonly Investment[]): InvestmentCounters {
  const active = investments.filter((investment) => investment.status === 'active');
  return {
    activeCrops: active.length,
    totalInvested: sumAmounts(active.map((investment) => investment.principal)),
    interestEarned: sumAmounts(investments.map((investment) => investment.interestEarned)),
    completed: investments.filter((investment) => investment.status === 'completed').length,
  };
}

/**
 * A growing investment's figures by its own terms, fixed when bought: today's earnings (a compounding one earns
 * on principal plus the interest so far) and the projected interest over the plan's duration.
 */
export function investmentProjection(investment: Investment): { daily: string; total: string } {
  const { principal, interestRate, interestEarned, compoundInterest } = investment;
  const days = investment.plan.durationDays;
  return compoundInterest
    ? {
        daily: dailyEarnings(sumAmounts([principal, interestEarned]), interestRate),
        total: projectedCompoundReturn(principal, interestRate, days),
      }
    : {
        daily: dailyEarnings(principal, interestRate),
        total: projectedTotalReturn(principal, interestRate, days),
      };
}

export const interestTerms = (investment: Investment, text: SharedMyInvestmentsText): string =>
  text(investment.compoundInterest ? 'myInvestments.fact.compound' : 'myInvestments.fact.simple');

export interface HarvestPayout {
  /** Principal plus the interest earned: what the harvest owed the investor. */
  due: string;
  /** What reached the balance: the due less the realised loss. */
  paid: string;
  /** What a settled (pro rata or failed) plan did not pay; zero when the harvest paid in full. */
  loss: string;
}

/** What a harvested investment was owed, what it was paid and what it lost when its plan was settled short. */
export function harvestPayout(investment: Investment): HarvestPayout {
  const due = sumAmounts([investment.principal, investment.interestEarned]);
  return {
    due,
    paid: subtractAmounts(due, investment.realisedLoss),
    loss: investment.realisedLoss,
  };
}

/** Whether a settlement left the investment short (a realised loss above zero). */
export const hasRealisedLoss = (investment: Investment): boolean =>
  compareAmounts(investment.realisedLoss, '0') > 0;

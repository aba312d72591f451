// The plan page's words (issue 25): where a plan stands for investing, what its payout status means for an
// investor, and the key information sheet's sections in the order of ECSPR Annex I (what the chain says of a
// disbursement's transfer is the design system's fundingVerdictView, as the funding desk shows it). Pure, so each rule reads in one place.
import type { PlanFunding } from '@cropvest/contracts/plans/funding';
import type { KeyInformationSection, KeyInformationSheet } from '@cropvest/contracts/plans/key-information';
import type { Plan } from '@cropvest/contracts/plans/model';
import { formatDate } from '@cropvest/ui/format';
import type { PlanMessageId, PlanText } from './messages/catalogue.ts';

/** The sections the page anchors to (Browse Plans links `#key-information`, My Investments `#timeline`). */
export const PLAN_SECTIONS = {
  money: 'where-the-money-goes',
  returns: 'where-the-returns-come-from',
  keyInformation: 'key-information',
  operator: 'operator',
  timeline: 'timeline',
} as const;

/** The address parameter of the timeline's page (the page's other lists keep theirs apart). */
export const TIMELINE_PAGE_PARAM = 'reports';
export const DISBURSEMENTS_PAGE_PARAM = 'disbursements';

export type InvestingState =
  { kind: 'open'; label: string } | { kind: 'closed'; label: string; reason: string };

/** Whether the plan takes investments now, and if not, why, as an investor reads it. */
export function investingState(plan: Plan, text: PlanText, now = Date.now()): InvestingState {
  if (!plan.isActive)
    return {
      kind: 'closed',
      label: text('plan.state.inactive'),
      reason: text('plan.state.inactiveReason'),
    };
  if (Date.parse(plan.endDate) <= now)
    return {
      kind: 'closed',
      label: text('plan.state.harvested'),
      reason: text('plan.state.harvestedReason'),
    };
  if (plan.availableSlots <= 0)
    return {
      kind: 'closed',
      label: text('plan.state.fullyBooked'),
      reason: text('plan.state.fullyBookedReason'),
    };
  return {
    kind: 'open',
    label: text(Date.parse(plan.startDate) > now ? 'plan.state.startsSoon' : 'plan.state.open'),
  };
}

export interface PayoutWords {
  title: string;
  detail: string;
  /** A state that asks for the investor's attention (under review, postponed, settled short, failed). */
  attention: boolean;
}

/** What the plan's payout status means for its investors, in words. */
export function payoutWords(funding: PlanFunding, harvest: string, text: PlanText): PayoutWords {
  if (funding.fundingModel === 'legacy')
    return {
      title: text('plan.payout.legacyTitle'),
      detail: text('plan.payout.legacyDetail'),
      attention: false,
    };
  switch (funding.payoutStatus) {
    case 'open':
      return {
        title: text('plan.payout.openTitle', { harvest: formatDate(harvest) }),
        detail: text('plan.payout.openDetail'),
        attention: false,
      };
    case 'paying':
      return {
        title: text('plan.payout.payingTitle'),
        detail: text('plan.payout.payingDetail'),
        attention: false,
      };
    case 'settlement_needed':
      return {
        title: text('plan.payout.reviewTitle'),
        detail: text('plan.payout.reviewDetail'),
        attention: true,
      };
    case 'postponed':
      return {
        title: text('plan.payout.postponedTitle', { day: formatDate(funding.postponedTo) }),
        detail: text('plan.payout.postponedDetail'),
        attention: true,
      };
    case 'settled':
      return {
        title: text('plan.payout.settledTitle'),
        detail: text('plan.payout.settledDetail'),
        attention: true,
      };
    case 'failed':
      return {
        title: text('plan.payout.failedTitle'),
        detail: funding.failureReport
          ? text('plan.payout.failedReport', { report: funding.failureReport })
          : text('plan.payout.failedDetail'),
        attention: true,
      };
  }
}

/** The sheet's sections after the operator, in the order of ECSPR Annex I, with their labels' messages. */
export const SHEET_SECTIONS: { key: KeyInformationSection; label: PlanMessageId }[] = [
  { key: 'location', label: 'plan.sheet.location' },
  { key: 'crop', label: 'plan.sheet.crop' },
  { key: 'areaHectares', label: 'plan.sheet.areaHectares' },
  { key: 'expectedYield', label: 'plan.sheet.expectedYield' },
  { key: 'expectedPrice', label: 'plan.sheet.expectedPrice' },
  { key: 'offtakeBuyer', label: 'plan.sheet.offtakeBuyer' },
  { key: 'insurance', label: 'plan.sheet.insurance' },
  { key: 'mainRisks', label: 'plan.sheet.mainRisks' },
  { key: 'cropFailure', label: 'plan.sheet.cropFailure' },
  { key: 'fees', label: 'plan.sheet.fees' },
  { key: 'platformStake', label: 'plan.sheet.platformStake' },
];

/** A section's answer as written, the area with its unit. */
export function sheetValue(sheet: KeyInformationSheet, key: KeyInformationSection, text: PlanText): string {
  if (key === 'areaHectares')
    return sheet.areaHectares === null ? '' : text('plan.sheet.hectares', { area: sheet.areaHectares });
  return sheet[key];
}

/** A season's realised return as signed words: "+12.50 %", "−3.00 % (a loss)". */
export function realisedReturnText(percent: string, text: PlanText): string {
  if (percent.startsWith('-')) return text('plan.operator.returnLoss', { percent: percent.slice(1) });
  return text('plan.operator.returnGain', { percent });
}

/** A positive page number from the address, 1 otherwise. */
export function pageFrom(search: string, param: string): number {
  const value = Number(new URLSearchParams(search).get(param));
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

// The plan page's words (issue 25): where a plan stands for investing, what its payout status means for an
// investor, and the key information sheet's sections in the order of ECSPR Annex I (what the chain says of a
// disbursement's transfer is the design system's fundingVerdictView, as the funding desk shows it). Pure, so each rule reads in one place.
import type { PlanFunding } from '@cropvest/contracts/plans/funding';
import {
  KEY_INFORMATION_SECTIONS,
  type KeyInformationSection,
  type KeyInformationSheet,
} from '@cropvest/contracts/plans/key-information';
import type { Plan } from '@cropvest/contracts/plans/model';
import { formatDate } from '@cropvest/ui/format';

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
  | { kind: 'open'; label: 'Open for investment' | 'Starts soon' }
  | { kind: 'closed'; label: 'Fully booked' | 'Harvested' | 'Not taking investments'; reason: string };

/** Whether the plan takes investments now, and if not, why, as an investor reads it. */
export function investingState(plan: Plan, now = Date.now()): InvestingState {
  if (!plan.isActive)
    return {
      kind: 'closed',
      label: 'Not taking investments',
      reason: 'This plan no longer takes investments.',
    };
  if (Date.parse(plan.endDate) <= now)
    return { kind: 'closed', label: 'Harvested', reason: 'This plan reached its harvest date.' };
  if (plan.availableSlots <= 0)
    return { kind: 'closed', label: 'Fully booked', reason: 'Every slot of this plan is taken.' };
  return { kind: 'open', label: Date.parse(plan.startDate) > now ? 'Starts soon' : 'Open for investment' };
}

export interface PayoutWords {
  title: string;
  detail: string;
  /** A state that asks for the investor's attention (under review, postponed, settled short, failed). */
  attention: boolean;
}

/** What the plan's payout status means for its investors, in words. */
export function payoutWords(funding: PlanFunding, harvest: string): PayoutWords {
  if (funding.fundingModel === 'legacy')
    return {
      title: 'Paid as before funded payouts',
      detail:
        'This plan was created before payouts were tied to recorded harvest proceeds: its harvest is paid by the platform as it always was.',
      attention: false,
    };
  switch (funding.payoutStatus) {
    case 'open':
      return {
        title: `Payout due at harvest, ${formatDate(harvest)}`,
        detail:
          'At harvest, principal and interest are paid only from the proceeds recorded for this plan and any reserve allocated to it.',
        attention: false,
      };
    case 'paying':
      return {
        title: 'Payout being paid',
        detail: 'What is due is covered by the proceeds and reserve, and is being paid to investors.',
        attention: false,
      };
    case 'settlement_needed':
      return {
        title: 'Payout under review',
        detail:
          'The proceeds and reserve do not cover what is due. Two admins decide how to settle: allocate reserve, postpone the payout, or pay each investor their share of what is available.',
        attention: true,
      };
    case 'postponed':
      return {
        title: `Payout postponed to ${formatDate(funding.postponedTo)}`,
        detail: 'An admin moved the payout to this later day, while more proceeds are awaited.',
        attention: true,
      };
    case 'settled':
      return {
        title: 'Settled pro rata',
        detail:
          'Each investor received their share of what was available. What was not covered is shown as a realised loss on My Investments.',
        attention: true,
      };
    case 'failed':
      return {
        title: 'The plan failed',
        detail: funding.failureReport
          ? `Report: ${funding.failureReport}`
          : 'The plan was closed as failed; what was available was shared among its investors.',
        attention: true,
      };
  }
}

/** The sheet's sections after the operator, in the order of ECSPR Annex I, with their labels as people read them. */
export const SHEET_SECTIONS: { key: KeyInformationSection; label: string }[] = (
  [
    'location',
    'crop',
    'areaHectares',
    'expectedYield',
    'expectedPrice',
    'offtakeBuyer',
    'insurance',
    'mainRisks',
    'cropFailure',
    'fees',
    'platformStake',
  ] as const
).map((key) => {
  const words = KEY_INFORMATION_SECTIONS[key];
  return { key, label: words.charAt(0).toUpperCase() + words.slice(1) };
});

/** A section's answer as written, the area with its unit. */
export function sheetValue(sheet: KeyInformationSheet, key: KeyInformationSection): string {
  if (key === 'areaHectares') return sheet.areaHectares === null ? '' : `${sheet.areaHectares} ha`;
  return sheet[key];
}

/** A season's realised return as signed words: "+12.50 %", "−3.00 % (a loss)". */
export function realisedReturnText(percent: string): string {
  if (percent.startsWith('-')) return `−${percent.slice(1)} % (a loss)`;
  return `+${percent} %`;
}

/** A positive page number from the address, 1 otherwise. */
export function pageFrom(search: string, param: string): number {
  const value = Number(new URLSearchParams(search).get(param));
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

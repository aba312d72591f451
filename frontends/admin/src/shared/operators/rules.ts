// The operator screens' pure rules: what the form holds for a new or an existing operator, and a season's realised
// return as a signed percentage. No React, no zod: unit-tested in test/plan-information.unit.test.ts.
import type { Operator } from '@cropvest/contracts/plans/key-information';
import { plainDecimal } from '../plans/rules.ts';

export const OPERATORS_PAGE_SIZE = 20;

/** One past season as typed: every figure as text, checked by the contract on submit. */
export interface SeasonFormInput {
  crop: string;
  season: string;
  amountRaised: string;
  realisedReturnPercent: string;
}

export interface OperatorFormInput {
  name: string;
  country: string;
  region: string;
  contact: string;
  pastSeasons: SeasonFormInput[];
}

export const EMPTY_SEASON: SeasonFormInput = {
  crop: '',
  season: '',
  amountRaised: '',
  realisedReturnPercent: '',
};

export const newOperatorValues = (): OperatorFormInput => ({
  name: '',
  country: '',
  region: '',
  contact: '',
  pastSeasons: [],
});

export function operatorValues(operator: Operator): OperatorFormInput {
  return {
    name: operator.name,
    country: operator.country,
    region: operator.region,
    contact: operator.contact,
    pastSeasons: operator.pastSeasons.map((season) => ({
      crop: season.crop,
      season: season.season,
      amountRaised: plainDecimal(season.amountRaised),
      realisedReturnPercent: season.realisedReturnPercent,
    })),
  };
}

/** "12.50" → "+12.50 %", "-100.00" → "−100.00 %" (a loss reads as one), "0.00" → "0.00 %". */
export function formatReturn(percent: string): string {
  if (percent.startsWith('-')) return `\u2212${percent.slice(1)} %`;
  return /^0+(\.0+)?$/.test(percent) ? `${percent} %` : `+${percent} %`;
}

/** A loss is shown as one (red, "loss"), a gain or nothing lost as it is. */
export const isLoss = (percent: string): boolean => percent.startsWith('-') && !/^-0+(\.0+)?$/.test(percent);

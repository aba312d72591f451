// Operators and key information sheets made through the admin API (decision 0092), and the acknowledgement an
// investment carries: what every suite that invests needs while the key information gates are on (the default).
// Made by the shared factories (test/support/factories.ts), as the journeys and benchmarks make them.
import { factories } from './api.ts';
import { COMPLETE_KEY_INFORMATION, OPERATOR_FIELDS } from './key-information-sheet.ts';

export { COMPLETE_KEY_INFORMATION, OPERATOR_FIELDS };

export const createOperator = (overrides: Partial<typeof OPERATOR_FIELDS> = {}) =>
  factories().operator(overrides);

/** Publishes a new version of the plan's sheet (complete unless `overrides` blank a section); answers the sheet. */
export const publishKeyInformation = (planId: string, overrides: object = {}) =>
  factories().publishKeyInformation(planId, overrides);

/** What the invest dialog adds once its investor acknowledged the plan's current sheet. */
export const acknowledgement = (planId: string): Promise<{ keyInformationVersion: number }> =>
  factories().acknowledgement(planId);

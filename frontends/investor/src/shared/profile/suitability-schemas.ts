// The suitability questionnaire's schema, from the contract (decision 0094): an amount left empty is not given,
// and at least one of net worth and yearly income is. Loaded on the form's first use.
import { SuitabilityRequest } from '@cropvest/contracts/plans/suitability';
import { z } from '@cropvest/contracts/zod';

const withoutEmptyAmounts = (values: unknown): unknown => {
  if (typeof values !== 'object' || values === null) return values;
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')),
  );
};

export const SuitabilityForm = z.preprocess(withoutEmptyAmounts, SuitabilityRequest);

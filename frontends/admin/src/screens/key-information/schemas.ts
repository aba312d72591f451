// The sheet form's schema, from the contract (loaded on the form's first use): an operator must be chosen, and an
// area left blank is a section still to write (null), as the contract takes it.
import { KeyInformationInput } from '@cropvest/contracts/plans/key-information';
import { z } from '@cropvest/contracts/zod';
import { OPERATOR_REQUIRED } from './rules.ts';

export const KeyInformationForm = KeyInformationInput.extend({
  operatorId: z.string().min(1, OPERATOR_REQUIRED).pipe(KeyInformationInput.shape.operatorId),
  areaHectares: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    KeyInformationInput.shape.areaHectares,
  ),
});

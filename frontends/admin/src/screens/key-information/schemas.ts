// The sheet form's schema, from the contract (loaded on the form's first use): an operator must be chosen (said in
// the page's language when checked, the screen's catalogue being loaded), and an area left blank is a section
// still to write (null), as the contract takes it.
import { KeyInformationInput } from '@cropvest/contracts/plans/key-information';
import { z } from '@cropvest/contracts/zod';
import { formatOutsideReact } from '@cropvest/ui/i18n';
import { KEY_INFORMATION_MESSAGES } from './messages/catalogue.ts';

export const KeyInformationForm = KeyInformationInput.extend({
  operatorId: z
    .string()
    .min(1, { error: () => formatOutsideReact(KEY_INFORMATION_MESSAGES, 'keyInformation.operator.required') })
    .pipe(KeyInformationInput.shape.operatorId),
  areaHectares: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    KeyInformationInput.shape.areaHectares,
  ),
});

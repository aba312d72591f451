import { describe, expect, it } from '@jest/globals';
import { KYC_REQUIRED_FIELDS } from '@cropvest/contracts/kyc/submission-rules';
import { createIntl } from '@formatjs/intl';
import { missingFieldMessages } from '../src/screens/profile/kyc-rules.ts';
import en from '../src/screens/profile/messages/en.json';
import type { ProfileText } from '../src/screens/profile/messages/catalogue.ts';

// The English catalogue's text, as the screen formats it.
const intl = createIntl({ locale: 'en', messages: en });
const text: ProfileText = (id, values) => intl.formatMessage({ id }, values);

describe('an incomplete KYC submit', () => {
  it('flags every missing required field, naming the first by its label in the spec sentence', () => {
    const messages = missingFieldMessages({}, text);
    expect(Object.keys(messages)).toEqual([...KYC_REQUIRED_FIELDS]);
    expect(messages.firstName).toBe('Please fill in all required fields. Missing: First name');
    expect(messages.lastName).toBe('Last name is required');
    expect(messages.proofOfAddressUrl).toBe('Proof of address is required');
    expect(Object.values(messages).join(' ')).not.toMatch(/firstName|Url\b/);
  });

  it('leaves filled fields and the optional back of the ID alone; blanks count as missing', () => {
    const filled = Object.fromEntries(KYC_REQUIRED_FIELDS.map((field) => [field, 'x']));
    expect(missingFieldMessages(filled, text)).toEqual({});
    expect(missingFieldMessages({ ...filled, city: '  ' }, text)).toEqual({
      city: 'Please fill in all required fields. Missing: City',
    });
  });
});

import { describe, expect, it } from '@jest/globals';
import { KYC_REQUIRED_FIELDS } from '@cropvest/contracts/kyc/model';
import { missingFieldMessages } from '../src/screens/profile/kyc-rules.ts';

describe('an incomplete KYC submit', () => {
  it('flags every missing required field, naming the first by its label in the spec sentence', () => {
    const messages = missingFieldMessages({});
    expect(Object.keys(messages)).toEqual([...KYC_REQUIRED_FIELDS]);
    expect(messages.firstName).toBe('Please fill in all required fields. Missing: First name');
    expect(messages.lastName).toBe('Last name is required');
    expect(messages.proofOfAddressUrl).toBe('Proof of address is required');
    expect(Object.values(messages).join(' ')).not.toMatch(/firstName|Url\b/);
  });

  it('leaves filled fields and the optional back of the ID alone; blanks count as missing', () => {
    const filled = Object.fromEntries(KYC_REQUIRED_FIELDS.map((field) => [field, 'x']));
    expect(missingFieldMessages(filled)).toEqual({});
    expect(missingFieldMessages({ ...filled, city: '  ' })).toEqual({
      city: 'Please fill in all required fields. Missing: City',
    });
  });
});

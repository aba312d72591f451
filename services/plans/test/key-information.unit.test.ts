// The key information rules on their own: when a sheet is complete, and which refusal each gate gives.
import { describe, expect, it } from '@jest/globals';
import { missingKeyInformation } from '@cropvest/contracts';
import { keyInformationRefusal } from '../src/domain/key-information.ts';
import { COMPLETE_KEY_INFORMATION } from '../../../test/support/key-information.ts';

const ON = { requireKeyInformation: true, requireKeyInformationAcknowledgement: true };
const OFF = { requireKeyInformation: false, requireKeyInformationAcknowledgement: false };
const CURRENT = { version: 3, complete: true };

describe('a complete sheet', () => {
  it('has every section filled in; a blank or a missing area is named', () => {
    expect(missingKeyInformation(COMPLETE_KEY_INFORMATION)).toEqual([]);
    expect(
      missingKeyInformation({
        ...COMPLETE_KEY_INFORMATION,
        areaHectares: null,
        platformStake: '',
        fees: 'none',
      }),
    ).toEqual(['areaHectares', 'platformStake']);
  });
});

describe('the key information gates of investing', () => {
  it('pass the spec call with both gates off, for a plan with or without a sheet', () => {
    expect(keyInformationRefusal({ version: null, complete: false }, undefined, OFF)).toBeNull();
    expect(keyInformationRefusal(CURRENT, undefined, OFF)).toBeNull();
  });

  it('refuse a plan without a complete sheet while requireKeyInformation is on', () => {
    for (const plan of [
      { version: null, complete: false },
      { version: 2, complete: false },
    ])
      expect(keyInformationRefusal(plan, 2, ON)?.code).toBe('KEY_INFORMATION_INCOMPLETE');
  });

  it('ask for the current version while the acknowledgement is required, and check a version sent anyway', () => {
    expect(keyInformationRefusal(CURRENT, undefined, ON)).toMatchObject({
      status: 400,
      code: 'KEY_INFORMATION_NOT_ACKNOWLEDGED',
    });
    expect(keyInformationRefusal(CURRENT, 2, ON)).toMatchObject({
      status: 409,
      code: 'KEY_INFORMATION_CHANGED',
    });
    expect(keyInformationRefusal(CURRENT, 3, ON)).toBeNull();
    expect(keyInformationRefusal(CURRENT, 2, OFF)?.code).toBe('KEY_INFORMATION_CHANGED');
    expect(
      keyInformationRefusal({ version: null, complete: false }, undefined, {
        ...OFF,
        requireKeyInformationAcknowledgement: true,
      })?.code,
    ).toBe('KEY_INFORMATION_MISSING');
  });
});

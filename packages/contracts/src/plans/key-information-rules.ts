// The key information sheet's sections by name and the one rule of a complete sheet (decision 0092), without the
// schemas (key-information.ts), so the admin's key information screen paints without zod.
import type { KeyInformationInput, KeyInformationSection } from './key-information.ts';

/** Each section's name as a screen and a refusal say it. */
export const KEY_INFORMATION_SECTIONS: Record<KeyInformationSection, string> = {
  location: 'location',
  crop: 'crop',
  areaHectares: 'area',
  expectedYield: 'expected yield',
  expectedPrice: 'expected price',
  offtakeBuyer: 'offtake buyer',
  insurance: 'insurance and what it covers',
  mainRisks: 'main risks',
  cropFailure: 'what happens if the crop fails',
  fees: 'fees',
  platformStake: "the platform's own stake",
};

/**
 * The one rule of a complete sheet: every section filled in (an operator is always named). "None" is an answer
 * (no insurance, no stake), a blank is not.
 */
export function missingKeyInformation(
  sheet: Omit<KeyInformationInput, 'operatorId'>,
): KeyInformationSection[] {
  return (Object.keys(KEY_INFORMATION_SECTIONS) as KeyInformationSection[]).filter((section) => {
    const value = sheet[section];
    return value === null || value === '';
  });
}

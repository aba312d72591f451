// The audit verification's words follow English plural rules (issue 27: "All 1 entries verify").
import { describe, expect, it } from '@jest/globals';
import { verifiedBefore, verifiedHeadline } from '../src/shared/audit/labels.ts';

describe('the audit verification banner', () => {
  it('says one entry in the singular', () => {
    expect(verifiedHeadline(1)).toBe('The 1 entry verifies');
    expect(verifiedBefore(1)).toBe('The 1 entry before it verifies.');
  });

  it('says several entries, and none, in the plural', () => {
    expect(verifiedHeadline(1234)).toBe('All 1,234 entries verify');
    expect(verifiedHeadline(0)).toBe('All 0 entries verify');
    expect(verifiedBefore(2)).toBe('The 2 entries before it verify.');
  });
});

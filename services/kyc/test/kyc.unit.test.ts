import { describe, expect, it } from '@jest/globals';
import { KycReviewRequest, KycSubmitRequest } from '@cropvest/contracts';
import { duplicateDocument, reviewRefusal, submitRefusal } from '../src/domain/kyc.ts';

describe('who may submit', () => {
  it('anyone without a submission, or whose last one was rejected', () => {
    expect(submitRefusal(undefined)).toBeNull();
    expect(submitRefusal({ status: 'rejected' })).toBeNull();
  });
  it('not while one is pending, nor once approved', () => {
    expect(submitRefusal({ status: 'pending' })).toMatch(/under review/);
    expect(submitRefusal({ status: 'approved' })).toBe('Your identity is already verified.');
  });
});

describe('review', () => {
  it('only a pending submission', () => {
    expect(reviewRefusal({ status: 'pending' })).toBeNull();
    expect(reviewRefusal({ status: 'rejected' })).toMatch(/read-only/);
  });
  it('rejection needs a reason; notes and reasons are trimmed, blanks dropped', () => {
    expect(KycReviewRequest.safeParse({ status: 'rejected', rejectionReason: ' ' }).success).toBe(false);
    expect(KycReviewRequest.parse({ status: 'approved', notes: '  ok  ', rejectionReason: '' })).toEqual({
      status: 'approved',
      notes: 'ok',
      rejectionReason: null,
    });
  });
});

describe('documents', () => {
  it('one file cannot stand for two documents; a missing back side is fine', () => {
    expect(duplicateDocument(['a', null, 'b', 'c'])).toBe(false);
    expect(duplicateDocument(['a', 'b', 'a', 'c'])).toBe(true);
  });
});

describe('the submit rule', () => {
  const full = {
    firstName: 'Ada',
    lastName: 'L',
    dateOfBirth: '1990-04-21',
    nationality: 'British',
    address: '1 Road',
    city: 'London',
    country: 'UK',
    postalCode: 'N1',
    phoneNumber: '+44 20 1234 5678',
    idType: 'passport',
    idNumber: 'AB123',
    idDocumentFrontUrl: '/objects/a',
    selfieUrl: '/objects/b',
    proofOfAddressUrl: '/objects/c',
  };
  it("names the first missing field in the spec's order, before any other problem", () => {
    const result = KycSubmitRequest.safeParse({ ...full, idType: 'visa', city: ' ', firstName: undefined });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please fill in all required fields. Missing: firstName');
  });
  it('accepts a full submission and turns an empty back side into none', () => {
    expect(KycSubmitRequest.parse({ ...full, idDocumentBackUrl: '' }).idDocumentBackUrl).toBeNull();
  });
  it('refuses a date that does not exist and a minor', () => {
    expect(KycSubmitRequest.safeParse({ ...full, dateOfBirth: '2001-02-29' }).error?.issues[0]?.message).toBe(
      'dateOfBirth is not a real date',
    );
    expect(
      KycSubmitRequest.safeParse({ ...full, dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-01` }).error
        ?.issues[0]?.message,
    ).toBe('You must be at least 18 years old');
  });
});

// The KYC form's rules that need no React or zod: what each field is called on screen, and the messages of an
// incomplete submit (every missing field flagged, named by its label). Unit-tested in test/kyc.unit.test.ts.
import { KYC_REQUIRED_FIELDS, kycMissingMessage, type KycSubmitRequest } from '@cropvest/contracts/kyc/model';

export type KycField = keyof KycSubmitRequest;

/** The labels the form shows, also used to name a missing field (never the raw key such as firstName). */
export const KYC_FIELD_LABELS: Record<KycField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  nationality: 'Nationality',
  address: 'Address',
  city: 'City',
  country: 'Country',
  postalCode: 'Postal code',
  phoneNumber: 'Phone number',
  idType: 'ID type',
  idNumber: 'ID number',
  idDocumentFrontUrl: 'ID document (front)',
  idDocumentBackUrl: 'ID document (back, optional)',
  selfieUrl: 'Selfie holding your ID',
  proofOfAddressUrl: 'Proof of address',
};

/**
 * The message under each required field left empty: the first one carries the spec's sentence ("Please fill
 * in all required fields. Missing: First name"), each other one says it is required. Empty when none is.
 */
export function missingFieldMessages(
  values: Partial<Record<KycField, string>>,
): Partial<Record<KycField, string>> {
  const missing = KYC_REQUIRED_FIELDS.filter((field) => !values[field]?.trim());
  return Object.fromEntries(
    missing.map((field, index) => [
      field,
      index === 0 ? kycMissingMessage(KYC_FIELD_LABELS[field]) : `${KYC_FIELD_LABELS[field]} is required`,
    ]),
  );
}

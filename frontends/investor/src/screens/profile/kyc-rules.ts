// The KYC form's rules that need no React or zod: what each field is called on screen, and the messages of an
// incomplete submit (every missing field flagged, named by its label). Unit-tested in test/kyc.unit.test.ts.
import type { KycSubmitRequest } from '@cropvest/contracts/kyc/model';
import { KYC_REQUIRED_FIELDS } from '@cropvest/contracts/kyc/submission-rules';
import type { ProfileMessageId, ProfileText } from './messages/catalogue.ts';

export type KycField = keyof KycSubmitRequest;

/** The labels the form shows, also used to name a missing field (never the raw key such as firstName). */
export const KYC_FIELD_LABELS: Record<KycField, ProfileMessageId> = {
  firstName: 'profile.kyc.field.firstName',
  lastName: 'profile.kyc.field.lastName',
  dateOfBirth: 'profile.kyc.field.dateOfBirth',
  nationality: 'profile.kyc.field.nationality',
  address: 'profile.kyc.field.address',
  city: 'profile.kyc.field.city',
  country: 'profile.kyc.field.country',
  postalCode: 'profile.kyc.field.postalCode',
  phoneNumber: 'profile.kyc.field.phoneNumber',
  idType: 'profile.kyc.field.idType',
  idNumber: 'profile.kyc.field.idNumber',
  idDocumentFrontUrl: 'profile.kyc.field.idDocumentFront',
  idDocumentBackUrl: 'profile.kyc.field.idDocumentBack',
  selfieUrl: 'profile.kyc.field.selfie',
  proofOfAddressUrl: 'profile.kyc.field.proofOfAddress',
};

/**
 * The message under each required field left empty: the first one carries the spec's sentence ("Please fill
 * in all required fields. Missing: First name"), each other one says it is required. Empty when none is.
 */
export function missingFieldMessages(
  values: Partial<Record<KycField, string>>,
  text: ProfileText,
): Partial<Record<KycField, string>> {
  const missing = KYC_REQUIRED_FIELDS.filter((field) => !values[field]?.trim());
  return Object.fromEntries(
    missing.map((field, index) => [
      field,
      text(index === 0 ? 'profile.kyc.missingFirst' : 'profile.kyc.missingOther', {
        field: text(KYC_FIELD_LABELS[field]),
      }),
    ]),
  );
}

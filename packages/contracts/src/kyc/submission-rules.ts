// What the investor's identity-verification form needs besides the schemas (model.ts), so the KYC tab paints
// without zod: the ID types it offers, the fields the spec requires and the document fields it uploads.

export const ID_TYPES = ['passport', 'national_id', 'driver_license'] as const;

/** The spec's required fields, in the order its message names the first missing one. */
export const KYC_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'nationality',
  'address',
  'city',
  'country',
  'postalCode',
  'phoneNumber',
  'idType',
  'idNumber',
  'idDocumentFrontUrl',
  'selfieUrl',
  'proofOfAddressUrl',
] as const;
export const KYC_DOCUMENT_FIELDS = [
  'idDocumentFrontUrl',
  'idDocumentBackUrl',
  'selfieUrl',
  'proofOfAddressUrl',
] as const;
export type KycDocumentField = (typeof KYC_DOCUMENT_FIELDS)[number];

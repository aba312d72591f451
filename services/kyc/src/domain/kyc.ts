// Pure rules for KYC submissions: who may submit, what a review may do, documents used twice.
import type { KycRecordStatus } from '@cropvest/contracts';

/** The part of a submission the rules read. */
interface Submission {
  status: KycRecordStatus;
}

/** Why a user may not submit now, or null when they may (nothing yet, or only rejected submissions). */
export function submitRefusal(latest: Submission | undefined): string | null {
  if (latest?.status === 'pending')
    return 'Your KYC submission is under review. You can submit again only if it is rejected.';
  if (latest?.status === 'approved') return 'Your identity is already verified.';
  return null;
}

/** Only a pending submission can be reviewed; reviewed ones are read-only (spec section 4). */
export const reviewRefusal = (row: Submission): string | null =>
  row.status === 'pending'
    ? null
    : `This submission was already ${row.status}; reviewed submissions are read-only.`;

/** The same uploaded file may not stand for two documents of one submission. */
export function duplicateDocument(paths: (string | null)[]): boolean {
  const given = paths.filter((p): p is string => p !== null);
  return new Set(given).size !== given.length;
}

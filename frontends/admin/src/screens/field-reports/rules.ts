// The field report screens' pure rules: each stage as people say it, the timeline's page size, what a photo's
// capture time rests on, and a verification in plain words. No React, no zod: unit-tested in
// test/plan-information.unit.test.ts.
import type {
  CaptureTimeSource,
  FieldReportStage,
  FieldReportVerification,
} from '@cropvest/contracts/plans/field-reports';

export const TIMELINE_PAGE_SIZE = 10;
/** The contract's FIELD_REPORT_TEXT_MAX and FIELD_REPORT_PHOTOS_MAX; importing them would bring zod into the first paint. */
export const REPORT_TEXT_MAX = 5000;
export const REPORT_PHOTOS_MAX = 10;
export const STAGE_REQUIRED = 'Choose the stage the report is about';

export const STAGE_LABELS: Record<FieldReportStage, string> = {
  planted: 'Planted',
  growing: 'Growing',
  flowering: 'Flowering',
  pre_harvest: 'Pre-harvest',
  harvested: 'Harvested',
  adverse_event: 'Adverse event',
};

export const STAGE_OPTIONS = (Object.keys(STAGE_LABELS) as FieldReportStage[]).map((stage) => ({
  value: stage,
  label: STAGE_LABELS[stage],
}));

/** Where a capture time comes from, said so nobody takes an upload time for when the photo was taken. */
export const captureSource = (source: CaptureTimeSource): string =>
  source === 'exif'
    ? "taken (from the photo's own EXIF date)"
    : 'uploaded (the photo carries no date of its own)';

export interface VerificationVerdict {
  tone: 'green' | 'red' | 'yellow';
  title: string;
  detail: string;
}

/** The whole report's verdict in plain words. */
export function verificationVerdict(verification: FieldReportVerification): VerificationVerdict {
  if (verification.status === 'audit_pending')
    return {
      tone: 'yellow',
      title: 'Not in the audit log yet',
      detail:
        'The report’s audit entry is still on its way to the hash-chained log (it arrives within seconds). Check again in a moment.',
    };
  if (verification.status === 'intact')
    return {
      tone: 'green',
      title: 'Intact',
      detail: `The text and every photo still give the hashes recorded in the audit log, and the audit entry is unchanged in the hash chain${
        verification.auditEntry.position === null ? '' : ` (entry ${verification.auditEntry.position})`
      }.`,
    };
  const problems: string[] = [];
  if (!verification.auditEntry.found) problems.push('the audit entry is missing from the log');
  else if (!verification.auditEntry.intact) problems.push('the audit entry no longer gives its own hash');
  if (!verification.stageMatches) problems.push('the stage differs from the one recorded');
  if (!verification.planMatches) problems.push('the plan differs from the one recorded');
  if (!verification.text.matches) problems.push('the text differs from what was recorded');
  const photos = verification.photos.filter((photo) => !photo.matches).length;
  if (photos > 0) problems.push(`${photos} photo${photos === 1 ? '' : 's'} differ${photos === 1 ? 's' : ''}`);
  return {
    tone: 'red',
    title: 'Altered',
    detail: `Something changed since the report was published: ${problems.join('; ') || 'see the checks below'}.`,
  };
}

/** One hash check in plain words (a photo's or the text's). */
export function hashCheckWords(check: {
  recorded: string | null;
  computed: string | null;
  matches: boolean;
}): string {
  if (check.matches) return 'Matches the audit log';
  if (check.recorded === null) return 'Not in the audit log';
  if (check.computed === null) return 'Missing from storage';
  return 'Does not match the audit log';
}

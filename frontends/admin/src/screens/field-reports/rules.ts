// The field report screens' pure rules: the stages in order, the timeline's page size, what a photo's capture time
// rests on, and a verification in plain words, in the language of the `text` given. No React, no zod: unit-tested
// in test/plan-information.unit.test.ts.
import type {
  CaptureTimeSource,
  FieldReportStage,
  FieldReportVerification,
} from '@cropvest/contracts/plans/field-reports';
import { FIELD_REPORT_STAGE_WORDS } from '@cropvest/web-kit/words/field-reports';
import type { FieldReportsText } from './messages/catalogue.ts';

export const TIMELINE_PAGE_SIZE = 10;
/** The contract's FIELD_REPORT_TEXT_MAX and FIELD_REPORT_PHOTOS_MAX; importing them would bring zod into the first paint. */
export const REPORT_TEXT_MAX = 5000;
export const REPORT_PHOTOS_MAX = 10;

/** The stages in the order the form offers them (the kit's words name them, in the contract's order). */
export const STAGES = Object.keys(FIELD_REPORT_STAGE_WORDS) as FieldReportStage[];

/** Where a capture time comes from, said so nobody takes an upload time for when the photo was taken. */
export const captureSource = (source: CaptureTimeSource, text: FieldReportsText): string =>
  text(source === 'exif' ? 'fieldReports.capture.exif' : 'fieldReports.capture.upload');

export interface VerificationVerdict {
  tone: 'green' | 'red' | 'yellow';
  title: string;
  detail: string;
}

/** The whole report's verdict in plain words. */
export function verificationVerdict(
  verification: FieldReportVerification,
  text: FieldReportsText,
): VerificationVerdict {
  if (verification.status === 'audit_pending')
    return {
      tone: 'yellow',
      title: text('fieldReports.verdict.pendingTitle'),
      detail: text('fieldReports.verdict.pendingDetail'),
    };
  const { position } = verification.auditEntry;
  if (verification.status === 'intact')
    return {
      tone: 'green',
      title: text('fieldReports.verdict.intactTitle'),
      detail:
        position === null
          ? text('fieldReports.verdict.intactDetail')
          : text('fieldReports.verdict.intactDetailAt', { position: String(position) }),
    };
  const problems: string[] = [];
  if (!verification.auditEntry.found) problems.push(text('fieldReports.problem.auditMissing'));
  else if (!verification.auditEntry.intact) problems.push(text('fieldReports.problem.auditBroken'));
  if (!verification.stageMatches) problems.push(text('fieldReports.problem.stage'));
  if (!verification.planMatches) problems.push(text('fieldReports.problem.plan'));
  if (!verification.text.matches) problems.push(text('fieldReports.problem.text'));
  const photos = verification.photos.filter((photo) => !photo.matches).length;
  if (photos > 0) problems.push(text('fieldReports.problem.photos', { count: photos }));
  return {
    tone: 'red',
    title: text('fieldReports.verdict.alteredTitle'),
    detail: text('fieldReports.verdict.alteredDetail', {
      problems: problems.join('; ') || text('fieldReports.verdict.seeChecks'),
    }),
  };
}

/** One hash check in plain words (a photo's or the text's). */
export function hashCheckWords(
  check: { recorded: string | null; computed: string | null; matches: boolean },
  text: FieldReportsText,
): string {
  if (check.matches) return text('fieldReports.hash.matches');
  if (check.recorded === null) return text('fieldReports.hash.notRecorded');
  if (check.computed === null) return text('fieldReports.hash.missing');
  return text('fieldReports.hash.differs');
}

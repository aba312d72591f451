// "Verify" a report (decision 0093): the plans service recomputes the text's and each photo's SHA-256 from what is
// stored now and compares them with the report's entry in the hash-chained audit log. Said in plain words: the
// verdict, then each photo's hash, capture time and whether it matches, then the text, stage, plan and audit entry.
import { RotateCw } from 'lucide-react';
import type { FieldReport } from '@cropvest/contracts/plans/field-reports';
import { useFieldReportStageWord } from '@cropvest/web-kit/words/field-reports';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { formatDateTime } from '@cropvest/ui/format';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { useFieldReportVerificationQuery } from '../../api/plans.ts';
import { captureSource, hashCheckWords, verificationVerdict } from './rules.ts';
import {
  useFieldReportsMessages,
  type FieldReportsMessageId,
  type FieldReportsText,
} from './messages/catalogue.ts';

const VERDICT_STYLE = {
  green: 'border-brand-border bg-brand-muted text-brand-ink',
  red: 'border-danger-border bg-danger-muted text-danger-ink',
  yellow: 'border-warning-border bg-warning-muted text-warning-ink',
} as const;

export function VerifyDialog({ report, onClose }: { report: FieldReport; onClose: () => void }) {
  const { text, rich } = useFieldReportsMessages();
  const stageWord = useFieldReportStageWord();
  const verification = useFieldReportVerificationQuery(report.id, { refetchOnMountOrArgChange: true });
  const hash = (id: FieldReportsMessageId, value: string | null) =>
    rich(id, {
      value: value ?? text('fieldReports.verify.noHash'),
      hash: (chunks) => <span className="break-all font-mono text-xs text-ink">{chunks}</span>,
    });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={text('fieldReports.verify.title')}
        description={text('fieldReports.verify.description', {
          stage: stageWord(report.stage),
          date: formatDateTime(report.publishedAt),
        })}
        className="sm:max-w-2xl"
      >
        <QueryView
          query={verification}
          what={text('fieldReports.verify.what')}
          skeleton={<SkeletonRows rows={3} className="h-12" />}
        >
          {(result) => {
            const verdict = verificationVerdict(result, text);
            return (
              <div className="space-y-4 text-sm">
                <div role="status" className={`rounded-lg border p-3 ${VERDICT_STYLE[verdict.tone]}`}>
                  <p className="font-semibold">{verdict.title}</p>
                  <p>{verdict.detail}</p>
                </div>
                {result.photos.length === 0 ? (
                  <p className="text-ink-muted">{text('fieldReports.verify.noPhotos')}</p>
                ) : (
                  <ol className="space-y-3" aria-label={text('fieldReports.verify.photosChecked')}>
                    {result.photos.map((check, index) => {
                      const photo = report.photos.find((candidate) => candidate.id === check.id);
                      return (
                        <li key={check.id} className="space-y-1 rounded-lg border border-border p-3">
                          <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                            {text('fieldReports.verify.photo', { position: index + 1 })}
                            <Badge tone={check.matches ? 'green' : 'red'}>
                              {hashCheckWords(check, text)}
                            </Badge>
                          </p>
                          {photo ? (
                            <p className="text-ink-muted">
                              {text('fieldReports.photo.captured', {
                                time: formatDateTime(photo.capturedAt),
                                source: captureSource(photo.capturedAtSource, text),
                              })}
                            </p>
                          ) : null}
                          <p className="text-ink-muted">
                            {hash('fieldReports.verify.hashNow', check.computed)}
                          </p>
                          {check.matches ? null : (
                            <p className="text-ink-muted">
                              {hash('fieldReports.verify.hashRecorded', check.recorded)}
                            </p>
                          )}
                        </li>
                      );
                    })}
                  </ol>
                )}
                <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
                  <dt className="text-ink-muted">{text('fieldReports.verify.text')}</dt>
                  <dd>{hashCheckWords(result.text, text)}</dd>
                  <dt className="text-ink-muted">{text('fieldReports.verify.stage')}</dt>
                  <dd>
                    {text(
                      result.stageMatches ? 'fieldReports.verify.matches' : 'fieldReports.verify.differs',
                    )}
                  </dd>
                  <dt className="text-ink-muted">{text('fieldReports.verify.plan')}</dt>
                  <dd>
                    {text(result.planMatches ? 'fieldReports.verify.matches' : 'fieldReports.verify.differs')}
                  </dd>
                  <dt className="text-ink-muted">{text('fieldReports.verify.auditEntry')}</dt>
                  <dd>{auditEntryWords(result.auditEntry, text)}</dd>
                </dl>
                <div className="flex justify-end">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void verification.refetch()}
                    disabled={verification.isFetching}
                  >
                    <RotateCw aria-hidden="true" className="h-4 w-4" /> {text('fieldReports.verify.again')}
                  </Button>
                </div>
              </div>
            );
          }}
        </QueryView>
      </DialogContent>
    </Dialog>
  );
}

/** The audit entry's own check: missing, or (un)changed in the hash chain at its position when known. */
function auditEntryWords(
  entry: { found: boolean; intact: boolean; position: number | null },
  text: FieldReportsText,
): string {
  if (!entry.found) return text('fieldReports.verify.entryMissing');
  const id: FieldReportsMessageId = entry.intact
    ? entry.position === null
      ? 'fieldReports.verify.entryUnchanged'
      : 'fieldReports.verify.entryUnchangedAt'
    : entry.position === null
      ? 'fieldReports.verify.entryChanged'
      : 'fieldReports.verify.entryChangedAt';
  return text(id, { position: String(entry.position) });
}

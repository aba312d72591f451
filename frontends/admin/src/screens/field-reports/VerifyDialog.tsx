// "Verify" a report (decision 0093): the plans service recomputes the text's and each photo's SHA-256 from what is
// stored now and compares them with the report's entry in the hash-chained audit log. Said in plain words: the
// verdict, then each photo's hash, capture time and whether it matches, then the text, stage, plan and audit entry.
import { RotateCw } from 'lucide-react';
import type { FieldReport } from '@cropvest/contracts/plans/field-reports';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { formatDateTime } from '@cropvest/ui/format';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { useFieldReportVerificationQuery } from '../../api/plans.ts';
import { captureSource, hashCheckWords, STAGE_LABELS, verificationVerdict } from './rules.ts';

const VERDICT_STYLE = {
  green: 'border-brand-border bg-brand-muted text-brand-ink',
  red: 'border-danger-border bg-danger-muted text-danger-ink',
  yellow: 'border-warning-border bg-warning-muted text-warning-ink',
} as const;

export function VerifyDialog({ report, onClose }: { report: FieldReport; onClose: () => void }) {
  const verification = useFieldReportVerificationQuery(report.id, { refetchOnMountOrArgChange: true });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Verify this report"
        description={`${STAGE_LABELS[report.stage]} report published ${formatDateTime(report.publishedAt)}, checked against the hash-chained audit log.`}
        className="sm:max-w-2xl"
      >
        <QueryView
          query={verification}
          what="the verification"
          skeleton={<SkeletonRows rows={3} className="h-12" />}
        >
          {(result) => {
            const verdict = verificationVerdict(result);
            return (
              <div className="space-y-4 text-sm">
                <div role="status" className={`rounded-lg border p-3 ${VERDICT_STYLE[verdict.tone]}`}>
                  <p className="font-semibold">{verdict.title}</p>
                  <p>{verdict.detail}</p>
                </div>
                {result.photos.length === 0 ? (
                  <p className="text-ink-muted">This report has no photos.</p>
                ) : (
                  <ol className="space-y-3" aria-label="Photos checked">
                    {result.photos.map((check, index) => {
                      const photo = report.photos.find((candidate) => candidate.id === check.id);
                      return (
                        <li key={check.id} className="space-y-1 rounded-lg border border-border p-3">
                          <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                            Photo {index + 1}
                            <Badge tone={check.matches ? 'green' : 'red'}>{hashCheckWords(check)}</Badge>
                          </p>
                          {photo ? (
                            <p className="text-ink-muted">
                              {formatDateTime(photo.capturedAt)}, {captureSource(photo.capturedAtSource)}
                            </p>
                          ) : null}
                          <Hash label="SHA-256 now" value={check.computed} />
                          {check.matches ? null : <Hash label="SHA-256 recorded" value={check.recorded} />}
                        </li>
                      );
                    })}
                  </ol>
                )}
                <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
                  <dt className="text-ink-muted">Text</dt>
                  <dd>{hashCheckWords(result.text)}</dd>
                  <dt className="text-ink-muted">Stage</dt>
                  <dd>{result.stageMatches ? 'Matches the audit log' : 'Differs from the audit log'}</dd>
                  <dt className="text-ink-muted">Plan</dt>
                  <dd>{result.planMatches ? 'Matches the audit log' : 'Differs from the audit log'}</dd>
                  <dt className="text-ink-muted">Audit entry</dt>
                  <dd>
                    {!result.auditEntry.found
                      ? 'Not in the log'
                      : `${result.auditEntry.intact ? 'Unchanged' : 'Changed'} in the hash chain${
                          result.auditEntry.position === null ? '' : `, entry ${result.auditEntry.position}`
                        }`}
                  </dd>
                </dl>
                <div className="flex justify-end">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void verification.refetch()}
                    disabled={verification.isFetching}
                  >
                    <RotateCw aria-hidden="true" className="h-4 w-4" /> Check again
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

function Hash({ label, value }: { label: string; value: string | null }) {
  return (
    <p className="text-ink-muted">
      {label}: <span className="break-all font-mono text-xs text-ink">{value ?? 'none'}</span>
    </p>
  );
}

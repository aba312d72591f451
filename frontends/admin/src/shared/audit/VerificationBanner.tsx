// Whether the audit log's hash chain verifies (decision 0066): every entry from the first checked against its
// own hash and its predecessor's. A break names the entry and what mismatched.
import type { ReactNode } from 'react';
import { RotateCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { AuditChainVerification } from '@cropvest/contracts/identity/audit';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { formatDateTime } from '@cropvest/ui/format';
import { PROBLEM_MESSAGES, shortHash } from './labels.ts';
import { useAuditTrailMessages } from './messages/catalogue.ts';

export interface VerificationBannerProps {
  verification: AuditChainVerification | undefined;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  onCheckAgain: () => void;
}

export function VerificationBanner({
  verification,
  isLoading,
  isError,
  isFetching,
  onCheckAgain,
}: VerificationBannerProps) {
  const { text, rich } = useAuditTrailMessages();
  const mono = (chunks: ReactNode[]) => <span className="font-mono">{chunks}</span>;
  const checkAgain = (
    <Button variant="outline" size="sm" onClick={onCheckAgain} disabled={isFetching}>
      <RotateCw aria-hidden="true" className="h-3.5 w-3.5" />
      {isFetching ? text('auditTrail.banner.checkingShort') : text('auditTrail.banner.checkAgain')}
    </Button>
  );
  if (isLoading)
    return (
      <div
        role="status"
        className="rounded-xl border border-border bg-surface-muted px-4 py-3 text-sm text-ink-muted"
      >
        {text('auditTrail.banner.checking')}
      </div>
    );
  if (isError || !verification)
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger-border bg-danger-muted px-4 py-3"
      >
        <p className="text-sm text-danger-ink">{text('auditTrail.banner.checkFailed')}</p>
        {checkAgain}
      </div>
    );
  const broken = verification.firstBroken;
  return (
    <section
      aria-label={text('auditTrail.banner.label')}
      className={
        broken
          ? 'flex flex-col gap-3 rounded-xl border border-danger-border bg-danger-muted p-4 sm:flex-row sm:items-start'
          : 'flex flex-col gap-3 rounded-xl border border-success-border bg-success-muted p-4 sm:flex-row sm:items-start'
      }
    >
      {broken ? (
        <ShieldAlert aria-hidden="true" className="h-6 w-6 shrink-0 text-danger" />
      ) : (
        <ShieldCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-success" />
      )}
      <div className="min-w-0 flex-1 space-y-1" role={broken ? 'alert' : 'status'}>
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          <Badge tone={broken ? 'red' : 'green'}>
            {broken ? text('auditTrail.banner.broken') : text('auditTrail.banner.verified')}
          </Badge>
          {broken
            ? text('auditTrail.banner.brokenHeadline', { position: broken.position })
            : text('auditTrail.banner.verifiedHeadline', { count: verification.verified })}
        </p>
        {broken ? (
          <>
            <p className="text-sm text-danger-ink">
              {rich('auditTrail.banner.brokenDetail', {
                position: broken.position,
                id: broken.id,
                entryId: (chunks) => <span className="break-all font-mono">{chunks}</span>,
                problem: text(PROBLEM_MESSAGES[broken.problem]),
                count: verification.verified,
              })}
            </p>
            <p className="break-all text-xs text-danger-ink">
              {rich('auditTrail.banner.mismatch', {
                expected: broken.expected,
                found: broken.found,
                hash: mono,
              })}
            </p>
          </>
        ) : (
          <p className="text-sm text-success-ink">
            {rich('auditTrail.banner.chained', { hash: mono, headHash: shortHash(verification.headHash) })}
          </p>
        )}
        <p className="text-xs text-ink-muted">
          {text('auditTrail.banner.checked', { when: formatDateTime(verification.checkedAt) })}
        </p>
      </div>
      <div className="shrink-0">{checkAgain}</div>
    </section>
  );
}

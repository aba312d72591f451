// Whether the audit log's hash chain verifies (decision 0066): every entry from the first checked against its
// own hash and its predecessor's. A break names the entry and what mismatched.
import { RotateCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { AuditChainVerification } from '@cropvest/contracts/identity/audit';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { formatDateTime } from '@cropvest/ui/format';
import { PROBLEM_LABELS, shortHash, verifiedBefore, verifiedHeadline } from './labels.ts';

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
  const checkAgain = (
    <Button variant="outline" size="sm" onClick={onCheckAgain} disabled={isFetching}>
      <RotateCw aria-hidden="true" className="h-3.5 w-3.5" /> {isFetching ? 'Checking…' : 'Check again'}
    </Button>
  );
  if (isLoading)
    return (
      <div
        role="status"
        className="rounded-xl border border-border bg-surface-muted px-4 py-3 text-sm text-ink-muted"
      >
        Checking the audit chain…
      </div>
    );
  if (isError || !verification)
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger-border bg-danger-muted px-4 py-3"
      >
        <p className="text-sm text-danger-ink">We could not check the audit chain.</p>
        {checkAgain}
      </div>
    );
  const broken = verification.firstBroken;
  return (
    <section
      aria-label="Audit chain verification"
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
          <Badge tone={broken ? 'red' : 'green'}>{broken ? 'Chain broken' : 'Chain verified'}</Badge>
          {broken ? `Entry #${broken.position} does not verify` : verifiedHeadline(verification.verified)}
        </p>
        {broken ? (
          <>
            <p className="text-sm text-danger-ink">
              Entry #{broken.position} (ID <span className="break-all font-mono">{broken.id}</span>):{' '}
              {PROBLEM_LABELS[broken.problem]}. {verifiedBefore(verification.verified)}
            </p>
            <p className="break-all text-xs text-danger-ink">
              Expected <span className="font-mono">{broken.expected}</span>, found{' '}
              <span className="font-mono">{broken.found}</span>
            </p>
          </>
        ) : (
          <p className="text-sm text-success-ink">
            Each entry carries the hash of the one before it, from the first to the last (latest hash{' '}
            <span className="font-mono">{shortHash(verification.headHash)}</span>).
          </p>
        )}
        <p className="text-xs text-ink-muted">Checked {formatDateTime(verification.checkedAt)}</p>
      </div>
      <div className="shrink-0">{checkAgain}</div>
    </section>
  );
}

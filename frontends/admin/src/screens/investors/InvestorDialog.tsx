// One investor in a dialog (spec: name, email, balance, member since, user id, role, status, last updated). The
// status is the real ban state, with the reason and date of a ban, not the spec's "always Active". The user is
// read again when the dialog opens, so a ban or edit made since the list loaded shows (and the screen is told, to
// refresh its list and totals); until that answer arrives, or if it fails, the list's copy is shown.
import { useEffect, useRef, type ReactNode } from 'react';
import { ArrowRight, RotateCw } from 'lucide-react';
import type { AdminUser } from '@cropvest/contracts/identity/admin-users';
import { Link } from '@cropvest/web-kit/router';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { CopyButton } from '@cropvest/ui/copy-button';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { formatDate, formatDateTime, formatUsdt, NOT_AVAILABLE } from '@cropvest/ui/format';
import { useAdminUserQuery } from '../../api/identity.ts';
import { useInvestorsMessages } from './messages/catalogue.ts';

export interface InvestorDialogProps {
  /** The list's copy of the investor. */
  investor: AdminUser;
  onClose: () => void;
  /** The investor changed since the list was read. */
  onStale: () => void;
}

export function InvestorDialog({ investor, onClose, onStale }: InvestorDialogProps) {
  const { text, rich } = useInvestorsMessages();
  const current = useAdminUserQuery(investor.id, { refetchOnMountOrArgChange: true });
  const user = current.data ?? investor;
  const fresh = current.data;
  // Each fresh answer is reported once, however often the screen re-renders.
  const reported = useRef<AdminUser | null>(null);
  useEffect(() => {
    if (!fresh || fresh === reported.current || fresh.updatedAt === investor.updatedAt) return;
    reported.current = fresh;
    onStale();
  }, [fresh, investor.updatedAt, onStale]);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={text('investors.dialog.title')} description={user.name}>
        <p role="status" className="mb-3 text-xs text-ink-muted empty:hidden">
          {current.isFetching ? text('investors.dialog.checking') : null}
        </p>
        {current.error && !current.isFetching ? (
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-warning-border bg-warning-muted px-3 py-2 text-sm text-warning-ink">
            <span role="alert">{text('investors.dialog.checkFailed')}</span>
            <Button variant="outline" size="sm" onClick={() => void current.refetch()}>
              <RotateCw aria-hidden="true" className="h-3.5 w-3.5" /> {text('investors.dialog.tryAgain')}
            </Button>
          </div>
        ) : null}
        <dl className="divide-y divide-border text-sm">
          <Detail term={text('investors.dialog.name')}>{user.name}</Detail>
          <Detail term={text('investors.dialog.email')}>
            <span className="break-all">{user.email}</span>
          </Detail>
          <Detail term={text('investors.dialog.balance')}>
            <span className="font-semibold tabular-nums">{formatUsdt(user.balance)}</span>
          </Detail>
          <Detail term={text('investors.dialog.memberSince')}>{formatDate(user.createdAt)}</Detail>
          <Detail term={text('investors.dialog.userId')}>
            <div className="flex flex-wrap items-center gap-2">
              <code className="min-w-0 break-all rounded bg-surface-muted px-2 py-1 font-mono text-xs text-ink">
                {user.id}
              </code>
              <CopyButton
                value={user.id}
                label={text('investors.dialog.copyId', { name: user.name })}
                copied={{ title: text('investors.dialog.idCopied') }}
                showText={false}
              />
            </div>
          </Detail>
          <Detail term={text('investors.dialog.role')}>
            <span className="capitalize">{text('investors.dialog.roleName', { role: user.role })}</span>
          </Detail>
          <Detail term={text('investors.dialog.status')}>
            {user.isBanned ? (
              <div className="space-y-1">
                <Badge tone="red">{text('investors.dialog.banned')}</Badge>
                <p className="break-words text-ink">
                  {rich('investors.dialog.reason', {
                    reason: user.banReason ?? (
                      <span className="text-ink-muted">{text('investors.dialog.noReason')}</span>
                    ),
                  })}
                </p>
                <p className="text-ink-muted">
                  {text('investors.dialog.bannedAt', {
                    date: user.bannedAt ? formatDateTime(user.bannedAt) : NOT_AVAILABLE,
                  })}
                </p>
              </div>
            ) : (
              <Badge tone="green">{text('investors.dialog.active')}</Badge>
            )}
          </Detail>
          <Detail term={text('investors.dialog.updated')}>{formatDateTime(user.updatedAt)}</Detail>
        </dl>
        <div className="mt-4 flex justify-end">
          <Link to={`/admin/users/${user.id}`} className={buttonClass('primary')}>
            {text('investors.dialog.open')}
            <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="font-medium text-ink-muted">{term}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

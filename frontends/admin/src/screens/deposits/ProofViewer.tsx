// A deposit's proof in a dialog: a short-lived link fetched when the dialog opens, shown inline as an image
// or a PDF by the type the wallet stored, with a link to open it in a new tab.
import { ExternalLink } from 'lucide-react';
import type { AdminDeposit } from '@cropvest/contracts/wallet/model';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { useAdminDepositProofQuery } from '../../api/wallet.ts';
import { useDepositsMessages } from './messages/catalogue.ts';

export function ProofViewer({ deposit, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const proof = useAdminDepositProofQuery(deposit.id);
  const { text } = useDepositsMessages();
  const of = { amount: formatUsdt(deposit.amount), name: deposit.user.name };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={text('deposits.proof.title')}
        description={text('deposits.proof.description', { ...of, date: formatDateTime(deposit.createdAt) })}
        className="max-w-3xl"
      >
        <QueryView query={proof} what={text('deposits.proof.what')} skeleton={<Skeleton className="h-80" />}>
          {(link) => (
            <div className="space-y-3">
              {link.contentType === 'application/pdf' ? (
                <iframe
                  src={link.url}
                  title={text('deposits.proof.pdf', of)}
                  className="h-[65vh] w-full rounded-md border border-border"
                />
              ) : (
                <img
                  src={link.url}
                  alt={text('deposits.proof.image', of)}
                  className="mx-auto max-h-[65vh] w-auto rounded-md border border-border object-contain"
                />
              )}
              <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-ink-muted">
                <span>{text('deposits.proof.expires', { date: formatDateTime(link.expiresAt) })}</span>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-ink underline"
                >
                  <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" /> {text('deposits.proof.open')}
                </a>
              </p>
            </div>
          )}
        </QueryView>
      </DialogContent>
    </Dialog>
  );
}

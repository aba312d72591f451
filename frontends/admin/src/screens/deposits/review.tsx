// What Manage Deposits and a deposit's own page share (docs/decisions/0121): the status with its approvals, the
// transaction with its proof, the chain's verdict, and the dialog that asks before an approval or a rejection of
// one or several deposits, then makes it.
import { useState } from 'react';
import { FileImage, ShieldCheck, ShieldQuestion, ShieldX } from 'lucide-react';
import { CHAIN_ACTOR_NAME } from '@cropvest/contracts/chain/networks';
import type { AdminDeposit } from '@cropvest/contracts/wallet/model';
import { toastFailure } from '@cropvest/web-kit/form';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { describeChainVerdict, networkLabel } from '@cropvest/ui/chain-text';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { ExplorerLink, TransactionId } from '@cropvest/ui/transaction-id';
import { TextField } from '@cropvest/ui/input';
import { toast } from '@cropvest/ui/toast';
import { formatUsdt } from '@cropvest/ui/format';
import { ApprovalStatus } from '../../shared/review-queue/ApprovalStatus.tsx';
import { ReviewActions } from '../../shared/review-queue/ReviewActions.tsx';
import {
  useApproveDepositsMutation,
  useRejectDepositsMutation,
  useReviewDepositMutation,
  type BulkReviewFailure,
} from '../../api/wallet.ts';
import { approvalStage, claimedDiffers, unverifiedBecause, type ApprovalStage } from './rules.ts';
import { useDepositsMessages, type DepositsText } from './messages/catalogue.ts';

export type DepositDecision =
  | { kind: 'approve'; deposit: AdminDeposit; stage: ApprovalStage }
  | { kind: 'reject'; deposit: AdminDeposit }
  | { kind: 'reject-many'; deposits: AdminDeposit[] }
  | { kind: 'approve-many'; deposits: AdminDeposit[] };

/** Which deposit a control acts on, for screen readers: "the 75.00 USDT deposit of Ana". */
export const depositOf = (deposit: AdminDeposit, text: DepositsText) =>
  text('deposits.row.of', { amount: formatUsdt(deposit.amount), name: deposit.user.name });

/** Approve and Reject (or the four-eyes note) for a pending deposit, as the admin `myId` may give them. */
export function DepositReviewActions({
  deposit,
  myId,
  onDecide,
}: {
  deposit: AdminDeposit;
  myId: string | undefined;
  onDecide: (decision: DepositDecision) => void;
}) {
  const { text } = useDepositsMessages();
  const stage = approvalStage(deposit, myId);
  return (
    <ReviewActions
      stage={stage}
      of={depositOf(deposit, text)}
      onApprove={() => onDecide({ kind: 'approve', deposit, stage })}
      onReject={() => onDecide({ kind: 'reject', deposit })}
    />
  );
}

/** The status, the approvals and who credited it; a refusal by the chain says so (its reason is the verdict's). */
export function DepositStatus({ deposit }: { deposit: AdminDeposit }) {
  const { text } = useDepositsMessages();
  const refusedByChain = deposit.status === 'rejected' && deposit.chain.status === 'refused';
  return (
    <ApprovalStatus
      request={refusedByChain ? { ...deposit, rejectionReason: null } : deposit}
      settledBy={text('deposits.status.creditedBy')}
      settledSecondBy={text('deposits.status.creditedBy')}
    >
      {refusedByChain ? (
        <p className="text-xs text-ink-muted">
          {text('deposits.status.rejectedBy', { name: CHAIN_ACTOR_NAME })}
        </p>
      ) : null}
    </ApprovalStatus>
  );
}

/**
 * The transaction: its network, its id (copyable), its page on the network's explorer when there is one, and the
 * proof the investor attached.
 */
export function TransactionCell({
  deposit,
  link,
  onViewProof,
}: {
  deposit: AdminDeposit;
  link: string | null;
  onViewProof: () => void;
}) {
  const { text, rich } = useDepositsMessages();
  const network = networkLabel(deposit.network);
  return (
    <div className="min-w-[8rem] space-y-1.5">
      <Badge tone="outline">{network}</Badge>
      {deposit.txid ? (
        <>
          <TransactionId
            txid={deposit.txid}
            copyLabel={text('deposits.transaction.copy', { name: deposit.user.name })}
            className="max-w-[7.5rem]"
          />
          {link ? (
            <ExplorerLink
              href={link}
              about={text('deposits.transaction.explorer', { network, name: deposit.user.name })}
            />
          ) : null}
        </>
      ) : (
        <p className="text-xs text-ink-muted">{text('deposits.transaction.none')}</p>
      )}
      {deposit.screenshotUrl ? (
        <Button variant="outline" size="sm" className="relative whitespace-nowrap" onClick={onViewProof}>
          <FileImage aria-hidden="true" className="h-3.5 w-3.5" />
          {rich('deposits.transaction.viewProof', {
            amount: formatUsdt(deposit.amount),
            name: deposit.user.name,
            hidden: (chunks) => <span className="sr-only">{chunks}</span>,
          })}
        </Button>
      ) : (
        <p className="text-xs text-ink-muted">{text('deposits.transaction.noProof')}</p>
      )}
    </div>
  );
}

/**
 * What the chain says of the transaction, on its own (the status column beside it says what became of the
 * deposit): its badge and sentence, and for a deposit an admin approved without a verification, that it was.
 */
export function VerdictCell({ deposit }: { deposit: AdminDeposit }) {
  const { text } = useDepositsMessages();
  const verdict = describeChainVerdict(deposit.chain);
  return (
    <div className="min-w-[9rem] max-w-[14rem] space-y-1">
      <VerdictBadge deposit={deposit} />
      <p className="text-xs text-ink-muted">{verdict.text}</p>
      {deposit.status === 'approved' && deposit.creditedBy === 'admin' && !verdict.verified ? (
        <p className="text-xs font-medium text-warning-ink">{text('deposits.verdict.approvedUnverified')}</p>
      ) : null}
    </div>
  );
}

/** The verdict's few words with an icon; on a phone its title carries the sentence. */
function VerdictBadge({ deposit }: { deposit: AdminDeposit }) {
  const { rich } = useDepositsMessages();
  const verdict = describeChainVerdict(deposit.chain);
  const Icon = verdict.verified ? ShieldCheck : deposit.chain.status === 'refused' ? ShieldX : ShieldQuestion;
  return (
    <Badge tone={verdict.tone} className="whitespace-nowrap" title={verdict.text}>
      <Icon aria-hidden="true" className="me-1 h-3 w-3" />
      {rich('deposits.verdict.label', {
        verdict: verdict.label,
        hidden: (chunks) => <span className="sr-only">{chunks}</span>,
      })}
    </Badge>
  );
}

/** Asks before an approval (money is credited) or a rejection of one or several deposits, then makes it. */
export function DecisionDialog({
  decision,
  onDone,
  onCancel,
}: {
  decision: DepositDecision;
  /** Gets the deposits the decision took out of the pending ones. */
  onDone: (settledIds: string[]) => void;
  onCancel: () => void;
}) {
  const { text } = useDepositsMessages();
  const [review, { isLoading: reviewing }] = useReviewDepositMutation();
  const [rejectMany, { isLoading: rejecting }] = useRejectDepositsMutation();
  const [approveMany, { isLoading: approving }] = useApproveDepositsMutation();
  const [reason, setReason] = useState('');
  const busy = reviewing || rejecting || approving;

  const confirm = async () => {
    if (decision.kind === 'reject-many') {
      const outcome = await rejectMany(decision.deposits.map((deposit) => deposit.id)).unwrap();
      if (outcome.failed.length === 0)
        toast({
          title: text('deposits.toast.rejectedMany', { count: outcome.rejected.length }),
          variant: 'success',
        });
      else
        toast({
          title: text('deposits.toast.rejectedSome', {
            rejected: outcome.rejected.length,
            failed: outcome.failed.length,
          }),
          description: outcome.failed[0]?.message ?? text('deposits.toast.failed'),
          variant: 'destructive',
        });
      onDone(outcome.rejected);
      return;
    }
    if (decision.kind === 'approve-many') {
      const outcome = await approveMany(decision.deposits.map((deposit) => deposit.id)).unwrap();
      toast(bulkApprovalToast(outcome, text));
      onDone(outcome.credited);
      return;
    }
    const status = decision.kind === 'approve' ? 'approved' : 'rejected';
    const rejectionReason = reason.trim();
    try {
      const result = await review({
        id: decision.deposit.id,
        body: { status, ...(status === 'rejected' && rejectionReason ? { rejectionReason } : {}) },
      }).unwrap();
      if (status === 'approved' && result.status === 'pending')
        toast({
          title: text('deposits.toast.firstApproval'),
          description: text('deposits.toast.firstApprovalDescription'),
          variant: 'success',
        });
      else toast({ title: text('deposits.toast.reviewed', { status: result.status }), variant: 'success' });
      onDone(status === 'rejected' ? [decision.deposit.id] : []);
    } catch (error) {
      toastFailure(error, { fallback: text('deposits.toast.failed') });
      onCancel();
    }
  };

  if (decision.kind === 'approve') {
    const { deposit, stage } = decision;
    const because = unverifiedBecause(deposit.chain, text);
    const verdict = describeChainVerdict(deposit.chain);
    const credit =
      stage === 'first'
        ? text('deposits.approve.needsTwo')
        : text('deposits.approve.credit', { amount: formatUsdt(deposit.amount), name: deposit.user.name });
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => (open ? undefined : onCancel())}
        title={text(because ? 'deposits.approve.titleUnverified' : 'deposits.approve.title')}
        description={
          <div className="space-y-2">
            {because ? (
              <p className="font-medium text-warning-ink">
                {text('deposits.approve.unverified', { because })}
              </p>
            ) : (
              <p>
                {text('deposits.approve.verified', {
                  verdict: verdict.text,
                  network: networkLabel(deposit.network),
                })}
              </p>
            )}
            {claimedDiffers(deposit) ? (
              <p>
                {text('deposits.approve.claimed', {
                  claimed: formatUsdt(deposit.claimedAmount),
                  amount: formatUsdt(deposit.amount),
                })}
              </p>
            ) : null}
            <p>{credit}</p>
          </div>
        }
        confirmLabel={text(because ? 'deposits.approve.anyway' : 'deposits.approve.confirm')}
        busy={busy}
        onConfirm={confirm}
      />
    );
  }

  if (decision.kind === 'approve-many') {
    const { deposits } = decision;
    const firstOnly = deposits.filter(
      (deposit) => deposit.requiresSecondApproval && !deposit.firstApprovedBy,
    );
    const unverified = deposits.filter((deposit) => unverifiedBecause(deposit.chain, text) !== null);
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => (open ? undefined : onCancel())}
        title={text('deposits.approveMany.title', { count: deposits.length })}
        description={
          <div className="space-y-2">
            {unverified.length > 0 ? (
              <p className="font-medium text-warning-ink">
                {text('deposits.approveMany.unverified', {
                  scope: unverified.length === deposits.length ? 'all' : 'some',
                  count: unverified.length,
                })}
              </p>
            ) : null}
            {firstOnly.length > 0 ? (
              <p>{text('deposits.approveMany.firstOnly', { count: firstOnly.length })}</p>
            ) : null}
            <p>
              {firstOnly.length === deposits.length
                ? text('deposits.approveMany.noChange')
                : text('deposits.approveMany.credit', { count: deposits.length - firstOnly.length })}
            </p>
          </div>
        }
        confirmLabel={text(unverified.length > 0 ? 'deposits.approve.anyway' : 'deposits.approve.confirm')}
        busy={busy}
        onConfirm={confirm}
      />
    );
  }

  const single = decision.kind === 'reject' ? decision.deposit : null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={
        single
          ? text('deposits.reject.title')
          : text('deposits.reject.titleMany', {
              count: decision.kind === 'reject-many' ? decision.deposits.length : 0,
            })
      }
      description={
        single ? (
          <p>
            {text('deposits.reject.description', {
              amount: formatUsdt(single.amount),
              name: single.user.name,
            })}
          </p>
        ) : (
          <p>
            {text('deposits.reject.descriptionMany', {
              count: decision.kind === 'reject-many' ? decision.deposits.length : 0,
            })}
          </p>
        )
      }
      confirmLabel={text('deposits.reject.confirm')}
      tone="destructive"
      busy={busy}
      onConfirm={confirm}
    >
      {single ? (
        <TextField
          label={text('deposits.reject.reason')}
          hint={text('deposits.reject.reasonHint')}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
    </ConfirmDialog>
  );
}

/** What a bulk approval did: credited, first approvals recorded (four-eyes), and what failed with why. */
function bulkApprovalToast(
  {
    credited,
    firstApprovals,
    failed,
  }: {
    credited: string[];
    firstApprovals: string[];
    failed: BulkReviewFailure[];
  },
  text: DepositsText,
) {
  if (failed.length === 0 && firstApprovals.length === 0)
    return {
      title: text('deposits.toast.approvedMany', { count: credited.length }),
      variant: 'success' as const,
    };
  const done = [
    credited.length > 0 ? text('deposits.toast.approvedPart', { count: credited.length }) : null,
    firstApprovals.length > 0
      ? text('deposits.toast.firstApprovalsPart', { count: firstApprovals.length })
      : null,
    failed.length > 0 ? text('deposits.toast.notApprovedPart', { count: failed.length }) : null,
  ].filter((part) => part !== null);
  return {
    title: done.join(', '),
    ...(failed[0] ? { description: failed[0].message } : {}),
    variant: failed.length > 0 ? ('destructive' as const) : ('success' as const),
  };
}

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

export type DepositDecision =
  | { kind: 'approve'; deposit: AdminDeposit; stage: ApprovalStage }
  | { kind: 'reject'; deposit: AdminDeposit }
  | { kind: 'reject-many'; deposits: AdminDeposit[] }
  | { kind: 'approve-many'; deposits: AdminDeposit[] };

/** Which deposit a control acts on, for screen readers: "the 75.00 USDT deposit of Ana". */
export const depositOf = (deposit: AdminDeposit) =>
  `the ${formatUsdt(deposit.amount)} deposit of ${deposit.user.name}`;

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
  const stage = approvalStage(deposit, myId);
  return (
    <ReviewActions
      stage={stage}
      of={depositOf(deposit)}
      onApprove={() => onDecide({ kind: 'approve', deposit, stage })}
      onReject={() => onDecide({ kind: 'reject', deposit })}
    />
  );
}

/** The status, the approvals and who credited it; a refusal by the chain says so (its reason is the verdict's). */
export function DepositStatus({ deposit }: { deposit: AdminDeposit }) {
  const refusedByChain = deposit.status === 'rejected' && deposit.chain.status === 'refused';
  return (
    <ApprovalStatus
      request={refusedByChain ? { ...deposit, rejectionReason: null } : deposit}
      settledBy="Credited by"
      settledSecondBy="Credited by"
    >
      {refusedByChain ? <p className="text-xs text-ink-muted">Rejected by: {CHAIN_ACTOR_NAME}</p> : null}
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
  const network = networkLabel(deposit.network);
  return (
    <div className="min-w-[8rem] space-y-1.5">
      <Badge tone="outline">{network}</Badge>
      {deposit.txid ? (
        <>
          <TransactionId
            txid={deposit.txid}
            copyLabel={`Copy the transaction id of the deposit of ${deposit.user.name}`}
            className="max-w-[7.5rem]"
          />
          {link ? (
            <ExplorerLink href={link} about={`${network} transaction of ${deposit.user.name}`} />
          ) : null}
        </>
      ) : (
        <p className="text-xs text-ink-muted">No transaction id</p>
      )}
      {deposit.screenshotUrl ? (
        <Button variant="outline" size="sm" className="relative whitespace-nowrap" onClick={onViewProof}>
          <FileImage aria-hidden="true" className="h-3.5 w-3.5" /> View Proof
          <span className="sr-only">
            {' '}
            of the {formatUsdt(deposit.amount)} deposit of {deposit.user.name}
          </span>
        </Button>
      ) : (
        <p className="text-xs text-ink-muted">No proof</p>
      )}
    </div>
  );
}

/**
 * What the chain says of the transaction, on its own (the status column beside it says what became of the
 * deposit): its badge and sentence, and for a deposit an admin approved without a verification, that it was.
 */
export function VerdictCell({ deposit }: { deposit: AdminDeposit }) {
  const verdict = describeChainVerdict(deposit.chain);
  return (
    <div className="min-w-[9rem] max-w-[14rem] space-y-1">
      <VerdictBadge deposit={deposit} />
      <p className="text-xs text-ink-muted">{verdict.text}</p>
      {deposit.status === 'approved' && deposit.creditedBy === 'admin' && !verdict.verified ? (
        <p className="text-xs font-medium text-warning-ink">Approved by an admin without a verification.</p>
      ) : null}
    </div>
  );
}

/** The verdict's few words with an icon; on a phone its title carries the sentence. */
function VerdictBadge({ deposit }: { deposit: AdminDeposit }) {
  const verdict = describeChainVerdict(deposit.chain);
  const Icon = verdict.verified ? ShieldCheck : deposit.chain.status === 'refused' ? ShieldX : ShieldQuestion;
  return (
    <Badge tone={verdict.tone} className="whitespace-nowrap" title={verdict.text}>
      <Icon aria-hidden="true" className="mr-1 h-3 w-3" />
      <span className="sr-only">Chain check: </span>
      {verdict.label}
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
          title: `${outcome.rejected.length} deposit${outcome.rejected.length === 1 ? '' : 's'} rejected successfully!`,
          variant: 'success',
        });
      else
        toast({
          title: `${outcome.rejected.length} rejected, ${outcome.failed.length} not rejected`,
          description: outcome.failed[0]?.message ?? 'Failed to update deposit status',
          variant: 'destructive',
        });
      onDone(outcome.rejected);
      return;
    }
    if (decision.kind === 'approve-many') {
      const outcome = await approveMany(decision.deposits.map((deposit) => deposit.id)).unwrap();
      toast(bulkApprovalToast(outcome));
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
          title: 'First approval recorded',
          description: 'A second admin must approve this deposit before it is credited.',
          variant: 'success',
        });
      else toast({ title: `Deposit ${result.status} successfully!`, variant: 'success' });
      onDone(status === 'rejected' ? [decision.deposit.id] : []);
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to update deposit status' });
      onCancel();
    }
  };

  if (decision.kind === 'approve') {
    const { deposit, stage } = decision;
    const because = unverifiedBecause(deposit.chain);
    const verdict = describeChainVerdict(deposit.chain);
    const credit =
      stage === 'first'
        ? `This amount needs two admins: your approval is recorded, and nothing is credited until another admin approves.`
        : `${formatUsdt(deposit.amount)} will be credited to ${deposit.user.name}'s balance. An approval cannot be undone.`;
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => (open ? undefined : onCancel())}
        title={because ? 'Approve a deposit the chain has not verified?' : 'Approve this deposit?'}
        description={
          <div className="space-y-2">
            {because ? (
              <p className="font-medium text-warning-ink">
                The chain has not verified this transaction: {because}. Approve anyway?
              </p>
            ) : (
              <p>
                {verdict.text} The USDT reached the platform&apos;s {networkLabel(deposit.network)} address.
              </p>
            )}
            {claimedDiffers(deposit) ? (
              <p>
                The investor claimed {formatUsdt(deposit.claimedAmount)}; {formatUsdt(deposit.amount)} is what
                is credited.
              </p>
            ) : null}
            <p>{credit}</p>
          </div>
        }
        confirmLabel={because ? 'Approve anyway' : 'Approve'}
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
    const unverified = deposits.filter((deposit) => unverifiedBecause(deposit.chain) !== null);
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => (open ? undefined : onCancel())}
        title={`Approve ${pluralDeposits(deposits.length)}?`}
        description={
          <div className="space-y-2">
            {unverified.length > 0 ? (
              <p className="font-medium text-warning-ink">
                The chain has not verified {unverified.length === deposits.length ? 'any' : unverified.length}{' '}
                of them. Approve anyway?
              </p>
            ) : null}
            {firstOnly.length > 0 ? (
              <p>
                {pluralDeposits(firstOnly.length)} at or above the second-approval threshold:{' '}
                {firstOnly.length === 1 ? 'it gets' : 'they get'} your first approval only, and nothing is
                credited until another admin approves.
              </p>
            ) : null}
            <p>
              {firstOnly.length === deposits.length
                ? 'No balance changes yet.'
                : `${pluralDeposits(deposits.length - firstOnly.length)} will be credited to the investors' balances. An approval cannot be undone.`}
            </p>
          </div>
        }
        confirmLabel={unverified.length > 0 ? 'Approve anyway' : 'Approve'}
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
          ? 'Reject this deposit?'
          : `Reject ${decision.kind === 'reject-many' ? decision.deposits.length : 0} deposits?`
      }
      description={
        single ? (
          <p>
            The {formatUsdt(single.amount)} deposit of {single.user.name} will be marked rejected and nothing
            is credited.
          </p>
        ) : (
          <p>
            {decision.kind === 'reject-many' ? decision.deposits.length : 0} pending deposits will be marked
            rejected and nothing is credited. This cannot be undone.
          </p>
        )
      }
      confirmLabel="Reject"
      tone="destructive"
      busy={busy}
      onConfirm={confirm}
    >
      {single ? (
        <TextField
          label="Rejection reason (optional)"
          hint="The investor sees it with the deposit."
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
    </ConfirmDialog>
  );
}

const pluralDeposits = (count: number) => `${count} deposit${count === 1 ? '' : 's'}`;

/** What a bulk approval did: credited, first approvals recorded (four-eyes), and what failed with why. */
function bulkApprovalToast({
  credited,
  firstApprovals,
  failed,
}: {
  credited: string[];
  firstApprovals: string[];
  failed: BulkReviewFailure[];
}) {
  if (failed.length === 0 && firstApprovals.length === 0)
    return {
      title: `${pluralDeposits(credited.length)} approved successfully!`,
      variant: 'success' as const,
    };
  const done = [
    credited.length > 0 ? `${credited.length} approved` : null,
    firstApprovals.length > 0
      ? `${firstApprovals.length} with a first approval recorded (a second admin must approve before anything is credited)`
      : null,
    failed.length > 0 ? `${failed.length} not approved` : null,
  ].filter((part) => part !== null);
  return {
    title: done.join(', '),
    ...(failed[0] ? { description: failed[0].message } : {}),
    variant: failed.length > 0 ? ('destructive' as const) : ('success' as const),
  };
}

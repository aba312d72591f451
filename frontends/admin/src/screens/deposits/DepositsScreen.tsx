// Manage Deposits (spec sections 2, 7 and 8; docs/decisions/0080): search by name, email or transaction id, the
// status filters with their counts, 'N deposits found', one server page of rows (user name and email, amount with
// the claimed amount beside it when the chain moved another, network, date, transaction id with its explorer
// page, the chain's verdict, View Proof, status with the four-eyes approvals and who credited it), Approve and
// Reject for pending rows only, and several pending deposits approved or rejected at once with one confirmation.
// Approving a deposit the chain has not verified names the verdict and asks again, one by one or several at once. Search, status, sort and page live in the
// address.
import { useState } from 'react';
import { FileImage, ShieldCheck, ShieldQuestion, ShieldX } from 'lucide-react';
import { CHAIN_ACTOR_NAME } from '@cropvest/contracts/chain/networks';
import type { AdminDeposit } from '@cropvest/contracts/wallet/model';
import { useMeQuery } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { describeChainVerdict, isVerdictOpen, networkLabel } from '@cropvest/ui/chain-text';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { ExplorerLink, TransactionId } from '@cropvest/ui/transaction-id';
import { columnHelper } from '@cropvest/ui/data-table';
import { TextField } from '@cropvest/ui/input';
import { toast } from '@cropvest/ui/toast';
import { formatUsdt } from '@cropvest/ui/format';
import { AmountCell, DateCell, UserCell } from '@cropvest/ui/list/cells';
import { BulkActions, useRowSelection } from '@cropvest/ui/list/selection';
import { ListTable } from '@cropvest/ui/list/results';
import { ApprovalStatus } from '../../shared/review-queue/ApprovalStatus.tsx';
import { QueueToolbar } from '../../shared/review-queue/QueueToolbar.tsx';
import { ReviewActions } from '../../shared/review-queue/ReviewActions.tsx';
import { DEFAULT_SORT, QUEUE_PAGE_SIZE, queueArgs } from '../../shared/review-queue/queue.ts';
import { useAdminChainNetworksQuery } from '../../api/chain.ts';
import {
  useDepositCountsQuery,
  useDepositQueueQuery,
  useApproveDepositsMutation,
  useRejectDepositsMutation,
  useReviewDepositMutation,
  type BulkReviewFailure,
} from '../../api/wallet.ts';
import { ProofViewer } from './ProofViewer.tsx';
import {
  approvalStage,
  claimedDiffers,
  explorerLinkOf,
  unverifiedBecause,
  type ApprovalStage,
} from './rules.ts';

type Decision =
  | { kind: 'approve'; deposit: AdminDeposit; stage: ApprovalStage }
  | { kind: 'reject'; deposit: AdminDeposit }
  | { kind: 'reject-many'; deposits: AdminDeposit[] }
  | { kind: 'approve-many'; deposits: AdminDeposit[] };

const col = columnHelper<AdminDeposit>();
const VERDICT_POLL_MS = 10_000;

export default function DepositsScreen() {
  const list = useListState<'status'>({
    pageSize: QUEUE_PAGE_SIZE,
    sort: DEFAULT_SORT,
    filters: { status: 'all' },
  });
  const args = queueArgs(list);
  const [watching, setWatching] = useState(false);
  // While the chain still works on a row of the page (checking, confirming, not found yet), the page is read
  // again now and then, so its verdict moves on without a reload.
  const deposits = useDepositQueueQuery(args, {
    pollingInterval: watching ? VERDICT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const open = (deposits.data?.items ?? []).some(isVerdictOpen);
  if (open !== watching) setWatching(open);
  const counts = useDepositCountsQuery(args.q ? { q: args.q } : {});
  const me = useMeQuery();
  // Only for the explorer links: a chain service that does not answer leaves the rows without them.
  const networks = useAdminChainNetworksQuery();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [viewing, setViewing] = useState<AdminDeposit | null>(null);
  const selection = useRowSelection({
    rows: deposits.data?.items ?? [],
    rowId: (deposit) => deposit.id,
    selectable: (deposit) => deposit.status === 'pending',
  });

  // A deposit this admin gave the first approval waits for another admin: a bulk approval leaves it out.
  const approvable = selection.chosen.filter(
    (deposit) => approvalStage(deposit, me.data?.id) !== 'waiting-for-another-admin',
  );

  /** The status, the approvals and who credited it; a refusal by the chain says so (its reason is the verdict's). */
  const depositStatus = (deposit: AdminDeposit) => {
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
  };
  const depositDecision = (deposit: AdminDeposit) => {
    const stage = approvalStage(deposit, me.data?.id);
    return (
      <ReviewActions
        stage={stage}
        of={`the ${formatUsdt(deposit.amount)} deposit of ${deposit.user.name}`}
        onApprove={() => setDecision({ kind: 'approve', deposit, stage })}
        onReject={() => setDecision({ kind: 'reject', deposit })}
      />
    );
  };

  const columns = [
    selection.column({
      all: 'Select every pending deposit on this page',
      one: (deposit) => `Select the ${formatUsdt(deposit.amount)} deposit of ${deposit.user.name}`,
    }),
    col.accessor((deposit) => deposit.user.name, {
      id: 'user',
      header: 'User',
      enableSorting: false,
      cell: (info) => <UserCell name={info.row.original.user.name} email={info.row.original.user.email} />,
    }),
    col.accessor('amount', {
      header: 'Amount',
      cell: (info) => {
        const deposit = info.row.original;
        return (
          <AmountCell value={deposit.amount}>
            {claimedDiffers(deposit) ? (
              <p className="text-xs tabular-nums text-warning-ink">
                Claimed {formatUsdt(deposit.claimedAmount)}
              </p>
            ) : null}
          </AmountCell>
        );
      },
    }),
    col.accessor('createdAt', {
      header: 'Date',
      cell: (info) => <DateCell value={info.getValue()} />,
    }),
    col.accessor('txid', {
      header: 'Transaction',
      enableSorting: false,
      cell: (info) => (
        <TransactionCell
          deposit={info.row.original}
          link={explorerLinkOf(info.row.original, networks.data)}
          onViewProof={() => setViewing(info.row.original)}
        />
      ),
    }),
    col.display({
      id: 'chain',
      header: 'Chain check',
      cell: (info) => <VerdictCell deposit={info.row.original} />,
    }),
    // The status and the decision in one column, so a review fits a 1440 px screen without scrolling sideways.
    col.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: (info) => (
        <div className="min-w-[9rem] space-y-2">
          {depositStatus(info.row.original)}
          {depositDecision(info.row.original)}
        </div>
      ),
    }),
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Manage Deposits</h1>
        <p className="mt-1 text-ink-muted">
          The chain verifies each transaction and credits small deposits itself; check the rest with their
          verdict and proof, then approve them to credit the investor, or reject them.
        </p>
      </div>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <QueueToolbar
            list={list}
            counts={counts.data}
            searchLabel="Search deposits"
            searchPlaceholder="Name, email or transaction id"
            noun="deposit"
            total={deposits.data?.total}
          />
          {counts.data && counts.data.awaitingSecondApproval > 0 ? (
            <p className="text-sm text-warning-ink">
              {counts.data.awaitingSecondApproval} deposit
              {counts.data.awaitingSecondApproval === 1 ? ' awaits' : 's await'} a second approval.
            </p>
          ) : null}
          <BulkActions count={selection.chosen.length} noun="pending deposit" onClear={selection.clear}>
            {approvable.length > 0 ? (
              <Button size="sm" onClick={() => setDecision({ kind: 'approve-many', deposits: approvable })}>
                Approve selected
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="destructive"
              onClick={() => setDecision({ kind: 'reject-many', deposits: selection.chosen })}
            >
              Reject selected
            </Button>
          </BulkActions>
          <ListTable
            query={deposits}
            list={list}
            pageSize={args.pageSize}
            noun="deposits"
            caption="Deposits"
            emptyDescription="Deposit requests will appear here"
            columns={columns}
            rowId={(deposit) => deposit.id}
            onPageChange={selection.clear}
          />
        </CardContent>
      </Card>

      {viewing ? <ProofViewer deposit={viewing} onClose={() => setViewing(null)} /> : null}
      {decision ? (
        <DecisionDialog
          decision={decision}
          onDone={(settledIds) => {
            selection.forget(settledIds);
            setDecision(null);
          }}
          onCancel={() => setDecision(null)}
        />
      ) : null}
    </div>
  );
}

/**
 * The transaction: its network, its id (copyable), its page on the network's explorer when there is one, and the
 * proof the investor attached.
 */
function TransactionCell({
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
function VerdictCell({ deposit }: { deposit: AdminDeposit }) {
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
function DecisionDialog({
  decision,
  onDone,
  onCancel,
}: {
  decision: Decision;
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

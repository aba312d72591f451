// Unmatched Deposits (docs/decisions/0084): USDT that reached the platform's addresses and that no deposit claim took
// once the investor had time to claim it, one row per transaction (network, transaction id with its explorer page,
// sender, amount, time), searched by transaction id or sender and filtered by network, both in the address. "Assign to
// investor" credits it to the investor who sent it; at or above the second-approval threshold the assignment waits
// for another admin's Approve or Reject. On a phone each row's amount, time and action sit under its transaction,
// where the sideways-scrolling table starts.
import { useState } from 'react';
import { Inbox, ShieldCheck, UserPlus } from 'lucide-react';
import type { UnmatchedTransfer } from '@cropvest/contracts/chain/unmatched';
import { useMeQuery } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { explorerTxLink, networkLabel } from '@cropvest/ui/chain-text';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { ExplorerLink, TransactionId } from '@cropvest/ui/transaction-id';
import { columnHelper } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDateTime, formatUsdtPrecise } from '@cropvest/ui/format';
import { TextField } from '@cropvest/ui/input';
import { toast } from '@cropvest/ui/toast';
import { ListTable } from '@cropvest/ui/list/results';
import { FilterButtons, FoundStatus, SearchBox } from '@cropvest/ui/list/toolbar';
import { ReviewActions } from '../../shared/review-queue/ReviewActions.tsx';
import { useAdminChainNetworksQuery } from '../../api/chain.ts';
import {
  useReviewAssignmentMutation,
  useUnmatchedCountsQuery,
  useUnmatchedTransfersQuery,
} from '../../api/chain.ts';
import { AssignDialog } from './AssignDialog.tsx';
import {
  assignmentStage,
  NETWORK_FILTERS,
  networkFilter,
  shortId,
  UNMATCHED_PAGE_SIZE,
  unmatchedArgs,
} from '../../shared/unmatched/list.ts';

type Decision = { kind: 'approve' | 'reject'; transfer: UnmatchedTransfer };

const col = columnHelper<UnmatchedTransfer>();

export default function UnmatchedDepositsScreen() {
  const list = useListState<'network'>({ pageSize: UNMATCHED_PAGE_SIZE, filters: { network: 'all' } });
  const args = unmatchedArgs(list);
  const transfers = useUnmatchedTransfersQuery(args);
  const counts = useUnmatchedCountsQuery(args.q ? { q: args.q } : {});
  const me = useMeQuery();
  // Only for the explorer links: a network without an explorer (the local chains) has none.
  const networks = useAdminChainNetworksQuery();
  const [assigning, setAssigning] = useState<UnmatchedTransfer | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);

  const explorerLink = (transfer: UnmatchedTransfer) =>
    explorerTxLink(
      networks.data?.find((network) => network.network === transfer.network)?.explorerTxUrl ?? null,
      transfer.txid,
    );
  const what = (transfer: UnmatchedTransfer) =>
    `the ${formatUsdtPrecise(transfer.amount)} ${networkLabel(transfer.network)} transfer ${shortId(transfer.txid)}`;

  /** Assign, or the held assignment with Approve and Reject for an admin who did not make it. */
  const action = (transfer: UnmatchedTransfer) => {
    const { assignment } = transfer;
    if (!assignment)
      return (
        <Button size="sm" className="relative whitespace-nowrap" onClick={() => setAssigning(transfer)}>
          <UserPlus aria-hidden="true" className="h-3.5 w-3.5" /> Assign to investor
          <span className="sr-only"> {what(transfer)}</span>
        </Button>
      );
    return (
      <div className="min-w-[11rem] max-w-[16rem] space-y-1.5">
        <Badge tone="blue">
          <ShieldCheck aria-hidden="true" className="mr-1 h-3 w-3" />
          Awaiting second approval
        </Badge>
        <p className="text-xs text-ink">
          To <span className="font-medium">{assignment.user.name}</span> ({assignment.user.email})
        </p>
        <p className="text-xs text-ink-muted">
          By {assignment.requesterName} · {formatDateTime(assignment.createdAt)}
        </p>
        <p className="break-words text-xs text-ink-muted">Reason: {assignment.reason}</p>
        <ReviewActions
          stage={assignmentStage(assignment, me.data?.id)}
          of={`the assignment of ${what(transfer)} to ${assignment.user.name}`}
          onApprove={() => setDecision({ kind: 'approve', transfer })}
          onReject={() => setDecision({ kind: 'reject', transfer })}
        />
      </div>
    );
  };

  const columns = [
    col.accessor('txid', {
      header: 'Transaction',
      enableSorting: false,
      cell: (info) => {
        const transfer = info.row.original;
        return (
          <div className="min-w-[9rem] space-y-1.5">
            <TransactionCell transfer={transfer} link={explorerLink(transfer)} />
          </div>
        );
      },
    }),
    col.accessor('senders', {
      header: 'Sender',
      enableSorting: false,
      cell: (info) => (
        <ul className="min-w-[8rem] space-y-0.5">
          {info.getValue().map((sender) => (
            <li key={sender} className="font-mono text-xs" title={sender}>
              {shortId(sender)}
            </li>
          ))}
        </ul>
      ),
    }),
    col.accessor('amount', {
      header: 'Amount',
      enableSorting: false,
      cell: (info) => {
        const transfer = info.row.original;
        return (
          <div className="whitespace-nowrap">
            <p className="font-medium tabular-nums">{formatUsdtPrecise(transfer.amount)}</p>
            {transfer.logCount > 1 ? (
              <p className="text-xs text-ink-muted">{transfer.logCount} transfers in one transaction</p>
            ) : null}
          </div>
        );
      },
    }),
    col.accessor('observedAt', {
      header: 'Time',
      enableSorting: false,
      cell: (info) => {
        const transfer = info.row.original;
        return (
          <div className="min-w-[7rem] text-sm">
            <p>{formatDateTime(transfer.blockTime ?? transfer.observedAt)}</p>
            <p className="text-xs text-ink-muted">Seen {formatDateTime(transfer.observedAt)}</p>
          </div>
        );
      },
    }),
    col.display({
      id: 'action',
      header: 'Action',
      cell: (info) => action(info.row.original),
    }),
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Unmatched Deposits</h1>
        <p className="mt-1 text-ink-muted">
          USDT that reached the platform&apos;s addresses without a deposit claim, once the sender had time to
          claim it. Assign a transfer to the investor who sent it to credit their balance; large amounts need
          a second admin.
        </p>
      </div>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <SearchBox
            label="Search transfers"
            placeholder="Transaction id or sender address"
            search={list.search}
            setSearch={list.setSearch}
          />
          <FilterButtons
            label="Filter by network"
            options={NETWORK_FILTERS}
            current={networkFilter(list.filters.network)}
            counts={counts.data}
            onChange={(network) => list.setFilter('network', network)}
          />
          <FoundStatus total={transfers.data?.total} noun="unmatched transfer" />
          {counts.data && counts.data.awaitingSecondApproval > 0 ? (
            <p className="text-sm text-warning-ink">
              {counts.data.awaitingSecondApproval} assignment
              {counts.data.awaitingSecondApproval === 1 ? ' awaits' : 's await'} a second approval.
            </p>
          ) : null}
          <ListTable
            query={transfers}
            list={list}
            pageSize={args.pageSize}
            noun="unmatched transfers"
            caption="Unmatched transfers"
            columns={columns}
            rowId={(transfer) => `${transfer.network}:${transfer.txid}`}
            empty={
              <EmptyState
                icon={<Inbox className="h-8 w-8" />}
                title="No unmatched transfers"
                description="Every transfer to the platform's addresses was claimed by a deposit."
              />
            }
          />
        </CardContent>
      </Card>

      {assigning ? <AssignDialog transfer={assigning} onClose={() => setAssigning(null)} /> : null}
      {decision ? <DecisionDialog decision={decision} onDone={() => setDecision(null)} /> : null}
    </div>
  );
}

/** The network, the transaction id (copyable) and its page on the network's explorer when there is one. */
function TransactionCell({ transfer, link }: { transfer: UnmatchedTransfer; link: string | null }) {
  const network = networkLabel(transfer.network);
  return (
    <>
      <Badge tone="outline">{network}</Badge>
      <TransactionId txid={transfer.txid} copyLabel={`Copy the transaction id ${shortId(transfer.txid)}`} />
      {link ? <ExplorerLink href={link} about={`${network} transaction ${shortId(transfer.txid)}`} /> : null}
    </>
  );
}

/** Asks before the second approval (the investor is credited) or a rejection (the transfer is unmatched again). */
function DecisionDialog({ decision, onDone }: { decision: Decision; onDone: () => void }) {
  const [review, { isLoading }] = useReviewAssignmentMutation();
  const [reason, setReason] = useState('');
  const { transfer } = decision;
  const assignment = transfer.assignment;
  if (!assignment) return null;
  const amount = formatUsdtPrecise(transfer.amount);

  const confirm = async () => {
    const status = decision.kind === 'approve' ? 'approved' : 'rejected';
    const rejectionReason = reason.trim();
    try {
      await review({
        id: assignment.id,
        body: { status, ...(status === 'rejected' && rejectionReason ? { rejectionReason } : {}) },
      }).unwrap();
      toast({
        title: status === 'approved' ? 'Assignment approved' : 'Assignment rejected',
        description:
          status === 'approved'
            ? `${amount} is credited to ${assignment.user.name}.`
            : 'The transfer is unmatched again.',
        variant: 'success',
      });
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to update the assignment' });
    }
    onDone();
  };

  return decision.kind === 'approve' ? (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title="Approve this assignment?"
      description={
        <div className="space-y-2">
          <p>
            {assignment.requesterName} assigned {amount} on {networkLabel(transfer.network)} to{' '}
            <span className="font-medium">{assignment.user.name}</span> ({assignment.user.email}).
          </p>
          <p>Reason: {assignment.reason}</p>
          <p>Your approval credits the investor&apos;s balance. It cannot be undone.</p>
        </div>
      }
      confirmLabel="Approve"
      busy={isLoading}
      onConfirm={confirm}
    />
  ) : (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title="Reject this assignment?"
      description={
        <p>
          Nothing is credited to {assignment.user.name}, and the {amount} transfer goes back to the unmatched
          list.
        </p>
      }
      confirmLabel="Reject"
      tone="destructive"
      busy={isLoading}
      onConfirm={confirm}
    >
      <TextField
        label="Rejection reason (optional)"
        hint="Kept in the audit trail."
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
    </ConfirmDialog>
  );
}

// Unmatched Deposits (docs/decisions/0084): USDT that reached the platform's addresses and that no deposit claim took
// once the investor had time to claim it, one row per transaction (network, transaction id with its explorer page,
// sender, amount, time), searched by transaction id or sender and filtered by network, both in the address. "Assign to
// investor" credits it to the investor who sent it; at or above the second-approval threshold the assignment waits
// for another admin's Approve or Reject. On a phone each row's amount, time and action sit under its transaction,
// where the sideways-scrolling table starts.
import { useState, type ReactNode } from 'react';
import { Inbox, ShieldCheck, UserPlus } from 'lucide-react';
import type { UnmatchedTransfer } from '@cropvest/contracts/chain/unmatched';
import { useMeQuery } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { explorerTxLink, networkLabel } from '@cropvest/ui/chain-text';
import { NETWORK_LABELS } from '@cropvest/contracts/chain/networks';
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
import { useUnmatchedMessages } from './messages/catalogue.ts';

type Decision = { kind: 'approve' | 'reject'; transfer: UnmatchedTransfer };

const col = columnHelper<UnmatchedTransfer>();

export default function UnmatchedDepositsScreen() {
  const { text, rich } = useUnmatchedMessages();
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
    text('unmatched.row.what', {
      amount: formatUsdtPrecise(transfer.amount),
      network: networkLabel(transfer.network),
      txid: shortId(transfer.txid),
    });
  const strong = (chunks: ReactNode[]) => <span className="font-medium">{chunks}</span>;

  /** Assign, or the held assignment with Approve and Reject for an admin who did not make it. */
  const action = (transfer: UnmatchedTransfer) => {
    const { assignment } = transfer;
    if (!assignment)
      return (
        <Button size="sm" className="relative whitespace-nowrap" onClick={() => setAssigning(transfer)}>
          <UserPlus aria-hidden="true" className="h-3.5 w-3.5" />
          {rich('unmatched.row.assign', {
            what: what(transfer),
            hidden: (chunks) => <span className="sr-only">{chunks}</span>,
          })}
        </Button>
      );
    return (
      <div className="min-w-[11rem] max-w-[16rem] space-y-1.5">
        <Badge tone="blue">
          <ShieldCheck aria-hidden="true" className="me-1 h-3 w-3" />
          {text('unmatched.held.awaitingSecond')}
        </Badge>
        <p className="text-xs text-ink">
          {rich('unmatched.held.to', { name: assignment.user.name, email: assignment.user.email, strong })}
        </p>
        <p className="text-xs text-ink-muted">
          {text('unmatched.held.by', {
            name: assignment.requesterName,
            date: formatDateTime(assignment.createdAt),
          })}
        </p>
        <p className="break-words text-xs text-ink-muted">
          {text('unmatched.held.reason', { reason: assignment.reason })}
        </p>
        <ReviewActions
          stage={assignmentStage(assignment, me.data?.id)}
          of={text('unmatched.held.of', { what: what(transfer), name: assignment.user.name })}
          onApprove={() => setDecision({ kind: 'approve', transfer })}
          onReject={() => setDecision({ kind: 'reject', transfer })}
        />
      </div>
    );
  };

  const columns = [
    col.accessor('txid', {
      header: text('unmatched.column.transaction'),
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
      header: text('unmatched.column.sender'),
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
      header: text('unmatched.column.amount'),
      enableSorting: false,
      cell: (info) => {
        const transfer = info.row.original;
        return (
          <div className="whitespace-nowrap">
            <p className="font-medium tabular-nums">{formatUsdtPrecise(transfer.amount)}</p>
            {transfer.logCount > 1 ? (
              <p className="text-xs text-ink-muted">
                {text('unmatched.row.logCount', { count: transfer.logCount })}
              </p>
            ) : null}
          </div>
        );
      },
    }),
    col.accessor('observedAt', {
      header: text('unmatched.column.time'),
      enableSorting: false,
      cell: (info) => {
        const transfer = info.row.original;
        return (
          <div className="min-w-[7rem] text-sm">
            <p>{formatDateTime(transfer.blockTime ?? transfer.observedAt)}</p>
            <p className="text-xs text-ink-muted">
              {text('unmatched.row.seen', { date: formatDateTime(transfer.observedAt) })}
            </p>
          </div>
        );
      },
    }),
    col.display({
      id: 'action',
      header: text('unmatched.column.action'),
      cell: (info) => action(info.row.original),
    }),
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('unmatched.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('unmatched.intro')}</p>
      </div>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <SearchBox
            label={text('unmatched.search.label')}
            placeholder={text('unmatched.search.placeholder')}
            search={list.search}
            setSearch={list.setSearch}
          />
          <FilterButtons
            label={text('unmatched.filter.label')}
            options={NETWORK_FILTERS.map((network) => ({
              value: network,
              label: network === 'all' ? text('unmatched.filter.all') : NETWORK_LABELS[network],
            }))}
            current={networkFilter(list.filters.network)}
            counts={counts.data}
            onChange={(network) => list.setFilter('network', network)}
          />
          <FoundStatus
            total={transfers.data?.total}
            noun={text('unmatched.noun.one')}
            nouns={text('unmatched.noun.list')}
          />
          {counts.data && counts.data.awaitingSecondApproval > 0 ? (
            <p className="text-sm text-warning-ink">
              {text('unmatched.awaitingSecond', { count: counts.data.awaitingSecondApproval })}
            </p>
          ) : null}
          <ListTable
            query={transfers}
            list={list}
            pageSize={args.pageSize}
            noun={text('unmatched.noun.list')}
            caption={text('unmatched.list.caption')}
            columns={columns}
            rowId={(transfer) => `${transfer.network}:${transfer.txid}`}
            empty={
              <EmptyState
                icon={<Inbox className="h-8 w-8" />}
                title={text('unmatched.list.emptyTitle')}
                description={text('unmatched.list.emptyDescription')}
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
  const { text } = useUnmatchedMessages();
  const network = networkLabel(transfer.network);
  const txid = shortId(transfer.txid);
  return (
    <>
      <Badge tone="outline">{network}</Badge>
      <TransactionId txid={transfer.txid} copyLabel={text('unmatched.row.copy', { txid })} />
      {link ? <ExplorerLink href={link} about={text('unmatched.row.explorer', { network, txid })} /> : null}
    </>
  );
}

/** Asks before the second approval (the investor is credited) or a rejection (the transfer is unmatched again). */
function DecisionDialog({ decision, onDone }: { decision: Decision; onDone: () => void }) {
  const { text, rich } = useUnmatchedMessages();
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
        title: text(status === 'approved' ? 'unmatched.review.approved' : 'unmatched.review.rejected'),
        description:
          status === 'approved'
            ? text('unmatched.review.credited', { amount, name: assignment.user.name })
            : text('unmatched.review.unmatchedAgain'),
        variant: 'success',
      });
    } catch (error) {
      toastFailure(error, { fallback: text('unmatched.review.failed') });
    }
    onDone();
  };

  return decision.kind === 'approve' ? (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={text('unmatched.approve.title')}
      description={
        <div className="space-y-2">
          <p>
            {rich('unmatched.approve.assigned', {
              requester: assignment.requesterName,
              amount,
              network: networkLabel(transfer.network),
              name: assignment.user.name,
              email: assignment.user.email,
              strong: (chunks) => <span className="font-medium">{chunks}</span>,
            })}
          </p>
          <p>{text('unmatched.held.reason', { reason: assignment.reason })}</p>
          <p>{text('unmatched.approve.credits')}</p>
        </div>
      }
      confirmLabel={text('unmatched.approve.confirm')}
      busy={isLoading}
      onConfirm={confirm}
    />
  ) : (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={text('unmatched.reject.title')}
      description={<p>{text('unmatched.reject.description', { name: assignment.user.name, amount })}</p>}
      confirmLabel={text('unmatched.reject.confirm')}
      tone="destructive"
      busy={isLoading}
      onConfirm={confirm}
    >
      <TextField
        label={text('unmatched.reject.reason')}
        hint={text('unmatched.reject.reasonHint')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
    </ConfirmDialog>
  );
}

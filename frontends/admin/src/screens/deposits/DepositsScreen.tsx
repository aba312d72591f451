// Manage Deposits (spec sections 2, 7 and 8; docs/decisions/0080): search by name, email or transaction id, the
// status filters with their counts, 'N deposits found', one server page of rows (user name and email, amount with
// the claimed amount beside it when the chain moved another, network, date, transaction id with its explorer
// page, the chain's verdict, View Proof, status with the four-eyes approvals and who credited it), Approve and
// Reject for pending rows only, and several pending deposits approved or rejected at once with one confirmation.
// Approving a deposit the chain has not verified names the verdict and asks again, one by one or several at once. Search, status, sort and page live in the
// address.
import { useState } from 'react';
import type { AdminDeposit } from '@cropvest/contracts/wallet/model';
import { adminDepositPage, useMeQuery } from '@cropvest/web-kit';
import { useListState } from '@cropvest/web-kit/list-state';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { isVerdictOpen } from '@cropvest/ui/chain-text';
import { columnHelper } from '@cropvest/ui/data-table';
import { formatUsdt } from '@cropvest/ui/format';
import { AmountCell, DateCell, UserCell } from '@cropvest/ui/list/cells';
import { BulkActions, useRowSelection } from '@cropvest/ui/list/selection';
import { ListTable } from '@cropvest/ui/list/results';
import { QueueToolbar } from '../../shared/review-queue/QueueToolbar.tsx';
import { DetailsLink } from '../../shared/review-queue/DetailsLink.tsx';
import { DEFAULT_SORT, QUEUE_PAGE_SIZE, queueArgs } from '../../shared/review-queue/queue.ts';
import { useAdminChainNetworksQuery } from '../../api/chain.ts';
import { useDepositCountsQuery, useDepositQueueQuery } from '../../api/wallet.ts';
import { ProofViewer } from './ProofViewer.tsx';
import { useDepositsMessages } from './messages/catalogue.ts';
import { approvalStage, claimedDiffers, explorerLinkOf } from './rules.ts';
import {
  DecisionDialog,
  depositOf,
  DepositReviewActions,
  DepositStatus,
  TransactionCell,
  VerdictCell,
  type DepositDecision,
} from './review.tsx';

const col = columnHelper<AdminDeposit>();
const VERDICT_POLL_MS = 10_000;

export default function DepositsScreen() {
  const { text } = useDepositsMessages();
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
  const [decision, setDecision] = useState<DepositDecision | null>(null);
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

  const columns = [
    selection.column({
      all: text('deposits.select.all'),
      one: (deposit) =>
        text('deposits.select.one', { amount: formatUsdt(deposit.amount), name: deposit.user.name }),
    }),
    col.accessor((deposit) => deposit.user.name, {
      id: 'user',
      header: text('deposits.column.user'),
      enableSorting: false,
      cell: (info) => <UserCell name={info.row.original.user.name} email={info.row.original.user.email} />,
    }),
    col.accessor('amount', {
      header: text('deposits.column.amount'),
      cell: (info) => {
        const deposit = info.row.original;
        return (
          <AmountCell value={deposit.amount}>
            {claimedDiffers(deposit) ? (
              <p className="text-xs tabular-nums text-warning-ink">
                {text('deposits.row.claimed', { amount: formatUsdt(deposit.claimedAmount) })}
              </p>
            ) : null}
          </AmountCell>
        );
      },
    }),
    col.accessor('createdAt', {
      header: text('deposits.column.date'),
      cell: (info) => <DateCell value={info.getValue()} />,
    }),
    col.accessor('txid', {
      header: text('deposits.column.transaction'),
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
      header: text('deposits.column.chain'),
      cell: (info) => <VerdictCell deposit={info.row.original} />,
    }),
    // The status and the decision in one column, so a review fits a 1440 px screen without scrolling sideways.
    col.accessor('status', {
      header: text('deposits.column.status'),
      enableSorting: false,
      cell: (info) => (
        <div className="min-w-[9rem] space-y-2">
          <DepositStatus deposit={info.row.original} />
          <DepositReviewActions deposit={info.row.original} myId={me.data?.id} onDecide={setDecision} />
          <DetailsLink to={adminDepositPage(info.row.original.id)} of={depositOf(info.row.original, text)} />
        </div>
      ),
    }),
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('deposits.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('deposits.intro')}</p>
      </div>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <QueueToolbar
            list={list}
            counts={counts.data}
            words={{
              search: {
                label: text('deposits.search.label'),
                placeholder: text('deposits.search.placeholder'),
              },
              noun: text('deposits.noun.one'),
              nouns: text('deposits.noun.list'),
              awaitingSecond: (count) => text('deposits.awaitingSecond', { count }),
            }}
            total={deposits.data?.total}
          />
          <BulkActions
            count={selection.chosen.length}
            noun={text('deposits.noun.pending')}
            nouns={text('deposits.noun.pendingList')}
            onClear={selection.clear}
          >
            {approvable.length > 0 ? (
              <Button size="sm" onClick={() => setDecision({ kind: 'approve-many', deposits: approvable })}>
                {text('deposits.bulk.approve')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="destructive"
              onClick={() => setDecision({ kind: 'reject-many', deposits: selection.chosen })}
            >
              {text('deposits.bulk.reject')}
            </Button>
          </BulkActions>
          <ListTable
            query={deposits}
            list={list}
            pageSize={args.pageSize}
            noun={text('deposits.noun.list')}
            caption={text('deposits.list.caption')}
            emptyDescription={text('deposits.list.empty')}
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

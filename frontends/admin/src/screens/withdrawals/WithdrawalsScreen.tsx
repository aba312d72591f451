// Manage Withdrawals (spec sections 2, 5, 7 and 8; docs/decisions/0080): search by name, email or wallet address,
// the status filters with their counts, one server page of rows (user, amount, date, destination wallet, status,
// and for an approved withdrawal its payout: the chain's verdict, the transaction id with its explorer page, and
// Add or Correct transaction id), the Approve dialog with an optional transaction id and the Reject dialog with an
// optional reason the investor reads in their notification; the instructions card and the notes. Withdrawals at
// or above the security settings' threshold need two different admins (four-eyes): the row shows who gave the
// first approval. While the chain still works on a payout shown, the page is read again every few seconds.
import { useState } from 'react';
import type { AdminWithdrawal } from '@cropvest/contracts/wallet/model';
import { adminWithdrawalPage, useMeQuery } from '@cropvest/web-kit';
import { useListState } from '@cropvest/web-kit/list-state';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { CopyButton } from '@cropvest/ui/copy-button';
import { columnHelper } from '@cropvest/ui/data-table';
import { AmountCell } from '@cropvest/ui/list/cells';
import { formatDateTime, shortenAddress } from '@cropvest/ui/format';
import { isPayoutOpen, payoutTxidAction } from '@cropvest/ui/chain-text';
import { ListTable } from '@cropvest/ui/list/results';
import { ApprovalStatus } from '../../shared/review-queue/ApprovalStatus.tsx';
import { QueueToolbar } from '../../shared/review-queue/QueueToolbar.tsx';
import { DetailsLink } from '../../shared/review-queue/DetailsLink.tsx';
import { DEFAULT_SORT, QUEUE_PAGE_SIZE, queueArgs } from '../../shared/review-queue/queue.ts';
import { useAdminChainNetworksQuery } from '../../api/chain.ts';
import { useWithdrawalCountsQuery, useWithdrawalQueueQuery } from '../../api/wallet.ts';
import { PayoutCell } from './PayoutCell.tsx';
import { ReviewDialog, WithdrawalReviewActions, type WithdrawalDecision } from './ReviewDialog.tsx';
import { approvalStage, payoutExplorerLink } from './rules.ts';
import { withdrawalOf } from './describe.ts';
import { useWithdrawalsMessages } from './messages/catalogue.ts';

const col = columnHelper<AdminWithdrawal>();
const VERDICT_POLL_MS = 5_000;

export default function WithdrawalsScreen() {
  const { text } = useWithdrawalsMessages();
  const list = useListState<'status'>({
    pageSize: QUEUE_PAGE_SIZE,
    sort: DEFAULT_SORT,
    filters: { status: 'all' },
  });
  const args = queueArgs(list);
  const [watching, setWatching] = useState(false);
  // While the chain still works on a payout of the page (checking, confirming, not found yet), the page is read
  // again every few seconds, so its verdict moves on without a reload.
  const withdrawals = useWithdrawalQueueQuery(args, {
    pollingInterval: watching ? VERDICT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const open = (withdrawals.data?.items ?? []).some(isPayoutOpen);
  if (open !== watching) setWatching(open);
  // Only for the explorer links: a chain service that does not answer leaves the rows without them.
  const networks = useAdminChainNetworksQuery();
  const counts = useWithdrawalCountsQuery(args.q ? { q: args.q } : {});
  const me = useMeQuery();
  const [decision, setDecision] = useState<WithdrawalDecision | null>(null);

  /** Approve and Reject (or the four-eyes note) for a pending withdrawal. */
  const decisionOf = (withdrawal: AdminWithdrawal) => (
    <WithdrawalReviewActions
      withdrawal={withdrawal}
      stage={approvalStage(withdrawal, me.data?.id)}
      decide={setDecision}
    />
  );
  const payoutOf = (withdrawal: AdminWithdrawal) => {
    const action = payoutTxidAction(withdrawal);
    return (
      <PayoutCell
        withdrawal={withdrawal}
        link={payoutExplorerLink(withdrawal, networks.data)}
        onRecordTxid={() => (action ? setDecision({ kind: 'txid', withdrawal, action }) : undefined)}
      />
    );
  };

  const columns = [
    col.accessor((withdrawal) => withdrawal.user.name, {
      id: 'user',
      header: text('withdrawals.column.user'),
      enableSorting: false,
      cell: (info) => {
        const withdrawal = info.row.original;
        return (
          <div className="min-w-[10rem]">
            <p className="font-medium text-ink">{withdrawal.user.name}</p>
            <p className="text-xs text-ink-muted">{withdrawal.user.email}</p>
          </div>
        );
      },
    }),
    col.accessor('amount', {
      header: text('withdrawals.column.amount'),
      cell: (info) => <AmountCell value={info.getValue()} />,
    }),
    col.accessor('createdAt', {
      header: text('withdrawals.column.date'),
      cell: (info) => <span className="block min-w-[6.5rem]">{formatDateTime(info.getValue())}</span>,
    }),
    col.accessor('walletAddress', {
      header: text('withdrawals.column.wallet'),
      enableSorting: false,
      cell: (info) => (
        <div className="flex items-center gap-1">
          <span className="whitespace-nowrap font-mono text-xs" title={info.getValue()}>
            {shortenAddress(info.getValue())}
          </span>
          <CopyButton
            value={info.getValue()}
            label={text('withdrawals.row.copyWallet', { name: info.row.original.user.name })}
            copied={{
              title: text('withdrawals.row.copied'),
              description: text('withdrawals.row.copiedDescription'),
            }}
            variant="ghost"
            showText={false}
          />
        </div>
      ),
    }),
    // The status and the decision in one column, so a review fits a 1440 px screen without scrolling sideways.
    col.accessor('status', {
      header: text('withdrawals.column.status'),
      enableSorting: false,
      cell: (info) => (
        <div className="min-w-[9rem] space-y-2">
          <ApprovalStatus request={info.row.original} settledBy={text('withdrawals.status.approvedBy')} />
          {decisionOf(info.row.original)}
          <DetailsLink
            to={adminWithdrawalPage(info.row.original.id)}
            of={withdrawalOf(info.row.original, text)}
          />
        </div>
      ),
    }),
    col.accessor('txid', {
      header: text('withdrawals.column.payout'),
      enableSorting: false,
      cell: (info) => payoutOf(info.row.original),
    }),
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('withdrawals.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('withdrawals.intro')}</p>
      </div>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <QueueToolbar
            list={list}
            counts={counts.data}
            words={{
              search: {
                label: text('withdrawals.search.label'),
                placeholder: text('withdrawals.search.placeholder'),
              },
              noun: text('withdrawals.noun.one'),
              nouns: text('withdrawals.noun.list'),
              awaitingSecond: (count) => text('withdrawals.awaitingSecond', { count }),
            }}
            total={withdrawals.data?.total}
          />
          <ListTable
            query={withdrawals}
            list={list}
            pageSize={args.pageSize}
            noun={text('withdrawals.noun.list')}
            caption={text('withdrawals.list.caption')}
            emptyDescription={text('withdrawals.list.empty')}
            columns={columns}
            rowId={(withdrawal) => withdrawal.id}
          />
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle level={2}>{text('withdrawals.instructions.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-2 ps-5 text-sm text-ink-muted">
              <li>{text('withdrawals.instructions.verify')}</li>
              <li>{text('withdrawals.instructions.balance')}</li>
              <li>{text('withdrawals.instructions.send')}</li>
              <li>{text('withdrawals.instructions.mark')}</li>
            </ol>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle level={2}>{text('withdrawals.notes.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-2 ps-5 text-sm text-ink-muted">
              <li>{text('withdrawals.notes.deducted')}</li>
              <li>{text('withdrawals.notes.rejecting')}</li>
              <li>{text('withdrawals.notes.trc20')}</li>
              <li>{text('withdrawals.notes.fourEyes')}</li>
            </ul>
          </CardContent>
        </Card>
      </div>

      {decision ? <ReviewDialog decision={decision} onClose={() => setDecision(null)} /> : null}
    </div>
  );
}

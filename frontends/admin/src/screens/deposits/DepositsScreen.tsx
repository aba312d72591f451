// Manage Deposits (spec sections 2, 7 and 8): search by name, email or transaction id, the status filters with
// their counts, 'N deposits found', one server page of rows (user name and email, amount, date, transaction
// id, View Proof, status), Approve and Reject for pending rows only, and several pending deposits rejected at
// once with one confirmation. Search, status, sort and page live in the address.
import { useState } from 'react';
import { Check, FileImage, X } from 'lucide-react';
import type { AdminDeposit } from '@cropvest/contracts/wallet';
import { toastFailure } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { StatusBadge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { Checkbox } from '@cropvest/ui/checkbox';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { columnHelper } from '@cropvest/ui/data-table';
import { TextField } from '@cropvest/ui/input';
import { toast } from '@cropvest/ui/toast';
import { formatDateTime, formatUsdt, NOT_AVAILABLE } from '@cropvest/ui/format';
import { AdminListResults } from '../admin-list/AdminListResults.tsx';
import { QueueToolbar } from '../review-queue/QueueToolbar.tsx';
import { DEFAULT_SORT, QUEUE_PAGE_SIZE, queueArgs } from '../review-queue/queue.ts';
import {
  useDepositCountsQuery,
  useDepositQueueQuery,
  useRejectDepositsMutation,
  useReviewDepositMutation,
} from './api.ts';
import { ProofViewer } from './ProofViewer.tsx';

type Decision =
  | { kind: 'approve'; deposit: AdminDeposit }
  | { kind: 'reject'; deposit: AdminDeposit }
  | { kind: 'reject-many'; deposits: AdminDeposit[] };

const col = columnHelper<AdminDeposit>();

export default function DepositsScreen() {
  const list = useListState<'status'>({
    pageSize: QUEUE_PAGE_SIZE,
    sort: DEFAULT_SORT,
    filters: { status: 'all' },
  });
  const args = queueArgs(list);
  const deposits = useDepositQueueQuery(args);
  const counts = useDepositCountsQuery(args.q ? { q: args.q } : {});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [decision, setDecision] = useState<Decision | null>(null);
  const [viewing, setViewing] = useState<AdminDeposit | null>(null);

  const rows = deposits.data?.items ?? [];
  const pendingRows = rows.filter((deposit) => deposit.status === 'pending');
  // Only pending rows of the page shown can stay selected.
  const chosen = pendingRows.filter((deposit) => selected.has(deposit.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = pendingRows.length > 0 && chosen.length === pendingRows.length;

  const columns = [
    col.display({
      id: 'select',
      header: () =>
        pendingRows.length > 0 ? (
          <Checkbox
            aria-label="Select every pending deposit on this page"
            checked={allChosen ? true : chosen.length > 0 ? 'indeterminate' : false}
            onCheckedChange={(on) =>
              setSelected(on === true ? new Set(pendingRows.map((d) => d.id)) : new Set())
            }
          />
        ) : null,
      cell: (info) => {
        const deposit = info.row.original;
        return deposit.status === 'pending' ? (
          <Checkbox
            aria-label={`Select the ${formatUsdt(deposit.amount)} deposit of ${deposit.user.name}`}
            checked={selected.has(deposit.id)}
            onCheckedChange={(on) => toggle(deposit.id, on === true)}
          />
        ) : null;
      },
      enableSorting: false,
    }),
    col.accessor((deposit) => deposit.user.name, {
      id: 'user',
      header: 'User',
      enableSorting: false,
      cell: (info) => {
        const { user } = info.row.original;
        return (
          <div className="min-w-[10rem]">
            <p className="font-medium text-slate-900">{user.name}</p>
            <p className="text-xs text-slate-600">{user.email || NOT_AVAILABLE}</p>
          </div>
        );
      },
    }),
    col.accessor('amount', {
      header: 'Amount',
      cell: (info) => (
        <span className="whitespace-nowrap font-medium tabular-nums">{formatUsdt(info.getValue())}</span>
      ),
    }),
    col.accessor('createdAt', {
      header: 'Date',
      cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
    }),
    col.accessor('txid', {
      header: 'Transaction ID',
      enableSorting: false,
      cell: (info) => {
        const txid = info.getValue();
        return txid ? (
          <span className="block max-w-[12rem] truncate font-mono text-xs" title={txid}>
            {txid}
          </span>
        ) : (
          NOT_AVAILABLE
        );
      },
    }),
    col.display({
      id: 'proof',
      header: 'Proof',
      cell: (info) => {
        const deposit = info.row.original;
        if (!deposit.screenshotUrl) return <span className="text-slate-600">None</span>;
        return (
          <Button
            variant="outline"
            size="sm"
            className="relative whitespace-nowrap"
            onClick={() => setViewing(deposit)}
          >
            <FileImage aria-hidden="true" className="h-3.5 w-3.5" /> View Proof
            <span className="sr-only">
              {' '}
              of the {formatUsdt(deposit.amount)} deposit of {deposit.user.name}
            </span>
          </Button>
        );
      },
    }),
    col.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: (info) => {
        const deposit = info.row.original;
        return (
          <div className="space-y-1">
            <StatusBadge status={deposit.status} />
            {deposit.status === 'rejected' && deposit.rejectionReason ? (
              <p className="max-w-[14rem] text-xs text-red-800">Reason: {deposit.rejectionReason}</p>
            ) : null}
          </div>
        );
      },
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => {
        const deposit = info.row.original;
        if (deposit.status !== 'pending') return null;
        const of = `the ${formatUsdt(deposit.amount)} deposit of ${deposit.user.name}`;
        return (
          <div className="flex gap-2">
            <Button size="sm" className="relative" onClick={() => setDecision({ kind: 'approve', deposit })}>
              <Check aria-hidden="true" className="h-3.5 w-3.5" /> Approve
              <span className="sr-only"> {of}</span>
            </Button>
            <Button
              size="sm"
              variant="destructive"
              className="relative"
              onClick={() => setDecision({ kind: 'reject', deposit })}
            >
              <X aria-hidden="true" className="h-3.5 w-3.5" /> Reject
              <span className="sr-only"> {of}</span>
            </Button>
          </div>
        );
      },
    }),
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Manage Deposits</h1>
        <p className="mt-1 text-slate-600">
          Check each deposit&apos;s transfer and proof, then approve it to credit the investor, or reject it.
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
          {chosen.length > 0 ? (
            <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
              <p className="text-sm text-slate-800">
                {chosen.length} pending deposit{chosen.length === 1 ? '' : 's'} selected
              </p>
              <Button
                size="sm"
                variant="destructive"
                onClick={() => setDecision({ kind: 'reject-many', deposits: chosen })}
              >
                Reject selected
              </Button>
              <Button size="sm" variant="outline" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </div>
          ) : null}
          <AdminListResults
            query={deposits}
            list={list}
            pageSize={args.pageSize}
            noun="deposits"
            caption="Deposits"
            emptyDescription="Deposit requests will appear here"
            columns={columns}
            rowId={(deposit) => deposit.id}
            onPageChange={() => setSelected(new Set())}
          />
        </CardContent>
      </Card>

      {viewing ? <ProofViewer deposit={viewing} onClose={() => setViewing(null)} /> : null}
      {decision ? (
        <DecisionDialog
          decision={decision}
          onDone={(rejectedIds) => {
            setSelected((current) => new Set([...current].filter((id) => !rejectedIds.includes(id))));
            setDecision(null);
          }}
          onCancel={() => setDecision(null)}
        />
      ) : null}
    </div>
  );
}

/** Asks before an approval (money is credited) or a rejection of one or several deposits, then makes it. */
function DecisionDialog({
  decision,
  onDone,
  onCancel,
}: {
  decision: Decision;
  onDone: (rejectedIds: string[]) => void;
  onCancel: () => void;
}) {
  const [review, { isLoading: reviewing }] = useReviewDepositMutation();
  const [rejectMany, { isLoading: rejecting }] = useRejectDepositsMutation();
  const [reason, setReason] = useState('');
  const busy = reviewing || rejecting;

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
    const status = decision.kind === 'approve' ? 'approved' : 'rejected';
    const rejectionReason = reason.trim();
    try {
      await review({
        id: decision.deposit.id,
        body: { status, ...(status === 'rejected' && rejectionReason ? { rejectionReason } : {}) },
      }).unwrap();
      toast({ title: `Deposit ${status} successfully!`, variant: 'success' });
      onDone(status === 'rejected' ? [decision.deposit.id] : []);
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to update deposit status' });
      onCancel();
    }
  };

  const single = decision.kind === 'reject-many' ? null : decision.deposit;
  const description =
    decision.kind === 'approve' && single ? (
      <p>
        {formatUsdt(single.amount)} will be credited to {single.user.name}&apos;s balance. Check the transfer
        first: an approval cannot be undone.
      </p>
    ) : decision.kind === 'reject' && single ? (
      <p>
        The {formatUsdt(single.amount)} deposit of {single.user.name} will be marked rejected and nothing is
        credited.
      </p>
    ) : (
      <p>
        {decision.kind === 'reject-many' ? decision.deposits.length : 0} pending deposits will be marked
        rejected and nothing is credited. This cannot be undone.
      </p>
    );

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={
        decision.kind === 'approve'
          ? 'Approve this deposit?'
          : decision.kind === 'reject'
            ? 'Reject this deposit?'
            : `Reject ${decision.deposits.length} deposits?`
      }
      description={description}
      confirmLabel={decision.kind === 'approve' ? 'Approve' : 'Reject'}
      tone={decision.kind === 'approve' ? 'primary' : 'destructive'}
      busy={busy}
      onConfirm={confirm}
    >
      {decision.kind === 'reject' ? (
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

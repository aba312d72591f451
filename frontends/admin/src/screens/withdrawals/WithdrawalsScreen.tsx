// Manage Withdrawals (spec sections 2, 5, 7 and 8): search by name, email or wallet address, the status filters
// with their counts, one server page of rows (user, amount, date, destination wallet, status), the Approve
// dialog with an optional transaction id and the Reject dialog with an optional reason the investor reads in
// their notification; the instructions card and the notes. Withdrawals at or above the security settings'
// threshold need two different admins (four-eyes): the row shows who gave the first approval.
import { useState, type FormEvent } from 'react';
import { Check, ShieldCheck, X } from 'lucide-react';
import type { AdminWithdrawal } from '@cropvest/contracts/wallet';
import { useMeQuery } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { Badge, StatusBadge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { CopyButton } from '@cropvest/ui/copy-button';
import { columnHelper } from '@cropvest/ui/data-table';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextField } from '@cropvest/ui/input';
import { toast } from '@cropvest/ui/toast';
import { formatDateTime, formatUsdt, shortenAddress } from '@cropvest/ui/format';
import { AdminListResults } from '../admin-list/AdminListResults.tsx';
import { QueueToolbar } from '../review-queue/QueueToolbar.tsx';
import { DEFAULT_SORT, QUEUE_PAGE_SIZE, queueArgs } from '../review-queue/queue.ts';
import { useReviewWithdrawalMutation, useWithdrawalCountsQuery, useWithdrawalQueueQuery } from './api.ts';
import { approvalBody, approvalStage, rejectionBody, type ApprovalStage } from './rules.ts';

type Decision = { kind: 'approve' | 'reject'; withdrawal: AdminWithdrawal; stage: ApprovalStage };

const col = columnHelper<AdminWithdrawal>();

export default function WithdrawalsScreen() {
  const list = useListState<'status'>({
    pageSize: QUEUE_PAGE_SIZE,
    sort: DEFAULT_SORT,
    filters: { status: 'all' },
  });
  const args = queueArgs(list);
  const withdrawals = useWithdrawalQueueQuery(args);
  const counts = useWithdrawalCountsQuery(args.q ? { q: args.q } : {});
  const me = useMeQuery();
  const [decision, setDecision] = useState<Decision | null>(null);

  const columns = [
    col.accessor((withdrawal) => withdrawal.user.name, {
      id: 'user',
      header: 'User',
      enableSorting: false,
      cell: (info) => {
        const { user } = info.row.original;
        return (
          <div className="min-w-[10rem]">
            <p className="font-medium text-slate-900">{user.name}</p>
            <p className="text-xs text-slate-600">{user.email}</p>
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
    col.accessor('walletAddress', {
      header: 'Destination wallet',
      enableSorting: false,
      cell: (info) => (
        <div className="flex items-center gap-1">
          <span className="whitespace-nowrap font-mono text-xs" title={info.getValue()}>
            {shortenAddress(info.getValue())}
          </span>
          <CopyButton
            value={info.getValue()}
            label={`Copy the wallet address of ${info.row.original.user.name}`}
            copied={{ title: 'Copied!', description: 'Wallet address copied to clipboard' }}
            variant="ghost"
            showText={false}
          />
        </div>
      ),
    }),
    col.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: (info) => <StatusCell withdrawal={info.row.original} />,
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => {
        const withdrawal = info.row.original;
        const stage = approvalStage(withdrawal, me.data?.id);
        if (stage === 'done') return null;
        const of = `the ${formatUsdt(withdrawal.amount)} withdrawal of ${withdrawal.user.name}`;
        return (
          <div className="flex flex-wrap gap-2">
            {stage === 'waiting-for-another-admin' ? (
              <p className="max-w-[12rem] text-xs text-slate-700">
                You gave the first approval; another admin must approve.
              </p>
            ) : (
              <Button
                size="sm"
                className="relative whitespace-nowrap"
                onClick={() => setDecision({ kind: 'approve', withdrawal, stage })}
              >
                <Check aria-hidden="true" className="h-3.5 w-3.5" />
                {stage === 'first' ? 'Approve (1 of 2)' : stage === 'second' ? 'Approve (2 of 2)' : 'Approve'}
                <span className="sr-only"> {of}</span>
              </Button>
            )}
            <Button
              size="sm"
              variant="destructive"
              className="relative"
              onClick={() => setDecision({ kind: 'reject', withdrawal, stage })}
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
        <h1 className="text-2xl font-bold text-slate-900">Manage Withdrawals</h1>
        <p className="mt-1 text-slate-600">
          Send each approved withdrawal to the investor&apos;s wallet, or reject it to return the funds.
        </p>
      </div>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <QueueToolbar
            list={list}
            counts={counts.data}
            searchLabel="Search withdrawals"
            searchPlaceholder="Name, email or wallet address"
            noun="withdrawal"
            total={withdrawals.data?.total}
          />
          {counts.data && counts.data.awaitingSecondApproval > 0 ? (
            <p className="text-sm text-amber-900">
              {counts.data.awaitingSecondApproval} withdrawal
              {counts.data.awaitingSecondApproval === 1 ? ' awaits' : 's await'} a second approval.
            </p>
          ) : null}
          <AdminListResults
            query={withdrawals}
            list={list}
            pageSize={args.pageSize}
            noun="withdrawals"
            caption="Withdrawals"
            emptyDescription="Withdrawal requests will appear here"
            columns={columns}
            rowId={(withdrawal) => withdrawal.id}
          />
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle level={2}>Processing instructions</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
              <li>Verify the destination is a valid TRC-20 USDT address.</li>
              <li>Check that the platform wallet holds a sufficient balance for the transfer.</li>
              <li>Send the USDT transfer to the investor&apos;s address on TRON (TRC-20).</li>
              <li>Mark the withdrawal approved, with the transfer&apos;s transaction id.</li>
            </ol>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle level={2}>Notes</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
              <li>Funds are deducted from the investor&apos;s balance when they request a withdrawal.</li>
              <li>Rejecting a withdrawal returns the funds to the investor&apos;s balance.</li>
              <li>Only TRC-20 USDT addresses are supported.</li>
              <li>
                Large withdrawals need two different admins: the first approval is recorded and moves nothing;
                a second admin&apos;s approval completes it.
              </li>
            </ul>
          </CardContent>
        </Card>
      </div>

      {decision ? <ReviewDialog decision={decision} onClose={() => setDecision(null)} /> : null}
    </div>
  );
}

function StatusCell({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const awaiting = withdrawal.status === 'pending' && withdrawal.firstApprovedBy;
  return (
    <div className="min-w-[10rem] space-y-1">
      <div className="flex flex-wrap gap-1">
        <StatusBadge status={withdrawal.status} />
        {awaiting ? (
          <Badge tone="blue">
            <ShieldCheck aria-hidden="true" className="mr-1 h-3 w-3" />
            Awaiting second approval
          </Badge>
        ) : null}
      </div>
      {withdrawal.firstApprovedBy ? (
        <p className="text-xs text-slate-700">
          1st approval: {withdrawal.firstApproverName} · {formatDateTime(withdrawal.firstApprovedAt)}
        </p>
      ) : null}
      {withdrawal.status === 'approved' && withdrawal.approverName ? (
        <p className="text-xs text-slate-700">
          {withdrawal.firstApprovedBy ? '2nd approval' : 'Approved by'}: {withdrawal.approverName} ·{' '}
          {formatDateTime(withdrawal.approvedAt)}
        </p>
      ) : null}
      {withdrawal.txid ? (
        <p className="max-w-[14rem] truncate font-mono text-xs text-slate-700" title={withdrawal.txid}>
          Tx: {withdrawal.txid}
        </p>
      ) : null}
      {withdrawal.status === 'rejected' && withdrawal.rejectionReason ? (
        <p className="max-w-[14rem] text-xs text-red-800">Reason: {withdrawal.rejectionReason}</p>
      ) : null}
    </div>
  );
}

/** The Approve dialog (optional transaction id) or the Reject dialog (optional reason). */
function ReviewDialog({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const [review, { isLoading }] = useReviewWithdrawalMutation();
  const [text, setText] = useState('');
  const { withdrawal, kind, stage } = decision;
  const approving = kind === 'approve';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = approving ? approvalBody(text) : rejectionBody(text);
    try {
      const result = await review({ id: withdrawal.id, body }).unwrap();
      if (approving && result.status === 'pending')
        toast({
          title: 'First approval recorded',
          description: 'A second admin must approve this withdrawal before it is paid.',
          variant: 'success',
        });
      else toast({ title: `Withdrawal ${result.status} successfully!`, variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to update withdrawal status' });
    }
  };

  const who = `${formatUsdt(withdrawal.amount)} to ${withdrawal.user.name} (${shortenAddress(withdrawal.walletAddress)})`;
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={approving ? 'Approve Withdrawal' : 'Reject Withdrawal'}
      description={
        approving
          ? stage === 'first'
            ? `${who}. This amount needs two admins: your approval is recorded and nothing is sent until another admin approves.`
            : `${who}. Send the transfer first, then record its transaction id.`
          : `${who}. The funds return to the investor's balance.`
      }
      onSubmit={(event) => void submit(event)}
      submitLabel={approving ? 'Approve' : 'Reject'}
      busy={isLoading}
      busyLabel={approving ? 'Approving…' : 'Rejecting…'}
    >
      {approving ? (
        <TextField
          label="Transaction ID (optional)"
          hint="The hash of the USDT transfer you sent."
          value={text}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
      ) : (
        <TextField
          label="Rejection reason (optional)"
          hint="The investor sees it in their notification."
          value={text}
          maxLength={500}
          onChange={(event) => setText(event.target.value)}
        />
      )}
    </FormDialog>
  );
}

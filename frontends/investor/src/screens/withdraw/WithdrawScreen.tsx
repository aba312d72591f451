// Withdraw (spec sections 2, 5, 7, 8, 9; docs/decisions/0080, 0099): the withdrawal limits with what remains, the
// available balance, the withdrawal form (amount at least 1, at most the balance and what the limits leave, a TRC-20 address checked in the browser before sending), the withdrawal
// history with shortened addresses and, once approved, the payout in plain words ("Paid — verified on chain") with
// its transaction id and explorer page, read again while the chain still works on one; and the notes. The amount
// is held at once, so the balance drops as soon as the request is accepted.
import { Link } from '@cropvest/web-kit/router';
import { ArrowUpFromLine, ShieldAlert, Wallet } from 'lucide-react';
import { LOOKALIKE_CODE } from '@cropvest/contracts/wallet/address-book-rules';
import type { Withdrawal } from '@cropvest/contracts/wallet/model';
import { WITHDRAWAL_LIMIT_CODE } from '@cropvest/contracts/wallet/withdrawal-limit-rules';
import {
  investorWithdrawalPage,
  isApiError,
  selectUser,
  useAppSelector,
  useMeQuery,
} from '@cropvest/web-kit';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import { useListState } from '@cropvest/web-kit/list-state';
import { StatusBadge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { isPayoutOpen } from '@cropvest/ui/chain-text';
import { PayoutVerdictText } from '@cropvest/ui/chain-verdict';
import { columnHelper } from '@cropvest/ui/data-table';
import { DateCell } from '@cropvest/ui/list/cells';
import { ListTable } from '@cropvest/ui/list/results';
import { EmptyState } from '@cropvest/ui/empty-state';
import { Field } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { Spinner } from '@cropvest/ui/spinner';
import { StatCard } from '@cropvest/ui/stat-card';
import { toast } from '@cropvest/ui/toast';
import { formatUsdt, shortenAddress } from '@cropvest/ui/format';
import { useChainNetworksQuery } from '../../api/chain.ts';
import { DetailAmountLink } from '../../shared/detail-amount-link.tsx';
import { hasPayoutLink, PayoutTxid } from '../../shared/withdraw/payout-txid.tsx';
import {
  AMOUNT_STEP,
  INSUFFICIENT_BALANCE,
  MIN_AMOUNT,
  withFieldChecks,
} from '../../shared/deposit/rules.ts';
import {
  useAcceptedNetworksQuery,
  useMyWithdrawalLimitsQuery,
  useMyWithdrawalsQuery,
  useRequestWithdrawalMutation,
  withdrawalsApi,
} from '../../api/wallet.ts';
import {
  maxWithdrawable,
  withdrawalProblems,
  type WithdrawFormInput,
  type WithdrawFormValues,
} from '../../shared/withdraw/rules.ts';
import { WithdrawalLimitsCard } from './WithdrawalLimitsCard.tsx';
import { withLimitProblem } from './limits.ts';
import { useWithdrawalHeld, WithdrawalHoldNotice } from './WithdrawalHoldNotice.tsx';
import { WithdrawDestination } from './WithdrawDestination.tsx';
import { useWithdrawMessages, type WithdrawMessageId } from './messages/catalogue.ts';

const HISTORY_PAGE_SIZE = 10;
/** How often the history is read again while the chain still works on a payout shown. */
const PAYOUT_POLL_MS = 10_000;

const contractResolver = lazyZodResolver<WithdrawFormInput, WithdrawFormValues>(() =>
  import('./schemas.ts').then((m) => m.WithdrawalRequest),
);

export default function WithdrawScreen() {
  // Keeps /api/auth/me subscribed, so the 'User' invalidation after a request refreshes the balance at once.
  const me = useMeQuery();
  const user = useAppSelector(selectUser);
  const balance = user?.balance ?? null;
  const { text } = useWithdrawMessages();

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('withdraw.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('withdraw.intro')}</p>
      </div>

      <WithdrawalHoldNotice />

      <WithdrawalLimitsCard />

      <div className="grid gap-6 lg:grid-cols-5 lg:grid-rows-[auto_1fr] lg:items-start">
        <StatCard
          className="lg:col-span-2"
          label={text('withdraw.balance.label')}
          value={formatUsdt(balance)}
          note={text('withdraw.balance.note')}
          icon={<Wallet className="h-5 w-5" />}
        />
        <div className="lg:col-span-3 lg:row-span-2">
          <WithdrawForm
            balance={balance}
            kycApproved={user?.kycStatus === 'approved'}
            refreshBalance={() => void me.refetch()}
          />
        </div>
        <div className="lg:col-span-2">
          <Notes />
        </div>
      </div>

      <WithdrawalHistory />
    </div>
  );
}

function WithdrawForm({
  balance,
  kycApproved,
  refreshBalance,
}: {
  balance: string | null;
  kycApproved: boolean;
  refreshBalance: () => void;
}) {
  const { text, rich } = useWithdrawMessages();
  const [requestWithdrawal, { isLoading }] = useRequestWithdrawalMutation();
  // Withdrawals are paid out on TRC-20 only; an admin can switch them off (Payment Methods).
  const networks = useAcceptedNetworksQuery();
  const withdrawalsOpen = networks.data?.some((method) => method.network === 'TRC20' && method.withdrawals);
  // The balance check runs with the balance of this render (it changes after every request).
  // So does the limit check, with what remains in each window (read again after every request).
  const limits = useMyWithdrawalLimitsQuery();
  const resolver = withFieldChecks<WithdrawFormInput, WithdrawFormValues>(
    (values) => withLimitProblem(withdrawalProblems(values, balance), values.amount, limits.data),
    contractResolver,
  );
  const form = useContractForm<WithdrawFormInput, WithdrawFormValues>({
    resolver,
    defaultValues: { amount: '', walletAddress: '' },
  });
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = form;
  const max = maxWithdrawable(balance);
  // A hold after a security change (shown above the form): nothing can be sent until it ends.
  const held = useWithdrawalHeld();

  const onSubmit = async (values: WithdrawFormValues) => {
    try {
      await requestWithdrawal({
        amount: values.amount,
        walletAddress: values.walletAddress,
        ...(values.confirmLookalike ? { confirmLookalike: true } : {}),
      }).unwrap();
      toast({ title: text('withdraw.form.submitted'), variant: 'success' });
      form.reset();
    } catch (error) {
      reportFormError(form, error, { fallback: text('withdraw.form.failed') });
      if (isApiError(error) && error.code === 'WITHDRAWALS_NOT_ACCEPTED') void networks.refetch();
      if (isApiError(error) && error.code === LOOKALIKE_CODE)
        form.setError('confirmLookalike', {
          type: 'server',
          message: text('withdraw.form.confirmLookalike'),
        });
      if (isApiError(error) && error.code === WITHDRAWAL_LIMIT_CODE) void limits.refetch();
      if (isApiError(error) && error.code === 'INSUFFICIENT_BALANCE') {
        form.setError('amount', { type: 'server', message: INSUFFICIENT_BALANCE });
        // The balance shown was out of date: read it again.
        refreshBalance();
      }
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('withdraw.form.title')}</CardTitle>
        <CardDescription>{text('withdraw.form.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {!kycApproved ? (
          <div className="mb-4 flex gap-3 rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink">
            <ShieldAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-warning-ink" />
            <p>
              {rich('withdraw.form.kycMissing', {
                link: (chunks) => (
                  <Link to="/investor/profile" className="font-semibold text-brand-ink underline">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </div>
        ) : null}
        {balance !== null && max === null ? (
          <p className="mb-4 rounded-lg border border-border bg-surface-muted p-3 text-sm text-ink-muted">
            {rich('withdraw.form.belowMinimum', {
              link: (chunks) => (
                <Link to="/investor/deposit" className="font-semibold text-brand-ink underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        ) : null}
        {withdrawalsOpen === false ? (
          <p
            role="status"
            className="rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink"
          >
            {text('withdraw.form.switchedOff')}
          </p>
        ) : null}
        <form
          hidden={withdrawalsOpen === false}
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          onFocusCapture={() => void import('./schemas.ts')}
          aria-label={text('withdraw.form.label')}
          className="space-y-4"
        >
          <fieldset disabled={held} className="space-y-4">
            <Field
              label={text('withdraw.form.amount')}
              error={errors.amount?.message}
              hint={
                <span className="flex flex-wrap items-center gap-x-2">
                  <span>{text('withdraw.form.amountHint', { balance: formatUsdt(balance) })}</span>
                  {max ? (
                    <button
                      type="button"
                      className="rounded font-medium text-brand-ink underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
                      onClick={() => setValue('amount', max, { shouldValidate: true, shouldDirty: true })}
                    >
                      {text('withdraw.form.useFullBalance')}
                    </button>
                  ) : null}
                </span>
              }
            >
              {({ id, describedBy, invalid }) => (
                <MoneyInput
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  aria-required="true"
                  min={MIN_AMOUNT}
                  step={AMOUNT_STEP}
                  max={max ?? undefined}
                  placeholder="0.00"
                  {...register('amount')}
                />
              )}
            </Field>
            <WithdrawDestination form={form} />
            <Button type="submit" className="w-full" disabled={isLoading}>
              {isLoading ? (
                <Spinner size="sm" label={text('withdraw.form.submitting')} />
              ) : (
                <ArrowUpFromLine aria-hidden="true" className="h-4 w-4" />
              )}
              {text('withdraw.form.submit')}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}

function Notes() {
  const { text, rich } = useWithdrawMessages();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('withdraw.notes.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-2 ps-5 text-sm text-ink-muted">
          <li>{text('withdraw.notes.deducted')}</li>
          <li>{text('withdraw.notes.rejected')}</li>
          <li>{rich('withdraw.notes.trc20', { strong: (chunks) => <strong>{chunks}</strong> })}</li>
          <li>{text('withdraw.notes.processing')}</li>
        </ul>
      </CardContent>
    </Card>
  );
}

const col = columnHelper<Withdrawal>();

const columnsWith = (
  template: string | null,
  detailLink: (path: string) => string,
  text: (id: WithdrawMessageId, values?: Record<string, string>) => string,
) => [
  col.accessor('createdAt', {
    header: text('withdraw.history.date'),
    // Wraps on a phone, so more of the row (the payout comes right after the amount) is in view.
    cell: (info) => <DateCell value={info.getValue()} />,
  }),
  col.accessor('amount', {
    header: text('withdraw.history.amount'),
    cell: (info) => (
      <DetailAmountLink
        to={detailLink(investorWithdrawalPage(info.row.original.id))}
        amount={info.getValue()}
      />
    ),
  }),
  col.accessor('status', {
    header: text('withdraw.history.status'),
    cell: (info) => {
      const withdrawal = info.row.original;
      return (
        <div className="min-w-[11rem] max-w-[18rem] space-y-1.5">
          <StatusBadge status={withdrawal.status} />
          <PayoutVerdictText withdrawal={withdrawal} audience="investor" />
          {withdrawal.status === 'rejected' && withdrawal.rejectionReason ? (
            <p className="max-w-[16rem] text-xs text-danger-ink">
              {text('withdraw.history.reason', { reason: withdrawal.rejectionReason })}
            </p>
          ) : null}
        </div>
      );
    },
  }),
  col.accessor('walletAddress', {
    header: text('withdraw.history.address'),
    cell: (info) => {
      const address = info.getValue();
      return (
        // `relative` keeps the screen-reader text inside the table's scroll area (no sideways page scroll).
        <span className="relative whitespace-nowrap font-mono text-xs" title={address}>
          <span aria-hidden="true">{shortenAddress(address)}</span>
          <span className="sr-only">{address}</span>
        </span>
      );
    },
  }),
  col.accessor('txid', {
    header: text('withdraw.history.txid'),
    cell: (info) => <PayoutTxid withdrawal={info.row.original} template={template} />,
  }),
];

function WithdrawalHistory() {
  const list = useListState({ pageSize: HISTORY_PAGE_SIZE });
  const args = { page: list.page, pageSize: list.pageSize };
  // Read again while the chain still works on a payout shown, and no longer once none is.
  const shown = withdrawalsApi.endpoints.myWithdrawals.useQueryState(args);
  const withdrawals = useMyWithdrawalsQuery(args, {
    pollingInterval: shown.data?.items.some(isPayoutOpen) ? PAYOUT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  // Only for the explorer links: without the networks the ids show unlinked.
  const networks = useChainNetworksQuery();
  const template = networks.data?.find((network) => network.network === 'TRC20')?.explorerTxUrl ?? null;
  const { text } = useWithdrawMessages();
  const columns = columnsWith(template, useDetailLink(), text);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('withdraw.history.title')}</CardTitle>
        <CardDescription>{text('withdraw.history.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ListTable
          sortable={false}
          query={withdrawals}
          list={list}
          pageSize={list.pageSize}
          noun={text('withdraw.history.noun')}
          what={text('withdraw.history.what')}
          caption={text('withdraw.history.caption')}
          // With no explorer link in it, the table's scroll box takes the keyboard focus.
          scrollLabel={
            withdrawals.data?.items.some((w) => hasPayoutLink(w, template))
              ? undefined
              : text('withdraw.history.caption')
          }
          empty={
            <EmptyState
              icon={<ArrowUpFromLine className="h-8 w-8" />}
              title={text('withdraw.history.empty.title')}
              description={text('withdraw.history.empty.description')}
            />
          }
          columns={columns}
          rowId={(withdrawal) => withdrawal.id}
        />
      </CardContent>
    </Card>
  );
}

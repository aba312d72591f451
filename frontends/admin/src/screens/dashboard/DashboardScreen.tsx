// Admin dashboard (spec section 2): a spinner while loading, four figures composed by the gateway, the reserves
// (decision 0082: the latest reconciliation, the proof of liabilities, 90 days charted), pending deposits and
// withdrawals (first 5 each, with a count badge; each row opens the request's own page) and the 5 most recent
// investments.
import type { ReactNode } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, ChevronRight, Sprout, Users } from 'lucide-react';
import { adminDepositPage, adminWithdrawalPage, isUnavailable } from '@cropvest/web-kit';
import { Link } from '@cropvest/web-kit/router';
import { Badge } from '@cropvest/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { PageSpinner } from '@cropvest/ui/spinner';
import { Skeleton } from '@cropvest/ui/skeleton';
import { StatCard } from '@cropvest/ui/stat-card';
import { formatCount, formatDate, formatUsdt, shortenAddress } from '@cropvest/ui/format';
import {
  useAdminDashboardQuery,
  useAdminInvestmentsQuery,
  usePendingDepositsQuery,
  usePendingWithdrawalsQuery,
} from '../../api/reports.ts';
import { ReservesCard } from './ReservesCard.tsx';
import { useAdminDashboardMessages, type AdminDashboardMessageId } from './messages/catalogue.ts';

const LIST_SIZE = 5;

export default function DashboardScreen() {
  const summary = useAdminDashboardQuery();
  const deposits = usePendingDepositsQuery();
  const withdrawals = usePendingWithdrawalsQuery();
  const investments = useAdminInvestmentsQuery();
  const { text, rich } = useAdminDashboardMessages();
  const NOT_YET = text('dashboard.figures.notYet');

  if (summary.isLoading) return <PageSpinner label={text('dashboard.loading')} />;
  const figures = summary.data;
  const pendingDeposits = deposits.data?.items ?? [];
  const pendingWithdrawals = withdrawals.data?.items ?? [];
  // The four figures; one its service cannot give says so under its "—".
  const stats: { label: AdminDashboardMessageId; value: string; note?: string; icon: ReactNode }[] = [
    {
      label: 'dashboard.figures.totalInvestors',
      value: formatCount(figures?.totalInvestors),
      note:
        figures?.totalInvestors == null
          ? NOT_YET
          : text('dashboard.figures.usersInAll', { count: formatCount(figures.totalUsers) }),
      icon: <Users className="h-5 w-5" />,
    },
    {
      label: 'dashboard.figures.totalDeposits',
      value: formatUsdt(figures?.totalDeposits),
      note: figures?.totalDeposits == null ? NOT_YET : undefined,
      icon: <ArrowDownToLine className="h-5 w-5" />,
    },
    {
      label: 'dashboard.figures.totalWithdrawals',
      value: formatUsdt(figures?.totalWithdrawals),
      note: figures?.totalWithdrawals == null ? NOT_YET : undefined,
      icon: <ArrowUpFromLine className="h-5 w-5" />,
    },
    {
      label: 'dashboard.figures.activeInvestments',
      value: formatCount(figures?.activeInvestments),
      note: figures?.activeInvestments == null ? NOT_YET : undefined,
      icon: <Sprout className="h-5 w-5" />,
    },
  ];

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('dashboard.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('dashboard.subtitle')}</p>
      </div>
      {summary.error ? (
        <p
          role="alert"
          className="rounded-lg border border-danger-border bg-danger-muted p-4 text-sm text-danger-ink"
        >
          {text('dashboard.figures.error')}
        </p>
      ) : null}
      <section
        aria-label={text('dashboard.figures.label')}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
        data-testid="admin-stats"
      >
        {stats.map((stat) => (
          <StatCard
            key={stat.label}
            label={text(stat.label)}
            value={stat.value}
            note={stat.note}
            icon={stat.icon}
          />
        ))}
      </section>

      <ReservesCard />

      <div className="grid gap-6 lg:grid-cols-2">
        <ListCard
          title={text('dashboard.pendingDeposits.title')}
          count={deposits.data ? deposits.data.total : null}
          loading={deposits.isLoading}
          error={deposits.error}
          emptyText={text('dashboard.pendingDeposits.empty')}
          unavailableText={text('dashboard.pendingDeposits.unavailable')}
        >
          {pendingDeposits.slice(0, LIST_SIZE).map((deposit) => (
            <Row
              key={deposit.id}
              to={adminDepositPage(deposit.id)}
              primary={deposit.user?.name ?? text('dashboard.row.unknownUser')}
              secondary={formatDate(deposit.createdAt)}
              amount={formatUsdt(deposit.amount)}
            />
          ))}
        </ListCard>
        <ListCard
          title={text('dashboard.pendingWithdrawals.title')}
          count={withdrawals.data ? withdrawals.data.total : null}
          loading={withdrawals.isLoading}
          error={withdrawals.error}
          emptyText={text('dashboard.pendingWithdrawals.empty')}
          unavailableText={text('dashboard.pendingWithdrawals.unavailable')}
        >
          {pendingWithdrawals.slice(0, LIST_SIZE).map((withdrawal) => (
            <Row
              key={withdrawal.id}
              to={adminWithdrawalPage(withdrawal.id)}
              primary={withdrawal.user?.name ?? text('dashboard.row.unknownUser')}
              secondary={rich('dashboard.pendingWithdrawals.line', {
                address: (
                  <span className="font-mono" title={withdrawal.walletAddress}>
                    {shortenAddress(withdrawal.walletAddress)}
                  </span>
                ),
                date: formatDate(withdrawal.createdAt),
              })}
              amount={formatUsdt(withdrawal.amount)}
            />
          ))}
        </ListCard>
      </div>

      <ListCard
        title={text('dashboard.recentInvestments.title')}
        count={null}
        loading={investments.isLoading}
        error={investments.error}
        emptyText={text('dashboard.recentInvestments.empty')}
        unavailableText={text('dashboard.recentInvestments.unavailable')}
      >
        {(investments.data ?? []).slice(0, LIST_SIZE).map((investment) => (
          <Row
            key={investment.id}
            primary={investment.user?.name ?? text('dashboard.row.unknownUser')}
            secondary={text('dashboard.recentInvestments.line', {
              plan: investment.plan?.title ?? text('dashboard.row.unknownPlan'),
              slots: investment.slotsPurchased,
              date: formatDate(investment.createdAt),
            })}
            amount={formatUsdt(investment.principal)}
            badge={
              <Badge tone={investment.status === 'active' ? 'blue' : 'green'}>
                {text('dashboard.recentInvestments.status', { status: investment.status })}
              </Badge>
            }
          />
        ))}
      </ListCard>
    </div>
  );
}

interface ListCardProps {
  title: string;
  count: number | null;
  loading: boolean;
  error: unknown;
  emptyText: string;
  unavailableText: string;
  children: ReactNode[];
}

function ListCard({ title, count, loading, error, emptyText, unavailableText, children }: ListCardProps) {
  const { text } = useAdminDashboardMessages();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle level={2}>{title}</CardTitle>
        {count != null ? <Badge tone={count > 0 ? 'yellow' : 'gray'}>{count}</Badge> : null}
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : error ? (
          <EmptyState
            title={text(isUnavailable(error) ? 'dashboard.list.unavailable' : 'dashboard.list.failed')}
            description={isUnavailable(error) ? unavailableText : text('dashboard.list.tryLater')}
          />
        ) : children.length === 0 ? (
          <EmptyState title={text('dashboard.list.empty')} description={emptyText} />
        ) : (
          <ul className="divide-y divide-border">{children}</ul>
        )}
      </CardContent>
    </Card>
  );
}

function Row({
  primary,
  secondary,
  amount,
  badge,
  to,
}: {
  primary: string;
  secondary: ReactNode;
  amount: string;
  badge?: ReactNode;
  /** Where the row leads: the whole row is then one link. */
  to?: string;
}) {
  const content = (
    <>
      <div className="min-w-0">
        <p className="truncate font-medium text-ink">{primary}</p>
        <p className="truncate text-sm text-ink-muted">{secondary}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {badge}
        <span className="font-semibold text-ink">{amount}</span>
        {to ? <ChevronRight aria-hidden="true" className="h-4 w-4 text-ink-subtle rtl:rotate-180" /> : null}
      </div>
    </>
  );
  return (
    <li>
      {to ? (
        <Link
          to={to}
          className="-mx-2 flex items-center justify-between gap-4 rounded-md px-2 py-3 hover:bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          {content}
        </Link>
      ) : (
        <div className="flex items-center justify-between gap-4 py-3">{content}</div>
      )}
    </li>
  );
}

// Investor dashboard (spec section 2): greeting, four cards, the active investments (each titled with a link to its
// page), an Updates button when there are unread notifications, Verify my balance (the proof of liabilities,
// decision 0082) and quick links.
// Figures from a service that is not available show "—".
import { Link } from '@cropvest/web-kit/router';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import { ArrowDownToLine, ArrowUpFromLine, Bell, Coins, LineChart, Sprout, Wallet } from 'lucide-react';
import type { Investment } from '@cropvest/contracts/plans/model';
import {
  daysToHarvest,
  growthProgress,
  investorInvestmentPage,
  isUnavailable,
  selectNewAccount,
  selectUser,
  useAppSelector,
  useUnreadCountQuery,
} from '@cropvest/web-kit';
import { sumAmounts } from '@cropvest/contracts/money';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { Skeleton } from '@cropvest/ui/skeleton';
import { StatCard } from '@cropvest/ui/stat-card';
import { Badge } from '@cropvest/ui/badge';
import { ProgressBar } from '@cropvest/ui/progress';
import { formatCount, formatDate, formatRate, formatUsdt, NOT_AVAILABLE } from '@cropvest/ui/format';
import { useMyInvestmentsQuery } from '../../api/plans.ts';
import { investmentProjection } from '../../shared/my-investments/rules.ts';
import { VerifyBalanceCard } from './VerifyBalanceCard.tsx';
import { useDashboardMessages, type DashboardMessageId } from './messages/catalogue.ts';

export default function DashboardScreen() {
  const { text } = useDashboardMessages();
  const user = useAppSelector(selectUser);
  const newAccount = useAppSelector(selectNewAccount);
  const { data: unread } = useUnreadCountQuery();
  const investments = useMyInvestmentsQuery();
  const active = (investments.data ?? []).filter((investment) => investment.status === 'active');
  const unavailable = Boolean(investments.error);
  const detailLink = useDetailLink();
  const unavailableNote = unavailable ? text('dashboard.summary.unavailable') : undefined;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">
            {text(newAccount ? 'dashboard.greeting.new' : 'dashboard.greeting.returning', {
              name: user?.name ?? text('dashboard.greeting.fallbackName'),
            })}
          </h1>
          <p className="mt-1 text-ink-muted">{text('dashboard.subtitle')}</p>
        </div>
        {(unread?.count ?? 0) > 0 ? (
          <Link to="/investor/notifications" className={buttonClass('outline')}>
            <Bell aria-hidden="true" className="h-4 w-4" /> {text('dashboard.updates')}
            <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-on-danger">
              {unread?.count}
            </span>
          </Link>
        ) : null}
      </div>

      <section
        aria-label={text('dashboard.summary.label')}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <StatCard
          label={text('dashboard.summary.balance')}
          value={formatUsdt(user?.balance)}
          icon={<Wallet className="h-5 w-5" />}
        />
        <StatCard
          label={text('dashboard.summary.invested')}
          value={unavailable ? NOT_AVAILABLE : formatUsdt(sumAmounts(active.map((i) => i.principal)))}
          note={unavailableNote}
          loading={investments.isLoading}
          icon={<Coins className="h-5 w-5" />}
        />
        <StatCard
          label={text('dashboard.summary.interest')}
          value={unavailable ? NOT_AVAILABLE : formatUsdt(sumAmounts(active.map((i) => i.interestEarned)))}
          note={unavailableNote}
          loading={investments.isLoading}
          icon={<LineChart className="h-5 w-5" />}
        />
        <StatCard
          label={text('dashboard.summary.active')}
          value={unavailable ? NOT_AVAILABLE : formatCount(active.length)}
          note={unavailableNote}
          loading={investments.isLoading}
          icon={<Sprout className="h-5 w-5" />}
        />
      </section>

      <Card>
        <CardHeader>
          <CardTitle level={2}>{text('dashboard.active.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {investments.isLoading ? (
            <div className="space-y-3">
              <Skeleton className="h-24" />
              <Skeleton className="h-24" />
            </div>
          ) : unavailable ? (
            <EmptyState
              icon={<Sprout className="h-8 w-8" />}
              title={text('dashboard.active.unavailableTitle')}
              description={text(
                isUnavailable(investments.error)
                  ? 'dashboard.active.unavailableDescription'
                  : 'dashboard.active.failedDescription',
              )}
            />
          ) : active.length === 0 ? (
            <EmptyState
              icon={<Sprout className="h-8 w-8" />}
              title={text('dashboard.active.emptyTitle')}
              description={text('dashboard.active.emptyDescription')}
              action={
                <Link to="/investor/invest" className={buttonClass('primary')}>
                  {text('dashboard.browsePlans')}
                </Link>
              }
            />
          ) : (
            <ul className="space-y-4">
              {active.map((investment) => (
                <InvestmentRow
                  key={investment.id}
                  investment={investment}
                  detailTo={detailLink(investorInvestmentPage(investment.id))}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <VerifyBalanceCard />

      <section aria-labelledby="quick-links-title">
        <h2 id="quick-links-title" className="text-lg font-semibold text-ink">
          {text('dashboard.quickLinks.title')}
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <Link to="/investor/invest" className={buttonClass('outline', 'lg', 'justify-start')}>
            <Sprout aria-hidden="true" className="h-5 w-5 text-brand" /> {text('dashboard.browsePlans')}
          </Link>
          <Link to="/investor/deposit" className={buttonClass('outline', 'lg', 'justify-start')}>
            <ArrowDownToLine aria-hidden="true" className="h-5 w-5 text-brand" />
            {text('dashboard.quickLinks.deposit')}
          </Link>
          <Link to="/investor/withdraw" className={buttonClass('outline', 'lg', 'justify-start')}>
            <ArrowUpFromLine aria-hidden="true" className="h-5 w-5 text-brand" />
            {text('dashboard.quickLinks.withdraw')}
          </Link>
        </div>
      </section>
    </div>
  );
}

function InvestmentRow({ investment, detailTo }: { investment: Investment; detailTo: string }) {
  const { text, rich } = useDashboardMessages();
  const plan = investment.plan;
  const progress = plan ? growthProgress(plan.startDate, plan.endDate) : 0;
  // By the investment's own terms (its rate and simple or compound), fixed when it was bought.
  const rate = investment.interestRate;
  const { daily, total } = investmentProjection(investment);
  const facts: [DashboardMessageId, string][] = [
    ['dashboard.investment.slots', formatCount(investment.slotsPurchased)],
    ['dashboard.investment.principal', formatUsdt(investment.principal)],
    ['dashboard.investment.dailyRate', formatRate(rate)],
    ['dashboard.investment.daysToHarvest', plan ? formatCount(daysToHarvest(plan.endDate)) : NOT_AVAILABLE],
    ['dashboard.investment.dailyEarnings', formatUsdt(daily)],
    ['dashboard.investment.startDate', formatDate(plan?.startDate)],
    ['dashboard.investment.harvestDate', formatDate(plan?.endDate)],
    ['dashboard.investment.projectedReturn', formatUsdt(total)],
  ];
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-ink">
          <Link to={detailTo} className="underline-offset-2 hover:underline">
            {rich('dashboard.investment.titleLink', {
              plan: plan?.title ?? text('dashboard.investment.unknownPlan'),
              hidden: (chunks) => <span className="sr-only">{chunks}</span>,
            })}
          </Link>
        </h3>
        <Badge tone="blue">{text('dashboard.investment.growing')}</Badge>
      </div>
      <ProgressBar
        value={progress}
        label={text('dashboard.investment.growthProgress')}
        showValue
        className="mt-3"
      />
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm md:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-ink-muted">{text(label)}</dt>
            <dd className="font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

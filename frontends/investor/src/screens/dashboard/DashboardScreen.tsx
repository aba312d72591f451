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
  greeting,
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

export default function DashboardScreen() {
  const user = useAppSelector(selectUser);
  const newAccount = useAppSelector(selectNewAccount);
  const { data: unread } = useUnreadCountQuery();
  const investments = useMyInvestmentsQuery();
  const active = (investments.data ?? []).filter((investment) => investment.status === 'active');
  const unavailable = Boolean(investments.error);
  const detailLink = useDetailLink();
  const unavailableNote = unavailable ? 'Not available yet' : undefined;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{greeting(user?.name ?? 'Investor', newAccount)}</h1>
          <p className="mt-1 text-ink-muted">Here is how your crop seasons are doing.</p>
        </div>
        {(unread?.count ?? 0) > 0 ? (
          <Link to="/investor/notifications" className={buttonClass('outline')}>
            <Bell aria-hidden="true" className="h-4 w-4" /> Updates
            <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-on-danger">
              {unread?.count}
            </span>
          </Link>
        ) : null}
      </div>

      <section aria-label="Portfolio summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Available Balance"
          value={formatUsdt(user?.balance)}
          icon={<Wallet className="h-5 w-5" />}
        />
        <StatCard
          label="Total Invested"
          value={unavailable ? NOT_AVAILABLE : formatUsdt(sumAmounts(active.map((i) => i.principal)))}
          note={unavailableNote}
          loading={investments.isLoading}
          icon={<Coins className="h-5 w-5" />}
        />
        <StatCard
          label="Interest Earned"
          value={unavailable ? NOT_AVAILABLE : formatUsdt(sumAmounts(active.map((i) => i.interestEarned)))}
          note={unavailableNote}
          loading={investments.isLoading}
          icon={<LineChart className="h-5 w-5" />}
        />
        <StatCard
          label="Active Investments"
          value={unavailable ? NOT_AVAILABLE : formatCount(active.length)}
          note={unavailableNote}
          loading={investments.isLoading}
          icon={<Sprout className="h-5 w-5" />}
        />
      </section>

      <Card>
        <CardHeader>
          <CardTitle level={2}>Active Investments</CardTitle>
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
              title="Investments are not available yet"
              description={
                isUnavailable(investments.error)
                  ? 'Investing opens when crop plans are published. Your active investments will be listed here.'
                  : 'Your investments could not be loaded. Please try again later.'
              }
            />
          ) : active.length === 0 ? (
            <EmptyState
              icon={<Sprout className="h-8 w-8" />}
              title="No active investments yet"
              description="Choose a crop plan to start earning a daily rate until harvest."
              action={
                <Link to="/investor/invest" className={buttonClass('primary')}>
                  Browse Plans
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
          Quick links
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <Link to="/investor/invest" className={buttonClass('outline', 'lg', 'justify-start')}>
            <Sprout aria-hidden="true" className="h-5 w-5 text-brand" /> Browse Plans
          </Link>
          <Link to="/investor/deposit" className={buttonClass('outline', 'lg', 'justify-start')}>
            <ArrowDownToLine aria-hidden="true" className="h-5 w-5 text-brand" /> Deposit
          </Link>
          <Link to="/investor/withdraw" className={buttonClass('outline', 'lg', 'justify-start')}>
            <ArrowUpFromLine aria-hidden="true" className="h-5 w-5 text-brand" /> Withdraw
          </Link>
        </div>
      </section>
    </div>
  );
}

function InvestmentRow({ investment, detailTo }: { investment: Investment; detailTo: string }) {
  const plan = investment.plan;
  const progress = plan ? growthProgress(plan.startDate, plan.endDate) : 0;
  // By the investment's own terms (its rate and simple or compound), fixed when it was bought.
  const rate = investment.interestRate;
  const { daily, total } = investmentProjection(investment);
  const facts: [string, string][] = [
    ['Slots', formatCount(investment.slotsPurchased)],
    ['Principal', formatUsdt(investment.principal)],
    ['Daily rate', formatRate(rate)],
    ['Days to harvest', plan ? formatCount(daysToHarvest(plan.endDate)) : NOT_AVAILABLE],
    ['Daily earnings', formatUsdt(daily)],
    ['Start date', formatDate(plan?.startDate)],
    ['Harvest date', formatDate(plan?.endDate)],
    ['Total return (projected)', formatUsdt(total)],
  ];
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-ink">
          <Link to={detailTo} className="underline-offset-2 hover:underline">
            {plan?.title ?? 'Unknown Plan'}
            <span className="sr-only">: investment details</span>
          </Link>
        </h3>
        <Badge tone="blue">Growing</Badge>
      </div>
      <ProgressBar value={progress} label="Growth progress" showValue className="mt-3" />
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm md:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-ink-muted">{label}</dt>
            <dd className="font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

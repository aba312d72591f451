// My Investments (spec sections 2 and 9): counters for active crops, total invested, interest earned and
// completed; Growing Crops (active investments with progress to harvest) and Harvest History (completed ones);
// an empty state leading to Browse Plans.
import type { ReactNode } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { daysToHarvest } from '@cropvest/web-kit';
import { sumAmounts } from '@cropvest/contracts/money';
import type { Investment } from '@cropvest/contracts/plans';
import { CheckCircle2, Coins, LineChart, Sprout, Wheat } from 'lucide-react';
import { Badge } from '@cropvest/ui/badge';
import { buttonClass } from '@cropvest/ui/button-class';
import { EmptyState } from '@cropvest/ui/empty-state';
import { ProgressBar } from '@cropvest/ui/progress';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { StatCard } from '@cropvest/ui/stat-card';
import { formatCount, formatDate, formatUsdt } from '@cropvest/ui/format';
import { useMyInvestmentsQuery } from './api.ts';
import { interestTerms, investmentCounters, investmentProgress, investmentProjection } from './rules.ts';

const browseLink = (variant: 'primary' | 'outline' = 'primary') => (
  <Link to="/investor/invest" className={buttonClass(variant)}>
    Browse Plans
  </Link>
);

export default function MyInvestmentsScreen() {
  const investments = useMyInvestmentsQuery();

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">My Investments</h1>
          <p className="mt-1 text-slate-600">Your growing crops and the seasons already harvested.</p>
        </div>
        {investments.data?.length ? browseLink('outline') : null}
      </div>

      <QueryView
        query={investments}
        what="your investments"
        skeleton={
          <div className="space-y-8">
            <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </div>
            <Skeleton className="h-48" />
          </div>
        }
      >
        {(list) => <Investments list={list} />}
      </QueryView>
    </div>
  );
}

function Investments({ list }: { list: Investment[] }) {
  const counters = investmentCounters(list);
  const growing = list.filter((investment) => investment.status === 'active');
  const harvested = list.filter((investment) => investment.status === 'completed');
  return (
    <div className="space-y-8">
      <section aria-label="Investment summary" className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
        <StatCard
          label="Active Crops"
          value={formatCount(counters.activeCrops)}
          note="Growing now"
          icon={<Sprout className="h-5 w-5" />}
        />
        <StatCard
          label="Total Invested"
          value={formatUsdt(counters.totalInvested)}
          note="Principal in growing crops"
          icon={<Coins className="h-5 w-5" />}
        />
        <StatCard
          label="Interest Earned"
          value={formatUsdt(counters.interestEarned)}
          note="Growing and harvested crops"
          icon={<LineChart className="h-5 w-5" />}
        />
        <StatCard
          label="Completed"
          value={formatCount(counters.completed)}
          note="Seasons harvested"
          icon={<CheckCircle2 className="h-5 w-5" />}
        />
      </section>

      {list.length === 0 ? (
        <EmptyState
          level={2}
          icon={<Sprout className="h-8 w-8" />}
          title="No investments yet"
          description="Buy slots in a crop plan to start earning its daily rate until harvest."
          action={browseLink()}
        />
      ) : (
        <>
          <section aria-labelledby="growing-title" className="space-y-4">
            <h2 id="growing-title" className="text-lg font-semibold text-slate-900">
              Growing Crops
            </h2>
            {growing.length === 0 ? (
              <EmptyState
                title="Nothing growing right now"
                description="Your harvested seasons are below. Join a new season to keep earning."
                action={browseLink('outline')}
              />
            ) : (
              <ul className="space-y-4">
                {growing.map((investment) => (
                  <GrowingCrop key={investment.id} investment={investment} />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="harvest-title" className="space-y-4">
            <h2 id="harvest-title" className="text-lg font-semibold text-slate-900">
              Harvest History
            </h2>
            {harvested.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-6 text-center text-sm text-slate-600">
                No harvests yet. When a season ends, its principal and interest are paid to your balance and
                listed here.
              </p>
            ) : (
              <ul className="space-y-4">
                {harvested.map((investment) => (
                  <HarvestedCrop key={investment.id} investment={investment} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CropHeading({ title, badge }: { title: string; badge: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {badge}
    </div>
  );
}

function GrowingCrop({ investment }: { investment: Investment }) {
  const { plan } = investment;
  const { daily, total } = investmentProjection(investment);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <CropHeading title={plan.title} badge={<Badge tone="blue">Growing</Badge>} />
      <ProgressBar
        value={investmentProgress(investment.createdAt, plan.durationDays)}
        label="Growth progress"
        showValue
        className="mt-3"
      />
      <Facts
        facts={[
          ['Slots', formatCount(investment.slotsPurchased)],
          ['Principal', formatUsdt(investment.principal)],
          ['Daily rate', `${investment.interestRate}%`],
          ['Interest', interestTerms(investment)],
          ['Days to harvest', formatCount(daysToHarvest(plan.endDate))],
          ['Daily earnings', formatUsdt(daily)],
          ['Interest earned so far', formatUsdt(investment.interestEarned)],
          ['Start date', formatDate(plan.startDate)],
          ['Harvest date', formatDate(plan.endDate)],
          ['Total return (projected)', formatUsdt(total)],
        ]}
      />
    </li>
  );
}

function HarvestedCrop({ investment }: { investment: Investment }) {
  const { plan } = investment;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <CropHeading
        title={plan.title}
        badge={
          <Badge tone="green">
            <Wheat aria-hidden="true" className="mr-1 h-3 w-3" />
            Harvested
          </Badge>
        }
      />
      <Facts
        facts={[
          ['Slots', formatCount(investment.slotsPurchased)],
          ['Principal', formatUsdt(investment.principal)],
          ['Interest', interestTerms(investment)],
          ['Interest paid', formatUsdt(investment.interestEarned)],
          ['Total paid out', formatUsdt(sumAmounts([investment.principal, investment.interestEarned]))],
          ['Paid on', formatDate(investment.completedAt)],
          ['Harvest date', formatDate(plan.endDate)],
        ]}
      />
    </li>
  );
}

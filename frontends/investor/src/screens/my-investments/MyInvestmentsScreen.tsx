// My Investments (spec sections 2 and 9; issue 25): counters for active crops, total invested, interest earned and
// completed; Growing Crops (active investments with progress to harvest, their plan's coverage and newest field
// report, and until when they can be cancelled, with the Cancel button), Harvest History (completed ones, a
// partial payout of a plan settled short explained) and the cancelled ones, each titled with a link to its own page;
// an empty state leading to Browse Plans.
import { useState } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { investorInvestmentPage } from '@cropvest/web-kit';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import type { MyInvestment } from '@cropvest/contracts/plans/field-reports';
import { CheckCircle2, Coins, LineChart, Sprout } from 'lucide-react';
import { buttonClass } from '@cropvest/ui/button-class';
import { EmptyState } from '@cropvest/ui/empty-state';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { StatCard } from '@cropvest/ui/stat-card';
import { formatCount, formatUsdt } from '@cropvest/ui/format';
import { useMyInvestmentsQuery } from '../../api/plans.ts';
import { investmentCounters } from '../../shared/my-investments/rules.ts';
import { Cancellation, InvestmentCard } from '../../shared/my-investments/crops.tsx';
import { useMyInvestmentsMessages } from './messages/catalogue.ts';

function BrowseLink({ variant = 'primary' }: { variant?: 'primary' | 'outline' }) {
  const { text } = useMyInvestmentsMessages();
  return (
    <Link to="/investor/invest" className={buttonClass(variant)}>
      {text('myInvestments.browsePlans')}
    </Link>
  );
}

export default function MyInvestmentsScreen() {
  const { text } = useMyInvestmentsMessages();
  const investments = useMyInvestmentsQuery();

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('myInvestments.title')}</h1>
          <p className="mt-1 text-ink-muted">{text('myInvestments.subtitle')}</p>
        </div>
        {investments.data?.length ? <BrowseLink variant="outline" /> : null}
      </div>

      <QueryView
        query={investments}
        what={text('myInvestments.what')}
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

function Investments({ list }: { list: MyInvestment[] }) {
  const { text } = useMyInvestmentsMessages();
  const counters = investmentCounters(list);
  const growing = list.filter((investment) => investment.status === 'active');
  const harvested = list.filter((investment) => investment.status === 'completed');
  const cancelled = list.filter((investment) => investment.status === 'cancelled');
  const [cancelling, setCancelling] = useState<MyInvestment | null>(null);
  return (
    <div className="space-y-8">
      <section
        aria-label={text('myInvestments.summary.label')}
        className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4"
      >
        <StatCard
          label={text('myInvestments.summary.activeCrops')}
          value={formatCount(counters.activeCrops)}
          note={text('myInvestments.summary.activeCropsNote')}
          icon={<Sprout className="h-5 w-5" />}
        />
        <StatCard
          label={text('myInvestments.summary.totalInvested')}
          value={formatUsdt(counters.totalInvested)}
          note={text('myInvestments.summary.totalInvestedNote')}
          icon={<Coins className="h-5 w-5" />}
        />
        <StatCard
          label={text('myInvestments.summary.interestEarned')}
          value={formatUsdt(counters.interestEarned)}
          note={text('myInvestments.summary.interestEarnedNote')}
          icon={<LineChart className="h-5 w-5" />}
        />
        <StatCard
          label={text('myInvestments.summary.completed')}
          value={formatCount(counters.completed)}
          note={text('myInvestments.summary.completedNote')}
          icon={<CheckCircle2 className="h-5 w-5" />}
        />
      </section>

      {list.length === 0 ? (
        <EmptyState
          level={2}
          icon={<Sprout className="h-8 w-8" />}
          title={text('myInvestments.empty.title')}
          description={text('myInvestments.empty.description')}
          action={<BrowseLink />}
        />
      ) : (
        <>
          <section aria-labelledby="growing-title" className="space-y-4">
            <h2 id="growing-title" className="text-lg font-semibold text-ink">
              {text('myInvestments.growing.title')}
            </h2>
            {growing.length === 0 ? (
              <EmptyState
                title={text('myInvestments.growing.emptyTitle')}
                description={text('myInvestments.growing.emptyDescription')}
                action={<BrowseLink variant="outline" />}
              />
            ) : (
              <Crops investments={growing} onCancel={setCancelling} />
            )}
          </section>

          <section aria-labelledby="harvest-title" className="space-y-4">
            <h2 id="harvest-title" className="text-lg font-semibold text-ink">
              {text('myInvestments.harvest.title')}
            </h2>
            {harvested.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border-strong bg-surface px-6 py-6 text-center text-sm text-ink-muted">
                {text('myInvestments.harvest.empty')}
              </p>
            ) : (
              <Crops investments={harvested} onCancel={setCancelling} />
            )}
          </section>

          {cancelled.length > 0 ? (
            <section aria-labelledby="cancelled-title" className="space-y-4">
              <h2 id="cancelled-title" className="text-lg font-semibold text-ink">
                {text('myInvestments.cancelled.title')}
              </h2>
              <Crops investments={cancelled} onCancel={setCancelling} />
            </section>
          ) : null}
        </>
      )}

      <Cancellation investment={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}

/** A list of crop cards, each titled with a link to its investment's page (the back link returns here). */
function Crops({
  investments,
  onCancel,
}: {
  investments: MyInvestment[];
  onCancel: (investment: MyInvestment) => void;
}) {
  const detailLink = useDetailLink();
  return (
    <ul className="space-y-4">
      {investments.map((investment) => (
        <InvestmentCard
          key={investment.id}
          investment={investment}
          detailTo={detailLink(investorInvestmentPage(investment.id))}
          onCancel={() => onCancel(investment)}
        />
      ))}
    </ul>
  );
}

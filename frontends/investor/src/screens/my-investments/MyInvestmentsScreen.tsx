// My Investments (spec sections 2 and 9; issue 25): counters for active crops, total invested, interest earned and
// completed; Growing Crops (active investments with progress to harvest, their plan's coverage and newest field
// report, and until when they can be cancelled, with the Cancel button), Harvest History (completed ones, a
// partial payout of a plan settled short explained) and the cancelled ones; an empty state leading to Browse Plans.
import { useState, type ReactNode } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { daysToHarvest, investorPlanPage, isApiError } from '@cropvest/web-kit';
import { FIELD_REPORT_STAGE_LABELS } from '@cropvest/web-kit/field-reports';
import type { MyInvestment } from '@cropvest/contracts/plans/field-reports';
import { AlertTriangle, CalendarClock, CheckCircle2, Coins, LineChart, Sprout, Wheat } from 'lucide-react';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { CoverageGauge } from '@cropvest/ui/coverage-gauge';
import { EmptyState } from '@cropvest/ui/empty-state';
import { ProgressBar } from '@cropvest/ui/progress';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { StatCard } from '@cropvest/ui/stat-card';
import { formatCount, formatDate, formatDateTime, formatRate, formatUsdt } from '@cropvest/ui/format';
import { toast } from '@cropvest/ui/toast';
import { useCancelInvestmentMutation, useMyInvestmentsQuery } from '../../api/plans.ts';
import { useBalanceReturn } from './balance-return.ts';
import {
  harvestPayout,
  hasRealisedLoss,
  interestTerms,
  investmentCounters,
  investmentProgress,
  investmentProjection,
} from '../../shared/my-investments/rules.ts';

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
          <h1 className="text-2xl font-bold text-ink">My Investments</h1>
          <p className="mt-1 text-ink-muted">Your growing crops and the seasons already harvested.</p>
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

function Investments({ list }: { list: MyInvestment[] }) {
  const counters = investmentCounters(list);
  const growing = list.filter((investment) => investment.status === 'active');
  const harvested = list.filter((investment) => investment.status === 'completed');
  const cancelled = list.filter((investment) => investment.status === 'cancelled');
  const [cancelling, setCancelling] = useState<MyInvestment | null>(null);
  const balance = useBalanceReturn();
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
            <h2 id="growing-title" className="text-lg font-semibold text-ink">
              Growing Crops
            </h2>
            {growing.length === 0 ? (
              <EmptyState
                title="Nothing growing right now"
                description="Your earlier seasons are listed below. Join a new season to keep earning."
                action={browseLink('outline')}
              />
            ) : (
              <ul className="space-y-4">
                {growing.map((investment) => (
                  <GrowingCrop
                    key={investment.id}
                    investment={investment}
                    onCancel={() => setCancelling(investment)}
                  />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="harvest-title" className="space-y-4">
            <h2 id="harvest-title" className="text-lg font-semibold text-ink">
              Harvest History
            </h2>
            {harvested.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border-strong bg-surface px-6 py-6 text-center text-sm text-ink-muted">
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

          {cancelled.length > 0 ? (
            <section aria-labelledby="cancelled-title" className="space-y-4">
              <h2 id="cancelled-title" className="text-lg font-semibold text-ink">
                Cancelled
              </h2>
              <ul className="space-y-4">
                {cancelled.map((investment) => (
                  <CancelledCrop key={investment.id} investment={investment} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}

      {balance.returning ? (
        <p role="status" className="text-sm text-ink-muted">
          Returning the principal to your available balance…
        </p>
      ) : null}

      {cancelling ? (
        <CancelDialog
          investment={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={balance.expectReturn}
        />
      ) : null}
    </div>
  );
}

function CancelDialog({
  investment,
  onClose,
  onCancelled,
}: {
  investment: MyInvestment;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const [cancel, { isLoading }] = useCancelInvestmentMutation();
  const confirm = async () => {
    try {
      await cancel({ id: investment.id, planId: investment.planId }).unwrap();
      toast({
        title: 'Investment Cancelled',
        description: `${formatUsdt(investment.principal)} is on its way back to your available balance.`,
        variant: 'success',
      });
      onCancelled();
    } catch (error) {
      toast({
        title: 'Cancellation Failed',
        description:
          isApiError(error) && error.serverMessage ? error.serverMessage : 'Failed to cancel the investment',
        variant: 'destructive',
      });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Cancel your investment in ${investment.plan.title}?`}
      description={
        <p>
          Your principal of <strong>{formatUsdt(investment.principal)}</strong> comes back to your available
          balance in full, without interest, and your {formatCount(investment.slotsPurchased)}{' '}
          {investment.slotsPurchased === 1 ? 'slot goes' : 'slots go'} back to the plan. This cannot be
          undone.
        </p>
      }
      confirmLabel="Cancel Investment"
      cancelLabel="Keep Investment"
      tone="destructive"
      busy={isLoading}
      onConfirm={confirm}
    />
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-muted">{label}</dt>
          <dd className="font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CropHeading({ title, badge }: { title: string; badge: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h3 className="font-semibold text-ink">{title}</h3>
      {badge}
    </div>
  );
}

function GrowingCrop({ investment, onCancel }: { investment: MyInvestment; onCancel: () => void }) {
  const { plan } = investment;
  const { daily, total } = investmentProjection(investment);
  return (
    <li className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <CropHeading title={plan.title} badge={<Badge tone="blue">Growing</Badge>} />
      <ProgressBar
        value={investmentProgress(investment.createdAt, plan.durationDays)}
        label="Term elapsed"
        showValue
        className="mt-3"
      />
      <Facts
        facts={[
          ['Slots', formatCount(investment.slotsPurchased)],
          ['Principal', formatUsdt(investment.principal)],
          ['Daily rate', formatRate(investment.interestRate)],
          ['Interest', interestTerms(investment)],
          ['Days to harvest', formatCount(daysToHarvest(plan.endDate))],
          ['Daily earnings', formatUsdt(daily)],
          ['Interest earned so far', formatUsdt(investment.interestEarned)],
          ['Start date', formatDate(plan.startDate)],
          ['Harvest date', formatDate(plan.endDate)],
          ['Total return (projected)', formatUsdt(total)],
        ]}
      />
      <CoverageGauge figures={investment.planCoverage} planTitle={plan.title} className="mt-3" />
      <LatestReport investment={investment} />
      {investment.cancellable ? (
        <div className="mt-3 flex flex-col gap-3 rounded-lg bg-surface-muted p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-2 text-sm text-ink-muted">
            <CalendarClock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-ink-subtle" />
            <span>
              Cancellable until{' '}
              <span className="font-medium whitespace-nowrap">
                {formatDateTime(investment.cancellableUntil)}
              </span>
              : the principal back in full, without interest.
            </span>
          </p>
          <Button variant="outline" size="sm" onClick={onCancel} className="shrink-0">
            Cancel investment<span className="sr-only"> in {plan.title}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The plan's newest field report, linked to the whole timeline on the plan page. */
function LatestReport({ investment }: { investment: MyInvestment }) {
  const report = investment.latestFieldReport;
  if (!report) return null;
  return (
    <p
      className={
        report.adverse
          ? 'mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-danger-border bg-danger-muted p-2 text-sm text-danger-ink'
          : 'mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted'
      }
    >
      {report.adverse ? <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
      <span>
        Latest field report: <span className="font-medium">{FIELD_REPORT_STAGE_LABELS[report.stage]}</span>,{' '}
        {formatDate(report.publishedAt)}.
      </span>
      <Link
        to={investorPlanPage(investment.planId, 'timeline')}
        className="font-medium text-brand-ink underline underline-offset-2"
      >
        See the timeline<span className="sr-only"> of {investment.plan.title}</span>
      </Link>
    </p>
  );
}

function HarvestedCrop({ investment }: { investment: MyInvestment }) {
  const { plan } = investment;
  const payout = harvestPayout(investment);
  const short = hasRealisedLoss(investment);
  return (
    <li className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <CropHeading
        title={plan.title}
        badge={
          short ? (
            <Badge tone="yellow">Paid in part</Badge>
          ) : (
            <Badge tone="green">
              <Wheat aria-hidden="true" className="mr-1 h-3 w-3" />
              Harvested
            </Badge>
          )
        }
      />
      <Facts
        facts={[
          ['Slots', formatCount(investment.slotsPurchased)],
          ['Principal', formatUsdt(investment.principal)],
          ['Interest', interestTerms(investment)],
          ['Interest earned', formatUsdt(investment.interestEarned)],
          ['Total paid out', formatUsdt(payout.paid)],
          ...(short ? ([['Realised loss', formatUsdt(payout.loss)]] as [string, string][]) : []),
          ['Paid on', formatDate(investment.completedAt)],
          ['Harvest date', formatDate(plan.endDate)],
        ]}
      />
      {short ? (
        <p className="mt-3 rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink">
          The harvest did not bring in enough to pay everyone in full, so this plan was settled: what it had
          was shared among its investors in proportion to what each was due. You were paid{' '}
          <strong>{formatUsdt(payout.paid)}</strong> of the <strong>{formatUsdt(payout.due)}</strong> due
          (your principal plus interest); the <strong>{formatUsdt(payout.loss)}</strong> not paid is a
          realised loss.{' '}
          <Link
            to={investorPlanPage(investment.planId, 'where-the-returns-come-from')}
            className="font-medium underline underline-offset-2"
          >
            See what the plan received<span className="sr-only"> for {plan.title}</span>
          </Link>
        </p>
      ) : null}
      <LatestReport investment={investment} />
    </li>
  );
}

function CancelledCrop({ investment }: { investment: MyInvestment }) {
  return (
    <li className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <CropHeading title={investment.plan.title} badge={<Badge tone="gray">Cancelled</Badge>} />
      <Facts
        facts={[
          ['Slots', formatCount(investment.slotsPurchased)],
          ['Principal returned', formatUsdt(investment.principal)],
          ['Bought on', formatDate(investment.createdAt)],
          ['Cancelled on', formatDateTime(investment.cancelledAt)],
        ]}
      />
    </li>
  );
}

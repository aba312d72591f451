// Plan Analytics (/admin/plans/analytics, issue 13 section 1): per plan, one server page at a time, its fill rate,
// slots sold per day, investors, principal invested, interest accrued so far and what is due at harvest. The
// plans service computes each page (GET /api/admin/plans/analytics); what is due at harvest is a projection. Funded
// plans (docs/decisions/0091) show their harvest coverage as a gauge. Listed through the list kit: cards at phone
// width.
import { BarChart3 } from 'lucide-react';
import type { PlanAnalytics } from '@cropvest/contracts/plans/plan-analytics';
import { useListState } from '@cropvest/web-kit/list-state';
import { Link } from '@cropvest/web-kit/router';
import { Badge } from '@cropvest/ui/badge';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { CoverageGauge } from '@cropvest/ui/coverage-gauge';
import { columnHelper } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatCount, formatDate, formatUsdt } from '@cropvest/ui/format';
import { ProgressBar } from '@cropvest/ui/progress';
import { ListTable } from '@cropvest/ui/list/results';
import { usePlanAnalyticsQuery } from '../../api/plans.ts';

const PAGE_SIZE = 20;
const col = columnHelper<PlanAnalytics>();

const amount = (value: string) => <span className="whitespace-nowrap tabular-nums">{formatUsdt(value)}</span>;

const columns = [
  col.accessor('title', {
    header: 'Plan',
    cell: (info) => {
      const plan = info.row.original;
      return (
        <div className="min-w-[10rem] space-y-1">
          <p className="font-medium text-ink">{plan.title}</p>
          <p className="text-xs text-ink-muted">
            {formatDate(plan.startDate)} – {formatDate(plan.endDate)}
          </p>
          <Badge tone={plan.isActive ? 'green' : 'gray'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
      );
    },
  }),
  // How it sells in one column (fill, slots per day, investors), so the row and its coverage gauge fit 1440 px.
  col.accessor('fillRate', {
    header: 'Sales',
    cell: (info) => {
      const plan = info.row.original;
      return (
        <div className="min-w-[9rem] space-y-1 text-sm tabular-nums">
          <p>
            {plan.fillRate}% · {formatCount(plan.slotsSold)} / {formatCount(plan.totalSlots)} slots
          </p>
          <ProgressBar value={Number(plan.fillRate)} label={`Fill rate of ${plan.title}`} />
          <p className="text-xs text-ink-muted" title={`Over ${plan.daysOnSale} day(s) on sale`}>
            {plan.slotsPerDay} slots per day · {formatCount(plan.investors)} investor
            {plan.investors === 1 ? '' : 's'}
          </p>
        </div>
      );
    },
  }),
  col.accessor('principalInvested', {
    header: 'Principal invested',
    cell: (info) => amount(info.getValue()),
  }),
  col.accessor('interestAccrued', { header: 'Interest accrued', cell: (info) => amount(info.getValue()) }),
  col.accessor('dueAtHarvest', {
    header: 'Due at harvest (projected)',
    cell: (info) => amount(info.getValue()),
  }),
  col.accessor('coverage', {
    header: 'Harvest coverage',
    cell: (info) => {
      const plan = info.row.original;
      if (plan.fundingModel === 'legacy')
        return <p className="min-w-[10rem] text-xs text-ink-muted">Paid as before funded payouts</p>;
      return (
        <CoverageGauge
          figures={{
            proceedsRecorded: plan.proceedsRecorded,
            proceeds: plan.proceedsReceived,
            reserveAllocated: plan.reserveAllocated,
            due: plan.dueFromProceeds,
            coverage: plan.coverage,
          }}
          planTitle={plan.title}
          className="min-w-[14rem]"
        />
      );
    },
  }),
];

export default function PlanAnalyticsScreen() {
  const list = useListState({ pageSize: PAGE_SIZE });
  const analytics = usePlanAnalyticsQuery({ page: list.page, pageSize: list.pageSize });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Plan Analytics</h1>
        <p className="mt-1 text-ink-muted">
          How each plan sells and what the platform owes on it, newest plan first.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Plans</CardTitle>
          <CardDescription>
            Slots per day: slots bought over the days the plan has been on sale. Principal and interest count
            active and harvested investments. Due at harvest is a projection: the active investments&apos;
            principal, the interest accrued so far and the days still to accrue at each investment&apos;s own
            rate. Harvest coverage: the plan&apos;s proceeds and reserve allocated (less what it already paid)
            against what its proceeds must pay at harvest — the principal sent to its operator and all its
            interest, projected.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ListTable
            query={analytics}
            list={list}
            pageSize={list.pageSize}
            noun="plans"
            what="the plan analytics"
            empty={
              <EmptyState
                icon={<BarChart3 className="h-8 w-8" />}
                title="No Plans Created"
                description="Figures appear here once a plan exists."
                action={
                  <Link to="/admin/plans/create" className={buttonClass('primary')}>
                    Create Plan
                  </Link>
                }
              />
            }
            caption="Figures per plan"
            // No links or buttons in its rows (the coverage gauge widened it): its scroll box takes the focus.
            scrollLabel="Figures per plan"
            columns={columns}
            rowId={(plan) => plan.planId}
            sortable={false}
          />
        </CardContent>
      </Card>
    </div>
  );
}

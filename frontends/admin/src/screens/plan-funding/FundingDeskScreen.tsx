// Plan Funding (/admin/plans/funding, docs/decisions/0091): every plan's money, one server page at a time, plans
// waiting for a settlement first (the plans service orders them so) and counted above the list: raised, sent to the
// operator, harvest proceeds, reserve allocated, due from proceeds, the coverage gauge and the payout status. The
// status filter lives in the address. Each row opens the plan's funding page.
import { AlertTriangle, Wallet } from 'lucide-react';
import type { PlanFunding } from '@cropvest/contracts/plans/funding';
import { useListState } from '@cropvest/web-kit/list-state';
import { Link } from '@cropvest/web-kit/router';
import { Badge } from '@cropvest/ui/badge';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card, CardContent } from '@cropvest/ui/card';
import { cn } from '@cropvest/ui/cn';
import { CoverageGauge } from '@cropvest/ui/coverage-gauge';
import { columnHelper } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatCount, formatDate, formatUsdt } from '@cropvest/ui/format';
import { ListTable } from '@cropvest/ui/list/results';
import { FilterButtons, FoundStatus } from '@cropvest/ui/list/toolbar';
import { useFundingDeskQuery } from '../../api/plans.ts';
import {
  DESK_PAGE_SIZE,
  deskArgs,
  PAYOUT_FILTERS,
  PAYOUT_STATUS,
  payoutFilter,
} from '../../shared/plan-funding/rules.ts';

const col = columnHelper<PlanFunding>();

const money = (value: string) => <span className="whitespace-nowrap tabular-nums">{formatUsdt(value)}</span>;

const columns = [
  col.accessor('planTitle', {
    enableSorting: false,
    header: 'Plan',
    cell: (info) => {
      const plan = info.row.original;
      const status = PAYOUT_STATUS[plan.payoutStatus];
      const short = plan.payoutStatus === 'settlement_needed';
      return (
        <div className={cn('min-w-[11rem] space-y-1', short && 'border-l-4 border-danger pl-2')}>
          <Link
            to={`/admin/plans/${plan.planId}/funding`}
            className="font-medium text-brand-ink underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          >
            {plan.planTitle}
            <span className="sr-only">: funding</span>
          </Link>
          <p className="text-xs text-ink-muted">Harvest {formatDate(plan.harvestDay)}</p>
          <Badge tone={status.tone}>
            {short ? <AlertTriangle aria-hidden="true" className="mr-1 h-3 w-3" /> : null}
            {status.label}
          </Badge>
          {plan.postponedTo ? (
            <p className="text-xs text-ink-muted">To {formatDate(plan.postponedTo)}</p>
          ) : null}
        </div>
      );
    },
  }),
  col.accessor('raised', { enableSorting: false, header: 'Raised', cell: (info) => money(info.getValue()) }),
  col.accessor('disbursed', {
    enableSorting: false,
    header: 'Sent to operator',
    cell: (info) => money(info.getValue()),
  }),
  col.accessor('proceeds', {
    enableSorting: false,
    header: 'Proceeds',
    cell: (info) => (info.row.original.proceedsRecorded ? money(info.getValue()) : 'None yet'),
  }),
  col.accessor('reserveAllocated', {
    enableSorting: false,
    header: 'Reserve',
    cell: (info) => money(info.getValue()),
  }),
  col.accessor('due', {
    enableSorting: false,
    header: 'Due from proceeds',
    cell: (info) => money(info.getValue()),
  }),
  col.accessor('coverage', {
    enableSorting: false,
    header: 'Coverage',
    cell: (info) => (
      <CoverageGauge
        figures={info.row.original}
        planTitle={info.row.original.planTitle}
        className="sm:min-w-[14rem]"
      />
    ),
  }),
];

export default function FundingDeskScreen() {
  const list = useListState<'status'>({ pageSize: DESK_PAGE_SIZE, filters: { status: 'all' } });
  const args = deskArgs(list);
  const desk = useFundingDeskQuery(args);
  // The count of plans waiting for a settlement, whatever the filter: one row asked, the total read.
  const waiting = useFundingDeskQuery({ page: 1, pageSize: 1, payoutStatus: 'settlement_needed' });
  const short = waiting.data?.total ?? 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Plan Funding</h1>
          <p className="mt-1 text-ink-muted">
            Where each plan&apos;s money stands: principal sent to its operator, harvest proceeds and reserve
            against what its investors are due. Plans waiting for a settlement come first.
          </p>
        </div>
        <Link to="/admin/reserve" className={buttonClass('outline')}>
          <Wallet aria-hidden="true" className="h-4 w-4" /> Reserve Fund
        </Link>
      </div>

      {short > 0 ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-danger-border bg-danger-muted p-4 text-sm font-medium text-danger-ink"
        >
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0 text-danger-ink" />
          {short === 1
            ? '1 plan needs a settlement: its proceeds and reserve do not cover what its investors are due.'
            : `${formatCount(short)} plans need a settlement: their proceeds and reserve do not cover what their investors are due.`}
        </p>
      ) : null}

      <Card>
        <CardContent className="space-y-4 pt-6">
          <FilterButtons
            label="Filter by payout status"
            options={PAYOUT_FILTERS}
            current={payoutFilter(list.filters.status)}
            counts={{ settlement_needed: short }}
            onChange={(status) => list.setFilter('status', status)}
          />
          <FoundStatus total={desk.data?.total} noun="plan" />
          <ListTable
            query={desk}
            list={list}
            pageSize={args.pageSize}
            noun="plans"
            caption="Plans' money"
            columns={columns}
            rowId={(plan) => plan.planId}
            empty={
              <EmptyState
                icon={<Wallet className="h-8 w-8" />}
                title="No plans yet"
                description="A plan's money appears here once the plan is created."
              />
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}

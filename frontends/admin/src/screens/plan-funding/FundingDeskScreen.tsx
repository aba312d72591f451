// Plan Funding (/admin/plans/funding, docs/decisions/0091): every plan's money, one server page at a time, plans
// waiting for a settlement first (the plans service orders them so) and counted above the list: raised, sent to the
// operator, harvest proceeds, reserve allocated, due from proceeds, the coverage gauge and the payout status. The
// status filter lives in the address. Each row opens the plan's funding page.
import { useMemo } from 'react';
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
import { useSharedPlanFundingMessages } from '../../shared/plan-funding/messages/catalogue.ts';
import { usePlanFundingMessages } from './messages/catalogue.ts';

const col = columnHelper<PlanFunding>();

const money = (value: string) => <span className="whitespace-nowrap tabular-nums">{formatUsdt(value)}</span>;

type Text = ReturnType<typeof usePlanFundingMessages>['text'];
type SharedText = ReturnType<typeof useSharedPlanFundingMessages>['text'];

const deskColumns = (text: Text, shared: SharedText) => [
  col.accessor('planTitle', {
    enableSorting: false,
    header: text('planFunding.desk.column.plan'),
    cell: (info) => {
      const plan = info.row.original;
      const status = PAYOUT_STATUS[plan.payoutStatus];
      const short = plan.payoutStatus === 'settlement_needed';
      return (
        <div className={cn('min-w-[11rem] space-y-1', short && 'border-s-4 border-danger ps-2')}>
          <Link
            to={`/admin/plans/${plan.planId}/funding`}
            className="font-medium text-brand-ink underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          >
            {plan.planTitle}
            <span className="sr-only">{text('planFunding.desk.funding')}</span>
          </Link>
          <p className="text-xs text-ink-muted">
            {text('planFunding.desk.harvest', { date: formatDate(plan.harvestDay) })}
          </p>
          <Badge tone={status.tone}>
            {short ? <AlertTriangle aria-hidden="true" className="me-1 h-3 w-3" /> : null}
            {shared(status.label)}
          </Badge>
          {plan.postponedTo ? (
            <p className="text-xs text-ink-muted">
              {text('planFunding.desk.postponedTo', { date: formatDate(plan.postponedTo) })}
            </p>
          ) : null}
        </div>
      );
    },
  }),
  col.accessor('raised', {
    enableSorting: false,
    header: text('planFunding.desk.column.raised'),
    cell: (info) => money(info.getValue()),
  }),
  col.accessor('disbursed', {
    enableSorting: false,
    header: text('planFunding.desk.column.disbursed'),
    cell: (info) => money(info.getValue()),
  }),
  col.accessor('proceeds', {
    enableSorting: false,
    header: text('planFunding.desk.column.proceeds'),
    cell: (info) =>
      info.row.original.proceedsRecorded ? money(info.getValue()) : text('planFunding.desk.noneYet'),
  }),
  col.accessor('reserveAllocated', {
    enableSorting: false,
    header: text('planFunding.desk.column.reserve'),
    cell: (info) => money(info.getValue()),
  }),
  col.accessor('due', {
    enableSorting: false,
    header: text('planFunding.desk.column.due'),
    cell: (info) => money(info.getValue()),
  }),
  col.accessor('coverage', {
    enableSorting: false,
    header: text('planFunding.desk.column.coverage'),
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
  const { text } = usePlanFundingMessages();
  const shared = useSharedPlanFundingMessages();
  const columns = useMemo(() => deskColumns(text, shared.text), [text, shared.text]);
  const filters = PAYOUT_FILTERS.map((filter) => ({ value: filter.value, label: shared.text(filter.label) }));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('planFunding.desk.title')}</h1>
          <p className="mt-1 text-ink-muted">{text('planFunding.desk.subtitle')}</p>
        </div>
        <Link to="/admin/reserve" className={buttonClass('outline')}>
          <Wallet aria-hidden="true" className="h-4 w-4" /> {text('planFunding.desk.reserveFund')}
        </Link>
      </div>

      {short > 0 ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-danger-border bg-danger-muted p-4 text-sm font-medium text-danger-ink"
        >
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0 text-danger-ink" />
          {text('planFunding.desk.short', { count: short, formatted: formatCount(short) })}
        </p>
      ) : null}

      <Card>
        <CardContent className="space-y-4 pt-6">
          <FilterButtons
            label={text('planFunding.desk.filter')}
            options={filters}
            current={payoutFilter(list.filters.status)}
            counts={{ settlement_needed: short }}
            onChange={(status) => list.setFilter('status', status)}
          />
          <FoundStatus
            total={desk.data?.total}
            noun={text('planFunding.desk.foundNoun')}
            nouns={text('planFunding.desk.noun')}
          />
          <ListTable
            query={desk}
            list={list}
            pageSize={args.pageSize}
            noun={text('planFunding.desk.noun')}
            caption={text('planFunding.desk.caption')}
            columns={columns}
            rowId={(plan) => plan.planId}
            empty={
              <EmptyState
                icon={<Wallet className="h-8 w-8" />}
                title={text('planFunding.desk.empty.title')}
                description={text('planFunding.desk.empty.description')}
              />
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}

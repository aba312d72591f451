// Plan Analytics (/admin/plans/analytics, issue 13 section 1): per plan, one server page at a time, its fill rate,
// slots sold per day, investors, principal invested, interest accrued so far and what is due at harvest. The
// plans service computes each page (GET /api/admin/plans/analytics); what is due at harvest is a projection. Funded
// plans (docs/decisions/0091) show their harvest coverage as a gauge. Listed through the list kit: cards at phone
// width.
import { useMemo } from 'react';
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
import { formatCount, formatDate, formatRate, formatUsdt } from '@cropvest/ui/format';
import { ProgressBar } from '@cropvest/ui/progress';
import { ListTable } from '@cropvest/ui/list/results';
import { usePlanAnalyticsQuery } from '../../api/plans.ts';
import { usePlansMessages } from './messages/catalogue.ts';

const PAGE_SIZE = 20;
const col = columnHelper<PlanAnalytics>();
type Text = ReturnType<typeof usePlansMessages>['text'];

const amount = (value: string) => <span className="whitespace-nowrap tabular-nums">{formatUsdt(value)}</span>;

const analyticsColumns = (text: Text) => [
  col.accessor('title', {
    header: text('plans.analytics.column.plan'),
    cell: (info) => {
      const plan = info.row.original;
      return (
        <div className="min-w-[10rem] space-y-1">
          <p className="font-medium text-ink">{plan.title}</p>
          <p className="text-xs text-ink-muted">
            {text('plans.analytics.dates', {
              start: formatDate(plan.startDate),
              end: formatDate(plan.endDate),
            })}
          </p>
          <Badge tone={plan.isActive ? 'green' : 'gray'}>
            {text(plan.isActive ? 'plans.card.active' : 'plans.card.inactive')}
          </Badge>
        </div>
      );
    },
  }),
  // How it sells in one column (fill, slots per day, investors), so the row and its coverage gauge fit 1440 px.
  col.accessor('fillRate', {
    header: text('plans.analytics.column.sales'),
    cell: (info) => {
      const plan = info.row.original;
      return (
        <div className="min-w-[9rem] space-y-1 text-sm tabular-nums">
          <p>
            {text('plans.analytics.fill', {
              rate: formatRate(plan.fillRate),
              sold: formatCount(plan.slotsSold),
              total: formatCount(plan.totalSlots),
            })}
          </p>
          <ProgressBar
            value={Number(plan.fillRate)}
            label={text('plans.analytics.fillLabel', { plan: plan.title })}
          />
          <p
            className="text-xs text-ink-muted"
            title={text('plans.analytics.daysOnSale', { days: plan.daysOnSale })}
          >
            {text('plans.analytics.perDay', { perDay: plan.slotsPerDay, investors: plan.investors })}
          </p>
        </div>
      );
    },
  }),
  col.accessor('principalInvested', {
    header: text('plans.analytics.column.principal'),
    cell: (info) => amount(info.getValue()),
  }),
  col.accessor('interestAccrued', {
    header: text('plans.analytics.column.interest'),
    cell: (info) => amount(info.getValue()),
  }),
  col.accessor('dueAtHarvest', {
    header: text('plans.analytics.column.due'),
    cell: (info) => amount(info.getValue()),
  }),
  col.accessor('coverage', {
    header: text('plans.analytics.column.coverage'),
    cell: (info) => {
      const plan = info.row.original;
      if (plan.fundingModel === 'legacy')
        return <p className="min-w-[10rem] text-xs text-ink-muted">{text('plans.analytics.legacy')}</p>;
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
  const { text } = usePlansMessages();
  const columns = useMemo(() => analyticsColumns(text), [text]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('plans.analytics.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('plans.analytics.subtitle')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{text('plans.analytics.card.title')}</CardTitle>
          <CardDescription>{text('plans.analytics.card.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ListTable
            query={analytics}
            list={list}
            pageSize={list.pageSize}
            noun={text('plans.manage.noun')}
            what={text('plans.analytics.what')}
            empty={
              <EmptyState
                icon={<BarChart3 className="h-8 w-8" />}
                title={text('plans.manage.empty.title')}
                description={text('plans.analytics.empty.description')}
                action={
                  <Link to="/admin/plans/create" className={buttonClass('primary')}>
                    {text('plans.manage.create')}
                  </Link>
                }
              />
            }
            caption={text('plans.analytics.caption')}
            // No links or buttons in its rows (the coverage gauge widened it): its scroll box takes the focus.
            scrollLabel={text('plans.analytics.caption')}
            columns={columns}
            rowId={(plan) => plan.planId}
            sortable={false}
          />
        </CardContent>
      </Card>
    </div>
  );
}

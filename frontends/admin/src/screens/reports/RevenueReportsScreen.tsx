// Revenue Reports (/admin/reports/revenue, issue 13 section 4): interest accrued and paid by period and by
// plan, and the harvest calendar — principal plus interest due at each upcoming harvest day, the liability
// the platform has to fund, with the coverage of the funded plans harvesting each day (docs/decisions/0091). The
// interest still to accrue is a projection and is labelled so everywhere.
import type { HarvestCalendar, InvestmentReport } from '@cropvest/contracts';
import { Label } from '@cropvest/ui/input';
import { Select } from '@cropvest/ui/select';
import { useHarvestCalendarQuery, useInvestmentReportQuery } from '../../api/reports.ts';
import { CHART_COLORS } from '@cropvest/ui/chart-theme';
import { ReportPage, reportOptions } from '../../shared/reports/ReportPage.tsx';
import {
  HARVEST_HORIZONS,
  useHarvestHorizon,
  useReportRange,
  utcDayFromNow,
} from '../../shared/reports/range.ts';
import {
  countMeasure,
  coverageMeasure,
  SeriesReportCard,
  usdtMeasure,
} from '../../shared/reports/SeriesReportCard.tsx';
import { useReportsMessages } from './messages/catalogue.ts';
import { period } from './shared-cards.tsx';

type Period = InvestmentReport['series'][number];
type PlanRow = InvestmentReport['byPlan'][number];
type HarvestDay = HarvestCalendar['days'][number];

export default function RevenueReportsScreen() {
  const { text } = useReportsMessages();
  const range = useReportRange();
  const horizon = useHarvestHorizon();
  const investments = useInvestmentReportQuery(range.query, reportOptions(range));
  const harvestRange = { from: utcDayFromNow(0), to: utcDayFromNow(horizon.days - 1) };
  const calendar = useHarvestCalendarQuery(harvestRange, { refetchOnMountOrArgChange: true });

  return (
    <ReportPage title={text('reports.revenue.title')} intro={text('reports.revenue.intro')} range={range}>
      <SeriesReportCard
        title={text('reports.revenue.interest.title')}
        description={text('reports.revenue.interest.description')}
        query={investments}
        rows={(data) => data.series}
        rowKey={(row: Period) => row.bucket}
        category={period(text)}
        measures={[
          usdtMeasure(text('reports.measure.interestAccrued'), (r: Period) => r.interestAccrued, {
            mark: 'bar',
            color: CHART_COLORS.harvest,
          }),
          usdtMeasure(text('reports.measure.interestPaid'), (r: Period) => r.interestPaid, {
            mark: 'line',
            color: CHART_COLORS.brand,
          }),
          usdtMeasure(text('reports.measure.principalReturned'), (r: Period) => r.principalHarvested),
        ]}
        filename="interest-accrued-paid"
      />
      <SeriesReportCard
        title={text('reports.revenue.byPlan.title')}
        description={text('reports.revenue.byPlan.description')}
        query={investments}
        rows={(data) => data.byPlan}
        rowKey={(row: PlanRow) => row.planId}
        category={[text('reports.category.plan'), (r: PlanRow) => r.title]}
        measures={[
          usdtMeasure(text('reports.measure.investedInRange'), (r: PlanRow) => r.invested),
          usdtMeasure(text('reports.measure.interestPaidInRange'), (r: PlanRow) => r.interestPaid, {
            mark: 'bar',
            color: CHART_COLORS.brand,
          }),
          usdtMeasure(text('reports.measure.activePrincipalNow'), (r: PlanRow) => r.activePrincipal),
          usdtMeasure(
            text('reports.measure.interestAccruedToDate'),
            (r: PlanRow) => r.interestAccruedToDate,
            {
              mark: 'bar',
              color: CHART_COLORS.harvest,
            },
          ),
        ]}
        // A plan is listed once it has investments, even when its figures in the range are all zero.
        isEmpty={(rows) => rows.length === 0}
        emptyTitle={text('reports.revenue.byPlan.empty')}
        filename="interest-by-plan"
      />
      <div className="space-y-3 xl:col-span-2">
        <div className="w-48 space-y-1">
          <Label htmlFor="harvest-horizon">{text('reports.revenue.horizon')}</Label>
          <Select
            id="harvest-horizon"
            value={String(horizon.days)}
            onValueChange={(value) => horizon.setDays(Number(value))}
            options={HARVEST_HORIZONS.map((days) => ({
              value: String(days),
              label: text('reports.revenue.horizonDays', { days }),
            }))}
          />
        </div>
        <SeriesReportCard
          title={text('reports.revenue.calendar.title')}
          description={text('reports.revenue.calendar.description')}
          projection={text('reports.revenue.projection')}
          query={calendar}
          rows={(data) => data.days}
          rowKey={(row: HarvestDay) => row.harvestDay}
          category={[text('reports.category.harvestDay'), (r: HarvestDay) => r.harvestDay]}
          measures={[
            countMeasure(text('reports.measure.plans'), (r: HarvestDay) => r.plans),
            countMeasure(text('reports.measure.investments'), (r: HarvestDay) => r.investments),
            usdtMeasure(text('reports.measure.principal'), (r: HarvestDay) => r.principal, {
              mark: 'bar',
              color: CHART_COLORS.soil,
            }),
            usdtMeasure(text('reports.measure.interestAccrued'), (r: HarvestDay) => r.interestAccrued, {
              mark: 'bar',
              color: CHART_COLORS.harvest,
            }),
            usdtMeasure(text('reports.measure.interestProjected'), (r: HarvestDay) => r.interestProjected, {
              mark: 'bar',
              color: CHART_COLORS.harvest,
              legend: text('reports.measure.interestProjectedLegend'),
              projected: true,
            }),
            usdtMeasure(text('reports.measure.totalDue'), (r: HarvestDay) => r.totalDue),
            usdtMeasure(text('reports.measure.dueFromProceeds'), (r: HarvestDay) => r.dueFromProceeds),
            usdtMeasure(text('reports.measure.heldForPayout'), (r: HarvestDay) => r.heldForPayout),
            coverageMeasure(text('reports.measure.coverage'), (r: HarvestDay) => r.coverage),
          ]}
          stacked
          isEmpty={(rows) => rows.length === 0}
          emptyTitle={text('reports.revenue.calendar.empty')}
          filename="harvest-calendar"
          rangeLabel={`${harvestRange.from}_${harvestRange.to}`}
        />
      </div>
    </ReportPage>
  );
}

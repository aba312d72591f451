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
import { PERIOD } from './shared-cards.tsx';

type Period = InvestmentReport['series'][number];
type PlanRow = InvestmentReport['byPlan'][number];
type HarvestDay = HarvestCalendar['days'][number];

const PROJECTION =
  'interest still to accrue until harvest, at each investment’s own daily rate (compounding where it compounds). Actual payouts may differ.';

export default function RevenueReportsScreen() {
  const range = useReportRange();
  const horizon = useHarvestHorizon();
  const investments = useInvestmentReportQuery(range.query, reportOptions(range));
  const harvestRange = { from: utcDayFromNow(0), to: utcDayFromNow(horizon.days - 1) };
  const calendar = useHarvestCalendarQuery(harvestRange, { refetchOnMountOrArgChange: true });

  return (
    <ReportPage
      title="Revenue Reports"
      intro="Interest accrued and paid out, by period and by plan, and what falls due at each upcoming harvest."
      range={range}
    >
      <SeriesReportCard
        title="Interest accrued and paid"
        description="Interest accrued for each period's days, and principal and interest paid out at harvests in it."
        query={investments}
        rows={(data) => data.series}
        rowKey={(row: Period) => row.bucket}
        category={PERIOD}
        measures={[
          usdtMeasure('Interest accrued', (r: Period) => r.interestAccrued, {
            mark: 'bar',
            color: CHART_COLORS.harvest,
          }),
          usdtMeasure('Interest paid', (r: Period) => r.interestPaid, {
            mark: 'line',
            color: CHART_COLORS.brand,
          }),
          usdtMeasure('Principal returned', (r: Period) => r.principalHarvested),
        ]}
        filename="interest-accrued-paid"
      />
      <SeriesReportCard
        title="Interest by plan"
        description="Per plan: money invested and interest paid in the range; principal still growing and the interest accrued on its investments so far."
        query={investments}
        rows={(data) => data.byPlan}
        rowKey={(row: PlanRow) => row.planId}
        category={['Plan', (r: PlanRow) => r.title]}
        measures={[
          usdtMeasure('Invested in range', (r: PlanRow) => r.invested),
          usdtMeasure('Interest paid in range', (r: PlanRow) => r.interestPaid, {
            mark: 'bar',
            color: CHART_COLORS.brand,
          }),
          usdtMeasure('Active principal now', (r: PlanRow) => r.activePrincipal),
          usdtMeasure('Interest accrued to date', (r: PlanRow) => r.interestAccruedToDate, {
            mark: 'bar',
            color: CHART_COLORS.harvest,
          }),
        ]}
        // A plan is listed once it has investments, even when its figures in the range are all zero.
        isEmpty={(rows) => rows.length === 0}
        emptyTitle="No plan has investments yet"
        filename="interest-by-plan"
      />
      <div className="space-y-3 xl:col-span-2">
        <div className="w-48 space-y-1">
          <Label htmlFor="harvest-horizon">Harvest calendar: next</Label>
          <Select
            id="harvest-horizon"
            value={String(horizon.days)}
            onValueChange={(value) => horizon.setDays(Number(value))}
            options={HARVEST_HORIZONS.map((days) => ({ value: String(days), label: `${days} days` }))}
          />
        </div>
        <SeriesReportCard
          title="Harvest calendar"
          description="Principal and interest the platform must pay out at each upcoming harvest day (active investments), and for the plans paid from their proceeds what those proceeds must pay, what the plans hold for it and the coverage."
          projection={PROJECTION}
          query={calendar}
          rows={(data) => data.days}
          rowKey={(row: HarvestDay) => row.harvestDay}
          category={['Harvest day', (r: HarvestDay) => r.harvestDay]}
          measures={[
            countMeasure('Plans', (r: HarvestDay) => r.plans),
            countMeasure('Investments', (r: HarvestDay) => r.investments),
            usdtMeasure('Principal', (r: HarvestDay) => r.principal, {
              mark: 'bar',
              color: CHART_COLORS.soil,
            }),
            usdtMeasure('Interest accrued', (r: HarvestDay) => r.interestAccrued, {
              mark: 'bar',
              color: CHART_COLORS.harvest,
            }),
            usdtMeasure('Interest to accrue, projected', (r: HarvestDay) => r.interestProjected, {
              mark: 'bar',
              color: CHART_COLORS.harvest,
              legend: 'Interest to accrue (projected)',
              projected: true,
            }),
            usdtMeasure('Total due, projected', (r: HarvestDay) => r.totalDue),
            usdtMeasure('Due from proceeds, projected', (r: HarvestDay) => r.dueFromProceeds),
            usdtMeasure('Held for payout', (r: HarvestDay) => r.heldForPayout),
            coverageMeasure('Coverage', (r: HarvestDay) => r.coverage),
          ]}
          stacked
          isEmpty={(rows) => rows.length === 0}
          emptyTitle="No harvest falls due in this period"
          filename="harvest-calendar"
          rangeLabel={`${harvestRange.from}_${harvestRange.to}`}
        />
      </div>
    </ReportPage>
  );
}

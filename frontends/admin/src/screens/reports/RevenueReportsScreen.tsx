// Revenue Reports (/admin/reports/revenue, issue 13 section 4): interest accrued and paid by period and by
// plan, and the harvest calendar — principal plus interest due at each upcoming harvest day, the liability
// the platform has to fund. The interest still to accrue is a projection and is labelled so everywhere.
import type { HarvestCalendar, InvestmentReport } from '@cropvest/contracts';
import { Label } from '@cropvest/ui/input';
import { Select } from '@cropvest/ui/select';
import { useHarvestCalendarQuery, useInvestmentReportQuery } from './api.ts';
import { COLORS, ReportChart } from './charts.tsx';
import { allZero, countColumn, textColumn, usdtColumn, usdtFormat } from './columns.ts';
import { ReportCard } from './ReportCard.tsx';
import { rangeLabel, ReportPage, reportOptions } from './ReportPage.tsx';
import { HARVEST_HORIZONS, useHarvestHorizon, useReportRange, utcDayFromNow } from './range.ts';

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
  const label = rangeLabel(range);

  return (
    <ReportPage
      title="Revenue Reports"
      intro="Interest accrued and paid out, by period and by plan, and what falls due at each upcoming harvest."
      range={range}
    >
      <ReportCard
        title="Interest accrued and paid"
        description="Interest accrued for each period's days, and principal and interest paid out at harvests in it."
        query={investments}
        rows={(data) => data.series}
        rowKey={(row: Period) => row.bucket}
        columns={[
          textColumn('Period start', (r: Period) => r.bucket),
          usdtColumn('Interest accrued (USDT)', (r: Period) => r.interestAccrued),
          usdtColumn('Interest paid (USDT)', (r: Period) => r.interestPaid),
          usdtColumn('Principal returned (USDT)', (r: Period) => r.principalHarvested),
        ]}
        isEmpty={(rows) =>
          allZero(rows, [(r) => r.interestAccrued, (r) => r.interestPaid, (r) => r.principalHarvested])
        }
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => r.bucket}
            format={usdtFormat}
            series={[
              {
                label: 'Interest accrued',
                value: (r) => r.interestAccrued,
                mark: 'bar',
                color: COLORS.amber,
              },
              { label: 'Interest paid', value: (r) => r.interestPaid, mark: 'line', color: COLORS.green },
            ]}
          />
        )}
        filename="interest-accrued-paid"
        rangeLabel={label}
      />
      <ReportCard
        title="Interest by plan"
        description="Per plan: money invested and interest paid in the range; principal still growing and the interest accrued on its investments so far."
        query={investments}
        rows={(data) => data.byPlan}
        rowKey={(row: PlanRow) => row.planId}
        columns={[
          textColumn('Plan', (r: PlanRow) => r.title),
          usdtColumn('Invested in range (USDT)', (r: PlanRow) => r.invested),
          usdtColumn('Interest paid in range (USDT)', (r: PlanRow) => r.interestPaid),
          usdtColumn('Active principal now (USDT)', (r: PlanRow) => r.activePrincipal),
          usdtColumn('Interest accrued to date (USDT)', (r: PlanRow) => r.interestAccruedToDate),
        ]}
        emptyTitle="No plan has investments yet"
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => r.title}
            format={usdtFormat}
            series={[
              {
                label: 'Interest accrued to date',
                value: (r) => r.interestAccruedToDate,
                mark: 'bar',
                color: COLORS.amber,
              },
              {
                label: 'Interest paid in range',
                value: (r) => r.interestPaid,
                mark: 'bar',
                color: COLORS.green,
              },
            ]}
          />
        )}
        filename="interest-by-plan"
        rangeLabel={label}
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
        <ReportCard
          title="Harvest calendar"
          description="Principal and interest the platform must pay out at each upcoming harvest day (active investments)."
          projection={PROJECTION}
          query={calendar}
          rows={(data) => data.days}
          rowKey={(row: HarvestDay) => row.harvestDay}
          columns={[
            textColumn('Harvest day', (r: HarvestDay) => r.harvestDay),
            countColumn('Plans', (r: HarvestDay) => r.plans),
            countColumn('Investments', (r: HarvestDay) => r.investments),
            usdtColumn('Principal (USDT)', (r: HarvestDay) => r.principal),
            usdtColumn('Interest accrued (USDT)', (r: HarvestDay) => r.interestAccrued),
            usdtColumn('Interest to accrue, projected (USDT)', (r: HarvestDay) => r.interestProjected),
            usdtColumn('Total due, projected (USDT)', (r: HarvestDay) => r.totalDue),
          ]}
          emptyTitle="No harvest falls due in this period"
          chart={(rows) => (
            <ReportChart
              rows={rows}
              category={(r) => r.harvestDay}
              format={usdtFormat}
              stacked
              series={[
                { label: 'Principal', value: (r) => r.principal, mark: 'bar', color: COLORS.slate },
                {
                  label: 'Interest accrued',
                  value: (r) => r.interestAccrued,
                  mark: 'bar',
                  color: COLORS.amber,
                },
                {
                  label: 'Interest to accrue (projected)',
                  value: (r) => r.interestProjected,
                  mark: 'bar',
                  color: COLORS.amber,
                  projected: true,
                },
              ]}
            />
          )}
          filename="harvest-calendar"
          rangeLabel={`${harvestRange.from}_${harvestRange.to}`}
        />
      </div>
    </ReportPage>
  );
}

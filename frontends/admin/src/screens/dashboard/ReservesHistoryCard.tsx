// Reserves and liabilities over the last 90 days, one point per UTC day (each day's last run), drawn like the report
// screens' charts (reports/SeriesReportCard: a chart, the same figures as a table, a CSV), with the largest
// shortfall of each day in the table and the CSV.
import type { ReservesDay } from '@cropvest/contracts/chain/reserves';
import { CHART_COLORS } from '@cropvest/ui/chart-theme';
import { SeriesReportCard, usdtMeasure } from '../../shared/reports/SeriesReportCard.tsx';
import { useReservesHistoryQuery } from '../../api/chain.ts';

/** The most the server gives (RESERVES_HISTORY_MAX_DAYS; the contracts' value would bring zod into this chunk). */
const DAYS = 90;

export default function ReservesHistoryCard() {
  const history = useReservesHistoryQuery(DAYS);
  const days = history.data?.days ?? [];
  return (
    <SeriesReportCard<{ days: ReservesDay[] }, ReservesDay>
      title="Reserves and liabilities, last 90 days"
      description="Each day's last reconciliation: USDT on chain and what the ledger owed; the table adds the day's largest shortfall."
      query={history}
      rows={(data) => data.days}
      rowKey={(day) => day.day}
      filename="reserves-90-days"
      rangeLabel={days.length ? `${days[0]?.day}_${days.at(-1)?.day}` : 'none'}
      emptyTitle="No reconciliation in the last 90 days"
      isEmpty={(rows) => rows.length === 0}
      category={['Day', (day) => day.day]}
      measures={[
        usdtMeasure('Reserves on chain', (day) => day.reserves, { mark: 'line', color: CHART_COLORS.brand }),
        usdtMeasure('Liabilities', (day) => day.liabilities, { mark: 'line', color: CHART_COLORS.sky }),
        usdtMeasure('Largest shortfall', (day) => day.worstShortfall),
      ]}
    />
  );
}

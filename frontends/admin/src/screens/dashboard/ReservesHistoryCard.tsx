// Reserves and liabilities over the last 90 days, one point per UTC day (each day's last run), drawn like the report
// screens' charts (reports/SeriesReportCard: a chart, the same figures as a table, a CSV), with the largest
// shortfall of each day in the table and the CSV.
import type { ReservesDay } from '@cropvest/contracts/chain/reserves';
import { CHART_COLORS } from '@cropvest/ui/chart-theme';
import { SeriesReportCard, usdtMeasure } from '../../shared/reports/SeriesReportCard.tsx';
import { useReservesHistoryQuery } from '../../api/chain.ts';
import { useAdminDashboardMessages } from './messages/catalogue.ts';

/** The most the server gives (RESERVES_HISTORY_MAX_DAYS; the contracts' value would bring zod into this chunk). */
const DAYS = 90;

export default function ReservesHistoryCard() {
  const history = useReservesHistoryQuery(DAYS);
  const days = history.data?.days ?? [];
  const { text } = useAdminDashboardMessages();
  return (
    <SeriesReportCard<{ days: ReservesDay[] }, ReservesDay>
      title={text('dashboard.history.title')}
      description={text('dashboard.history.description')}
      query={history}
      rows={(data) => data.days}
      rowKey={(day) => day.day}
      filename="reserves-90-days"
      rangeLabel={days.length ? `${days[0]?.day}_${days.at(-1)?.day}` : 'none'}
      emptyTitle={text('dashboard.history.empty')}
      isEmpty={(rows) => rows.length === 0}
      category={[text('dashboard.history.day'), (day) => day.day]}
      measures={[
        usdtMeasure(text('dashboard.history.reserves'), (day) => day.reserves, {
          mark: 'line',
          color: CHART_COLORS.brand,
        }),
        usdtMeasure(text('dashboard.history.liabilities'), (day) => day.liabilities, {
          mark: 'line',
          color: CHART_COLORS.sky,
        }),
        usdtMeasure(text('dashboard.history.shortfall'), (day) => day.worstShortfall),
      ]}
    />
  );
}

// Transaction Reports (/admin/transactions/reports, issue 13 section 4): volumes and counts by type and
// status, ledger movements by kind, and how long deposits and withdrawals waited for review.
import type { TransactionReport } from '@cropvest/contracts';
import { useTransactionReportQuery } from '../../api/reports.ts';
import { CHART_COLORS } from '@cropvest/ui/chart-theme';
import { ReportChart } from '../../shared/reports/charts.tsx';
import {
  allZero,
  countColumn,
  hoursColumn,
  textColumn,
  usdtColumn,
  usdtFormat,
} from '../../shared/reports/columns.ts';
import { ReportCard } from '../../shared/reports/ReportCard.tsx';
import { ReportPage, reportOptions } from '../../shared/reports/ReportPage.tsx';
import { useReportRange } from '../../shared/reports/range.ts';
import { countMeasure, SeriesReportCard, usdtMeasure } from '../../shared/reports/SeriesReportCard.tsx';
import { PERIOD } from './shared-cards.tsx';

type Request = TransactionReport['requests'][number];
type Movement = TransactionReport['movements'][number];
type Wait = TransactionReport['reviewWait'][number];
type Flow = TransactionReport['flows'][number];

const TYPE_LABELS = { deposit: 'Deposits', withdrawal: 'Withdrawals' } as const;
const requestLabel = (r: Request) => `${TYPE_LABELS[r.type]} ${r.status}`;
const hours = (seconds: number | null) => (seconds === null ? 0 : seconds / 3600);

export default function TransactionReportsScreen() {
  const range = useReportRange();
  const transactions = useTransactionReportQuery(range.query, reportOptions(range));

  return (
    <ReportPage
      title="Transaction Reports"
      intro="Deposit and withdrawal requests, ledger movements and review times over the range you choose."
      range={range}
    >
      <ReportCard
        title="Requests by type and status"
        description="Deposit and withdrawal requests made in the range, by where each stands now."
        query={transactions}
        rows={(data) => data.requests}
        rowKey={(row: Request) => `${row.type}-${row.status}`}
        columns={[
          textColumn('Type', (r: Request) => r.type),
          textColumn('Status', (r: Request) => r.status),
          countColumn('Requests', (r: Request) => r.count),
          usdtColumn('Volume (USDT)', (r: Request) => r.volume),
        ]}
        emptyTitle="No requests in this range"
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={requestLabel}
            format={usdtFormat}
            series={[
              { label: 'Volume (USDT)', value: (r) => r.volume, mark: 'bar', color: CHART_COLORS.brand },
            ]}
          />
        )}
        filename="requests-by-type-status"
      />
      <ReportCard
        title="Review wait"
        description="Time from request to review for the deposits and withdrawals reviewed in the range."
        query={transactions}
        rows={(data) => data.reviewWait}
        rowKey={(row: Wait) => row.type}
        columns={[
          textColumn('Type', (r: Wait) => TYPE_LABELS[r.type]),
          countColumn('Reviewed', (r: Wait) => r.reviewed),
          hoursColumn('Median wait (seconds in CSV)', (r: Wait) => r.medianSeconds),
          hoursColumn('95th percentile wait (seconds in CSV)', (r: Wait) => r.p95Seconds),
        ]}
        isEmpty={(rows) => allZero(rows, [(r) => r.reviewed])}
        emptyTitle="Nothing was reviewed in this range"
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => TYPE_LABELS[r.type]}
            format={(value) => `${value.toFixed(1)} h`}
            series={[
              {
                label: 'Median (hours)',
                value: (r) => hours(r.medianSeconds),
                mark: 'bar',
                color: CHART_COLORS.sky,
              },
              {
                label: '95th percentile (hours)',
                value: (r) => hours(r.p95Seconds),
                mark: 'bar',
                color: CHART_COLORS.harvest,
              },
            ]}
          />
        )}
        filename="review-wait"
      />
      <SeriesReportCard
        title="Ledger movements by kind"
        description="Every transfer the ledger recorded in the range, by what it was for."
        query={transactions}
        rows={(data) => data.movements}
        rowKey={(row: Movement) => row.kind}
        category={['Kind', (r: Movement) => r.kind]}
        measures={[
          countMeasure('Transfers', (r: Movement) => r.count, { mark: 'bar', color: CHART_COLORS.soil }),
          usdtMeasure('Volume', (r: Movement) => r.volume),
        ]}
        emptyTitle="No movements in this range"
        filename="ledger-movements"
      />
      <SeriesReportCard
        title="Deposit and withdrawal counts"
        description="Deposits credited and withdrawals paid out in each period, by number."
        query={transactions}
        rows={(data) => data.flows}
        rowKey={(row: Flow) => row.bucket}
        category={PERIOD}
        measures={[
          countMeasure('Deposits', (r: Flow) => r.depositCount, { mark: 'bar', color: CHART_COLORS.brand }),
          countMeasure('Withdrawals', (r: Flow) => r.withdrawalCount, {
            mark: 'bar',
            color: CHART_COLORS.loss,
          }),
        ]}
        filename="deposit-withdrawal-counts"
      />
    </ReportPage>
  );
}

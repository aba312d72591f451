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
import { useReportsMessages, type ReportsMessageId } from './messages/catalogue.ts';
import { period } from './shared-cards.tsx';

type Request = TransactionReport['requests'][number];
type Movement = TransactionReport['movements'][number];
type Wait = TransactionReport['reviewWait'][number];
type Flow = TransactionReport['flows'][number];

const TYPE_MESSAGES: Record<Request['type'], ReportsMessageId> = {
  deposit: 'reports.measure.deposits',
  withdrawal: 'reports.measure.withdrawals',
};
const hours = (seconds: number | null) => (seconds === null ? 0 : seconds / 3600);

export default function TransactionReportsScreen() {
  const { text } = useReportsMessages();
  const requestLabel = (r: Request) =>
    text('reports.transactions.requestLabel', { type: text(TYPE_MESSAGES[r.type]), status: r.status });
  const range = useReportRange();
  const transactions = useTransactionReportQuery(range.query, reportOptions(range));

  return (
    <ReportPage
      title={text('reports.transactions.title')}
      intro={text('reports.transactions.intro')}
      range={range}
    >
      <ReportCard
        title={text('reports.transactions.requests.title')}
        description={text('reports.transactions.requests.description')}
        query={transactions}
        rows={(data) => data.requests}
        rowKey={(row: Request) => `${row.type}-${row.status}`}
        columns={[
          textColumn(text('reports.column.type'), (r: Request) => r.type),
          textColumn(text('reports.column.status'), (r: Request) => r.status),
          countColumn(text('reports.column.requests'), (r: Request) => r.count),
          usdtColumn(text('reports.column.volumeUsdt'), (r: Request) => r.volume),
        ]}
        emptyTitle={text('reports.transactions.requests.empty')}
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={requestLabel}
            format={usdtFormat}
            series={[
              {
                label: text('reports.column.volumeUsdt'),
                value: (r) => r.volume,
                mark: 'bar',
                color: CHART_COLORS.brand,
              },
            ]}
          />
        )}
        filename="requests-by-type-status"
      />
      <ReportCard
        title={text('reports.transactions.wait.title')}
        description={text('reports.transactions.wait.description')}
        query={transactions}
        rows={(data) => data.reviewWait}
        rowKey={(row: Wait) => row.type}
        columns={[
          textColumn(text('reports.column.type'), (r: Wait) => text(TYPE_MESSAGES[r.type])),
          countColumn(text('reports.column.reviewed'), (r: Wait) => r.reviewed),
          hoursColumn(text('reports.column.medianWait'), (r: Wait) => r.medianSeconds),
          hoursColumn(text('reports.column.p95Wait'), (r: Wait) => r.p95Seconds),
        ]}
        isEmpty={(rows) => allZero(rows, [(r) => r.reviewed])}
        emptyTitle={text('reports.transactions.wait.empty')}
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => text(TYPE_MESSAGES[r.type])}
            format={(value) => `${value.toFixed(1)} h`}
            series={[
              {
                label: text('reports.transactions.wait.median'),
                value: (r) => hours(r.medianSeconds),
                mark: 'bar',
                color: CHART_COLORS.sky,
              },
              {
                label: text('reports.transactions.wait.p95'),
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
        title={text('reports.transactions.movements.title')}
        description={text('reports.transactions.movements.description')}
        query={transactions}
        rows={(data) => data.movements}
        rowKey={(row: Movement) => row.kind}
        category={[text('reports.category.kind'), (r: Movement) => r.kind]}
        measures={[
          countMeasure(text('reports.measure.transfers'), (r: Movement) => r.count, {
            mark: 'bar',
            color: CHART_COLORS.soil,
          }),
          usdtMeasure(text('reports.measure.volume'), (r: Movement) => r.volume),
        ]}
        emptyTitle={text('reports.transactions.movements.empty')}
        filename="ledger-movements"
      />
      <SeriesReportCard
        title={text('reports.transactions.counts.title')}
        description={text('reports.transactions.counts.description')}
        query={transactions}
        rows={(data) => data.flows}
        rowKey={(row: Flow) => row.bucket}
        category={period(text)}
        measures={[
          countMeasure(text('reports.measure.deposits'), (r: Flow) => r.depositCount, {
            mark: 'bar',
            color: CHART_COLORS.brand,
          }),
          countMeasure(text('reports.measure.withdrawals'), (r: Flow) => r.withdrawalCount, {
            mark: 'bar',
            color: CHART_COLORS.loss,
          }),
        ]}
        filename="deposit-withdrawal-counts"
      />
    </ReportPage>
  );
}

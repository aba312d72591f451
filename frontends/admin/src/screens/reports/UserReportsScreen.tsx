// User Reports (/admin/users/reports, issue 13 section 4): sign-ups, verification status, active investors
// and KYC reviews. Identity owns accounts and their verification status, plans who is invested, kyc the
// submissions.
import type { KycReport, UserReport } from '@cropvest/contracts';
import { StatCard } from '@cropvest/ui/stat-card';
import { formatCount } from '@cropvest/ui/format';
import { useInvestmentReportQuery, useKycReportQuery, useUserReportQuery } from '../../api/reports.ts';
import { CHART_COLORS } from '@cropvest/ui/chart-theme';
import { ReportPage, reportOptions } from '../../shared/reports/ReportPage.tsx';
import { useReportRange } from '../../shared/reports/range.ts';
import { countMeasure, SeriesReportCard } from '../../shared/reports/SeriesReportCard.tsx';
import { useReportsMessages, type ReportsMessageId } from './messages/catalogue.ts';
import { period, SignUpsCard } from './shared-cards.tsx';

type Verification = UserReport['verification'][number];
type Reviews = KycReport['series'][number];

const STATUS_MESSAGES: Record<Verification['status'], ReportsMessageId> = {
  incomplete: 'reports.status.incomplete',
  pending: 'reports.status.pending',
  approved: 'reports.status.approved',
  rejected: 'reports.status.rejected',
};

export default function UserReportsScreen() {
  const { text } = useReportsMessages();
  const range = useReportRange();
  const options = reportOptions(range);
  const users = useUserReportQuery(range.query, options);
  const investments = useInvestmentReportQuery(range.query, options);
  const kyc = useKycReportQuery(range.query, options);

  return (
    <ReportPage title={text('reports.users.title')} intro={text('reports.users.intro')} range={range}>
      <div className="grid gap-4 sm:grid-cols-3 xl:col-span-2">
        <StatCard
          label={text('reports.users.investors')}
          value={formatCount(users.data?.investors)}
          loading={users.isLoading}
          note={text('reports.users.investorsNote')}
        />
        <StatCard
          label={text('reports.users.active')}
          value={formatCount(investments.data?.activeInvestors)}
          loading={investments.isLoading}
          note={text('reports.users.activeNote')}
        />
        <StatCard
          label={text('reports.users.newInRange')}
          value={formatCount(users.data?.totals.signUps)}
          loading={users.isLoading}
        />
      </div>
      <SignUpsCard
        title={text('reports.users.signUps.title')}
        description={text('reports.signUps.description')}
        query={users}
        filename="sign-ups"
      />
      <SeriesReportCard
        title={text('reports.users.verification.title')}
        description={text('reports.users.verification.description')}
        query={users}
        rows={(data) => data.verification}
        rowKey={(row: Verification) => row.status}
        category={[text('reports.column.status'), (r: Verification) => text(STATUS_MESSAGES[r.status])]}
        measures={[
          countMeasure(text('reports.users.investors'), (r: Verification) => r.count, {
            mark: 'bar',
            color: CHART_COLORS.water,
          }),
        ]}
        emptyTitle={text('reports.users.verification.empty')}
        filename="verification-status"
      />
      <SeriesReportCard
        title={text('reports.users.kyc.title')}
        description={text('reports.users.kyc.description')}
        query={kyc}
        rows={(data) => data.series}
        rowKey={(row: Reviews) => row.bucket}
        category={period(text)}
        measures={[
          countMeasure(text('reports.measure.submitted'), (r: Reviews) => r.submitted, {
            mark: 'bar',
            color: CHART_COLORS.soil,
          }),
          countMeasure(text('reports.measure.approved'), (r: Reviews) => r.approved, {
            mark: 'bar',
            color: CHART_COLORS.brand,
          }),
          countMeasure(text('reports.measure.rejected'), (r: Reviews) => r.rejected, {
            mark: 'bar',
            color: CHART_COLORS.loss,
          }),
        ]}
        filename="kyc-reviews"
      />
    </ReportPage>
  );
}

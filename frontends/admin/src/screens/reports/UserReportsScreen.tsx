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
import { PERIOD, SignUpsCard } from './shared-cards.tsx';

type Verification = UserReport['verification'][number];
type Reviews = KycReport['series'][number];

const STATUS_LABELS: Record<Verification['status'], string> = {
  incomplete: 'Not submitted',
  pending: 'Pending review',
  approved: 'Verified',
  rejected: 'Rejected',
};

export default function UserReportsScreen() {
  const range = useReportRange();
  const options = reportOptions(range);
  const users = useUserReportQuery(range.query, options);
  const investments = useInvestmentReportQuery(range.query, options);
  const kyc = useKycReportQuery(range.query, options);

  return (
    <ReportPage
      title="User Reports"
      intro="Sign-ups, verification and investor activity over the range you choose."
      range={range}
    >
      <div className="grid gap-4 sm:grid-cols-3 xl:col-span-2">
        <StatCard
          label="Investors"
          value={formatCount(users.data?.investors)}
          loading={users.isLoading}
          note="All investor accounts now"
        />
        <StatCard
          label="Active investors"
          value={formatCount(investments.data?.activeInvestors)}
          loading={investments.isLoading}
          note="With at least one growing investment now"
        />
        <StatCard
          label="New investors in range"
          value={formatCount(users.data?.totals.signUps)}
          loading={users.isLoading}
        />
      </div>
      <SignUpsCard
        title="Sign-ups"
        description="Investor accounts registered in each period."
        query={users}
        filename="sign-ups"
      />
      <SeriesReportCard
        title="Verification status"
        description="Every investor now, by where their identity check stands (whatever the range)."
        query={users}
        rows={(data) => data.verification}
        rowKey={(row: Verification) => row.status}
        category={['Status', (r: Verification) => STATUS_LABELS[r.status]]}
        measures={[
          countMeasure('Investors', (r: Verification) => r.count, { mark: 'bar', color: CHART_COLORS.water }),
        ]}
        emptyTitle="No investors yet"
        filename="verification-status"
      />
      <SeriesReportCard
        title="KYC reviews"
        description="Submissions received, and reviews approved and rejected, in each period."
        query={kyc}
        rows={(data) => data.series}
        rowKey={(row: Reviews) => row.bucket}
        category={PERIOD}
        measures={[
          countMeasure('Submitted', (r: Reviews) => r.submitted, { mark: 'bar', color: CHART_COLORS.soil }),
          countMeasure('Approved', (r: Reviews) => r.approved, { mark: 'bar', color: CHART_COLORS.brand }),
          countMeasure('Rejected', (r: Reviews) => r.rejected, { mark: 'bar', color: CHART_COLORS.loss }),
        ]}
        filename="kyc-reviews"
      />
    </ReportPage>
  );
}

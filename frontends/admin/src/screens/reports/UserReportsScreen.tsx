// User Reports (/admin/users/reports, issue 13 section 4): sign-ups, verification status, active investors
// and KYC reviews. Identity owns accounts and their verification status, plans who is invested, kyc the
// submissions.
import type { KycReport, UserReport } from '@cropvest/contracts';
import { StatCard } from '@cropvest/ui/stat-card';
import { formatCount } from '@cropvest/ui/format';
import { useInvestmentReportQuery, useKycReportQuery, useUserReportQuery } from './api.ts';
import { COLORS, ReportChart } from './charts.tsx';
import { allZero, countColumn, countFormat, textColumn } from './columns.ts';
import { ReportCard } from './ReportCard.tsx';
import { rangeLabel, ReportPage, reportOptions } from './ReportPage.tsx';
import { useReportRange } from './range.ts';

type SignUps = UserReport['series'][number];
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
  const label = rangeLabel(range);

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
      <ReportCard
        title="Sign-ups"
        description="Investor accounts registered in each period."
        query={users}
        rows={(data) => data.series}
        rowKey={(row: SignUps) => row.bucket}
        columns={[
          textColumn('Period start', (r: SignUps) => r.bucket),
          countColumn('Sign-ups', (r: SignUps) => r.signUps),
        ]}
        isEmpty={(rows) => allZero(rows, [(r) => r.signUps])}
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => r.bucket}
            format={countFormat}
            wholeNumbers
            series={[{ label: 'Sign-ups', value: (r) => r.signUps, mark: 'bar', color: COLORS.blue }]}
          />
        )}
        filename="sign-ups"
        rangeLabel={label}
      />
      <ReportCard
        title="Verification status"
        description="Every investor now, by where their identity check stands (whatever the range)."
        query={users}
        rows={(data) => data.verification}
        rowKey={(row: Verification) => row.status}
        columns={[
          textColumn('Status', (r: Verification) => STATUS_LABELS[r.status]),
          countColumn('Investors', (r: Verification) => r.count),
        ]}
        isEmpty={(rows) => allZero(rows, [(r) => r.count])}
        emptyTitle="No investors yet"
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => STATUS_LABELS[r.status]}
            format={countFormat}
            wholeNumbers
            series={[{ label: 'Investors', value: (r) => r.count, mark: 'bar', color: COLORS.violet }]}
          />
        )}
        filename="verification-status"
        rangeLabel={label}
      />
      <ReportCard
        title="KYC reviews"
        description="Submissions received, and reviews approved and rejected, in each period."
        query={kyc}
        rows={(data) => data.series}
        rowKey={(row: Reviews) => row.bucket}
        columns={[
          textColumn('Period start', (r: Reviews) => r.bucket),
          countColumn('Submitted', (r: Reviews) => r.submitted),
          countColumn('Approved', (r: Reviews) => r.approved),
          countColumn('Rejected', (r: Reviews) => r.rejected),
        ]}
        isEmpty={(rows) => allZero(rows, [(r) => r.submitted, (r) => r.approved, (r) => r.rejected])}
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => r.bucket}
            format={countFormat}
            wholeNumbers
            series={[
              { label: 'Submitted', value: (r) => r.submitted, mark: 'bar', color: COLORS.slate },
              { label: 'Approved', value: (r) => r.approved, mark: 'bar', color: COLORS.green },
              { label: 'Rejected', value: (r) => r.rejected, mark: 'bar', color: COLORS.red },
            ]}
          />
        )}
        filename="kyc-reviews"
        rangeLabel={label}
      />
    </ReportPage>
  );
}

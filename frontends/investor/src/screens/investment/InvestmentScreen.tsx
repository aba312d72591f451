// One investment's page (issue 27 item 4), opened from My Investments and the dashboard's active investments: the
// same card My Investments shows for it (progress, figures, its plan's coverage and newest field report, Cancel
// while it can be), then what the list leaves out: when it was bought, the key information version acknowledged,
// the principal sent to the plan's operator, and links to the plan's page. The live stream's investments topic
// refreshes it (an accrual day, a harvest, a cancellation).
import { useState } from 'react';
import type { MyInvestment } from '@cropvest/contracts/plans/field-reports';
import { INVESTOR_DASHBOARD, investorPlanPage } from '@cropvest/web-kit';
import { BackLink } from '@cropvest/web-kit/detail-link';
import { Link } from '@cropvest/web-kit/router';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { DetailPage } from '@cropvest/ui/detail-page';
import { FactList } from '@cropvest/ui/fact-list';
import { formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { SkeletonRows } from '@cropvest/ui/query-view';
import { useMyInvestmentQuery } from '../../api/plans.ts';
import { Cancellation, InvestmentCard } from '../../shared/my-investments/crops.tsx';

const LISTS = [
  { path: '/investor/investments', label: 'My Investments' },
  { path: INVESTOR_DASHBOARD, label: 'Dashboard' },
] as const;

export default function InvestmentScreen() {
  const { id } = useRouteParams<'id'>();
  const investment = useMyInvestmentQuery(id ?? '', { skip: !id });
  return (
    <DetailPage
      back={<BackLink lists={LISTS} />}
      query={investment}
      what="this investment"
      skeleton={<SkeletonRows rows={2} className="h-48" />}
    >
      {(data) => <InvestmentDetails investment={data} />}
    </DetailPage>
  );
}

function InvestmentDetails({ investment }: { investment: MyInvestment }) {
  const [cancelling, setCancelling] = useState(false);
  const { plan } = investment;
  const facts: [string, string][] = [
    ['Bought on', formatDateTime(investment.createdAt)],
    [
      'Key information acknowledged',
      investment.keyInformationVersion === null
        ? 'Not asked for'
        : `Version ${investment.keyInformationVersion}`,
    ],
    ['Principal sent to the operator', formatUsdt(investment.disbursedPrincipal)],
    // While it can be cancelled the card above says until when; afterwards, when the days to reconsider ended.
    ...(investment.status === 'active' && !investment.cancellable
      ? ([['Days to reconsider ended', formatDateTime(investment.cancellableUntil)]] as [string, string][])
      : []),
    ...(investment.cancelledAt
      ? ([['Cancelled on', formatDateTime(investment.cancelledAt)]] as [string, string][])
      : []),
    ...(investment.completedAt
      ? ([['Paid on', formatDateTime(investment.completedAt)]] as [string, string][])
      : []),
    ['Investment ID', investment.id],
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="break-words text-2xl font-bold text-ink">{plan.title}</h1>
        <p className="mt-1 text-ink-muted">
          Your investment of {formatUsdt(investment.principal)} in this crop plan.
        </p>
      </div>

      <InvestmentCard investment={investment} as="section" onCancel={() => setCancelling(true)} />

      <Card>
        <CardHeader>
          <CardTitle level={2}>About this investment</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <FactList
            facts={facts}
            className="grid-cols-1 gap-x-6 gap-y-3 break-words sm:grid-cols-2 lg:grid-cols-3"
          />
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link
              to={`/investor/plans/${investment.planId}`}
              className="font-medium text-brand-ink underline underline-offset-2"
            >
              Open the plan’s page
            </Link>
            <Link
              to={investorPlanPage(investment.planId, 'key-information')}
              className="font-medium text-brand-ink underline underline-offset-2"
            >
              Read its key information sheet
            </Link>
          </p>
        </CardContent>
      </Card>

      <Cancellation investment={cancelling ? investment : null} onClose={() => setCancelling(false)} />
    </div>
  );
}

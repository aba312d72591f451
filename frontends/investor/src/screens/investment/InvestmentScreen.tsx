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
import { useInvestmentMessages, type InvestmentMessageId } from './messages/catalogue.ts';

export default function InvestmentScreen() {
  const { text } = useInvestmentMessages();
  const lists = [
    { path: '/investor/investments', label: text('investment.back.myInvestments') },
    { path: INVESTOR_DASHBOARD, label: text('investment.back.dashboard') },
  ] as const;
  const { id } = useRouteParams<'id'>();
  const investment = useMyInvestmentQuery(id ?? '', { skip: !id });
  return (
    <DetailPage
      back={<BackLink lists={lists} />}
      query={investment}
      what={text('investment.what')}
      skeleton={<SkeletonRows rows={2} className="h-48" />}
    >
      {(data) => <InvestmentDetails investment={data} />}
    </DetailPage>
  );
}

function InvestmentDetails({ investment }: { investment: MyInvestment }) {
  const { text } = useInvestmentMessages();
  const [cancelling, setCancelling] = useState(false);
  const { plan } = investment;
  const fact = (label: InvestmentMessageId, value: string): [string, string] => [text(label), value];
  const facts: [string, string][] = [
    fact('investment.about.boughtOn', formatDateTime(investment.createdAt)),
    fact(
      'investment.about.keyInformation',
      investment.keyInformationVersion === null
        ? text('investment.about.notAsked')
        : text('investment.about.version', { version: investment.keyInformationVersion }),
    ),
    fact('investment.about.disbursed', formatUsdt(investment.disbursedPrincipal)),
    // While it can be cancelled the card above says until when; afterwards, when the days to reconsider ended.
    ...(investment.status === 'active' && !investment.cancellable
      ? [fact('investment.about.reconsiderEnded', formatDateTime(investment.cancellableUntil))]
      : []),
    ...(investment.cancelledAt
      ? [fact('investment.about.cancelledOn', formatDateTime(investment.cancelledAt))]
      : []),
    ...(investment.completedAt
      ? [fact('investment.about.paidOn', formatDateTime(investment.completedAt))]
      : []),
    fact('investment.about.id', investment.id),
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="break-words text-2xl font-bold text-ink">{plan.title}</h1>
        <p className="mt-1 text-ink-muted">
          {text('investment.intro', { amount: formatUsdt(investment.principal) })}
        </p>
      </div>

      <InvestmentCard investment={investment} as="section" onCancel={() => setCancelling(true)} />

      <Card>
        <CardHeader>
          <CardTitle level={2}>{text('investment.about.title')}</CardTitle>
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
              {text('investment.about.planPage')}
            </Link>
            <Link
              to={investorPlanPage(investment.planId, 'key-information')}
              className="font-medium text-brand-ink underline underline-offset-2"
            >
              {text('investment.about.keyInformationSheet')}
            </Link>
          </p>
        </CardContent>
      </Card>

      <Cancellation investment={cancelling ? investment : null} onClose={() => setCancelling(false)} />
    </div>
  );
}

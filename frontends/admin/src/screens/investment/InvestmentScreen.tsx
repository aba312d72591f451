// One investment's page /admin/investments/:id (issue 27 item 4), opened from its row on the investor's page: what
// it is doing now (earning, harvested, cancelled, and until when the investor may still cancel it), its money
// (principal, slots, interest earned at its own daily rate, simple or compounding, the principal sent to the plan's
// operator, a realised loss), and who bought which plan when, with links to the investor and the plan's pages. The
// back link returns to the investor's page as the admin left it; the live investments topic refreshes it.
import { useId, type ReactNode } from 'react';
import type { AdminInvestment } from '@cropvest/contracts/plans/model';
import { BackLink } from '@cropvest/web-kit/detail-link';
import { Link } from '@cropvest/web-kit/router';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { StatusBadge } from '@cropvest/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { DetailPage } from '@cropvest/ui/detail-page';
import { factIf, FactList, type Fact } from '@cropvest/ui/fact-list';
import { formatDate, formatDateTime, formatRate, formatUsdt } from '@cropvest/ui/format';
import { useAdminInvestmentQuery } from '../../api/plans.ts';
import { useAdminInvestmentMessages } from './messages/catalogue.ts';

const LINK_CLASS = 'font-medium text-brand-ink underline underline-offset-2';
const FACTS_CLASS = 'grid-cols-1 gap-x-6 gap-y-4 break-words sm:grid-cols-2 lg:grid-cols-3';

export default function InvestmentScreen() {
  const { text } = useAdminInvestmentMessages();
  const { id = '' } = useRouteParams<'id'>();
  const investment = useAdminInvestmentQuery(id, { skip: !id });
  const loaded = investment.data;
  // Back to the investor's page once known (with its sections' pages when it was opened from there).
  const back = loaded
    ? { path: `/admin/users/${loaded.userId}`, label: loaded.user.name }
    : { path: '/admin/users', label: text('investment.back.users') };
  return (
    <DetailPage back={<BackLink lists={[back]} />} query={investment} what={text('investment.what')}>
      {(data) => <InvestmentFacts investment={data} />}
    </DetailPage>
  );
}

function InvestmentFacts({ investment }: { investment: AdminInvestment }) {
  const { text } = useAdminInvestmentMessages();
  const { plan } = investment;
  const money: Fact[] = [
    [text('investment.money.principal'), formatUsdt(investment.principal)],
    [
      text('investment.money.slots'),
      text('investment.money.slotCount', { count: investment.slotsPurchased }),
    ],
    [text('investment.money.interest'), formatUsdt(investment.interestEarned)],
    [text('investment.money.rate'), formatRate(investment.interestRate)],
    [
      text('investment.money.compounding'),
      text(investment.compoundInterest ? 'investment.money.compounds' : 'investment.money.simple'),
    ],
    [text('investment.money.disbursed'), formatUsdt(investment.disbursedPrincipal)],
    ...factIf(
      Number(investment.realisedLoss) > 0,
      text('investment.money.loss'),
      formatUsdt(investment.realisedLoss),
    ),
  ];
  const details: Fact[] = [
    [
      text('investment.details.investor'),
      <Link to={`/admin/users/${investment.userId}`} className={LINK_CLASS}>
        {investment.user.name}
      </Link>,
    ],
    [text('investment.details.plan'), plan.title],
    [
      text('investment.details.season'),
      text('investment.details.seasonDates', {
        start: formatDate(plan.startDate),
        end: formatDate(plan.endDate),
      }),
    ],
    [text('investment.details.boughtOn'), formatDateTime(investment.createdAt)],
    [
      text('investment.details.keyInformation'),
      investment.keyInformationVersion === null
        ? text('investment.details.notAsked')
        : text('investment.details.version', { version: investment.keyInformationVersion }),
    ],
    [text('investment.details.id'), <span className="font-mono text-xs">{investment.id}</span>],
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="break-words text-2xl font-bold text-ink">{plan.title}</h1>
        <p className="mt-1 break-words text-ink-muted">
          {text('investment.intro', {
            amount: formatUsdt(investment.principal),
            name: investment.user.name,
            email: investment.user.email,
          })}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TitledCard title={text('investment.status.title')} className="space-y-3">
          <StatusBadge status={investment.status} />
          <StatusLine investment={investment} />
        </TitledCard>
        <TitledCard title={text('investment.money.title')}>
          <FactList facts={money} className="grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2" />
        </TitledCard>
      </div>
      <TitledCard title={text('investment.details.title')} className="space-y-4">
        <FactList facts={details} className={FACTS_CLASS} />
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to={`/admin/plans/${investment.planId}/key-information`} className={LINK_CLASS}>
            {text('investment.links.keyInformation')}
          </Link>
          <Link to={`/admin/plans/${investment.planId}/field-reports`} className={LINK_CLASS}>
            {text('investment.links.fieldReports')}
          </Link>
          <Link to={`/admin/plans/${investment.planId}/funding`} className={LINK_CLASS}>
            {text('investment.links.funding')}
          </Link>
        </p>
      </TitledCard>
    </div>
  );
}

/** A card named by its heading, so a screen reader can jump to it as a region. */
function TitledCard({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle level={2} id={id}>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

/** What the status means for this investment now, and until when its investor may still cancel it. */
function StatusLine({ investment }: { investment: AdminInvestment }) {
  const { text } = useAdminInvestmentMessages();
  if (investment.status === 'completed')
    return (
      <p className="text-sm text-ink">
        {text('investment.status.completed', { date: formatDateTime(investment.completedAt) })}
      </p>
    );
  if (investment.status === 'cancelled')
    return (
      <p className="text-sm text-ink">
        {text('investment.status.cancelled', { date: formatDateTime(investment.cancelledAt) })}
      </p>
    );
  return (
    <>
      <p className="text-sm text-ink">
        {text('investment.status.active', {
          rate: formatRate(investment.interestRate),
          date: formatDate(investment.plan.endDate),
        })}
      </p>
      {investment.cancellable ? (
        <p className="text-sm text-ink-muted">
          {text('investment.status.reconsider', { date: formatDateTime(investment.cancellableUntil) })}
        </p>
      ) : null}
    </>
  );
}

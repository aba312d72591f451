// My Investments' cards, one per investment as its status shows it (spec sections 2 and 9; issue 25): a growing
// crop with its progress to harvest, its plan's coverage and newest field report, and until when it can be
// cancelled; a harvest (a partial payout of a plan settled short explained); a cancelled one. The list shows them
// with their titles linked to each investment's page (issue 27 item 4), which shows the same card alone.
import type { ReactNode } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { daysToHarvest, investorPlanPage } from '@cropvest/web-kit';
import { useFieldReportStageWord } from '@cropvest/web-kit/words/field-reports';
import { toastMessage } from '@cropvest/web-kit/errors';
import type { MyInvestment } from '@cropvest/contracts/plans/field-reports';
import { AlertTriangle, CalendarClock, Wheat } from 'lucide-react';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { CoverageGauge } from '@cropvest/ui/coverage-gauge';
import { ProgressBar } from '@cropvest/ui/progress';
import { formatCount, formatDate, formatDateTime, formatRate, formatUsdt } from '@cropvest/ui/format';
import { toast } from '@cropvest/ui/toast';
import { useCancelInvestmentMutation } from '../../api/plans.ts';
import { useBalanceReturn } from './balance-return.ts';
import {
  harvestPayout,
  hasRealisedLoss,
  interestTerms,
  investmentProgress,
  investmentProjection,
} from './rules.ts';
import { useSharedMyInvestmentsMessages, type SharedMyInvestmentsMessageId } from './messages/catalogue.ts';

/** Words hidden from the eye but read by a screen reader, inside a message (`<hidden>…</hidden>`). */
const hidden = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

function CancelDialog({
  investment,
  onClose,
  onCancelled,
}: {
  investment: MyInvestment;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { text, rich } = useSharedMyInvestmentsMessages();
  const [cancel, { isLoading }] = useCancelInvestmentMutation();
  const confirm = async () => {
    try {
      await cancel({ id: investment.id, planId: investment.planId }).unwrap();
      toast({
        title: text('myInvestments.cancel.successTitle'),
        description: text('myInvestments.cancel.successDescription', {
          amount: formatUsdt(investment.principal),
        }),
        variant: 'success',
      });
      onCancelled();
    } catch (error) {
      toast({
        title: text('myInvestments.cancel.failedTitle'),
        description: toastMessage(error, text('myInvestments.cancel.failedDescription')),
        variant: 'destructive',
      });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('myInvestments.cancel.title', { plan: investment.plan.title })}
      description={
        <p>
          {rich('myInvestments.cancel.description', {
            amount: formatUsdt(investment.principal),
            slots: investment.slotsPurchased,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      }
      confirmLabel={text('myInvestments.cancel.confirm')}
      cancelLabel={text('myInvestments.cancel.keep')}
      tone="destructive"
      busy={isLoading}
      onConfirm={confirm}
    />
  );
}

/** The cancel dialog for the investment chosen, and a note while its principal comes back to the balance. */
export function Cancellation({
  investment,
  onClose,
}: {
  investment: MyInvestment | null;
  onClose: () => void;
}) {
  const { text } = useSharedMyInvestmentsMessages();
  const balance = useBalanceReturn();
  return (
    <>
      {balance.returning ? (
        <p role="status" className="text-sm text-ink-muted">
          {text('myInvestments.cancel.returning')}
        </p>
      ) : null}
      {investment ? (
        <CancelDialog investment={investment} onClose={onClose} onCancelled={balance.expectReturn} />
      ) : null}
    </>
  );
}

function Facts({ facts }: { facts: [SharedMyInvestmentsMessageId, ReactNode][] }) {
  const { text } = useSharedMyInvestmentsMessages();
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-muted">{text(label)}</dt>
          <dd className="font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How a crop card sits in its page: in a list (titles link to each investment's page) or alone on that page. */
export interface CropPlacement {
  /** The investment's own page, which the title links to in a list. */
  detailTo?: string;
  /** The card's element and heading level: a list item under the list's h2, or a section under the page's h1. */
  as?: 'li' | 'section';
}

function CropHeading({
  investment,
  badge,
  detailTo,
  level,
}: {
  investment: MyInvestment;
  badge: ReactNode;
  detailTo?: string | undefined;
  level: 2 | 3;
}) {
  const { text, rich } = useSharedMyInvestmentsMessages();
  const Heading = level === 2 ? 'h2' : 'h3';
  const { title } = investment.plan;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Heading className="font-semibold text-ink">
        {detailTo ? (
          <Link to={detailTo} className="underline-offset-2 hover:underline">
            {rich('myInvestments.card.titleLink', { plan: title, hidden })}
          </Link>
        ) : level === 2 ? (
          // Alone on the investment's page, whose own heading names the plan.
          text('myInvestments.card.summary')
        ) : (
          title
        )}
      </Heading>
      {badge}
    </div>
  );
}

function CropCard({ as = 'li', children }: { as?: CropPlacement['as']; children: ReactNode }) {
  const Card = as;
  return <Card className="rounded-xl border border-border bg-surface p-4 shadow-sm">{children}</Card>;
}

/** One investment's card as its status shows it: growing (with Cancel while it can be), harvested or cancelled. */
export function InvestmentCard({
  investment,
  onCancel,
  ...placement
}: { investment: MyInvestment; onCancel: () => void } & CropPlacement) {
  if (investment.status === 'active')
    return <GrowingCrop investment={investment} onCancel={onCancel} {...placement} />;
  if (investment.status === 'completed') return <HarvestedCrop investment={investment} {...placement} />;
  return <CancelledCrop investment={investment} {...placement} />;
}

function GrowingCrop({
  investment,
  onCancel,
  detailTo,
  as,
}: { investment: MyInvestment; onCancel: () => void } & CropPlacement) {
  const { text, rich } = useSharedMyInvestmentsMessages();
  const { plan } = investment;
  const { daily, total } = investmentProjection(investment);
  return (
    <CropCard as={as}>
      <CropHeading
        investment={investment}
        detailTo={detailTo}
        level={as === 'section' ? 2 : 3}
        badge={<Badge tone="blue">{text('myInvestments.card.growing')}</Badge>}
      />
      <ProgressBar
        value={investmentProgress(investment.createdAt, plan.durationDays)}
        label={text('myInvestments.card.termElapsed')}
        showValue
        className="mt-3"
      />
      <Facts
        facts={[
          ['myInvestments.fact.slots', formatCount(investment.slotsPurchased)],
          ['myInvestments.fact.principal', formatUsdt(investment.principal)],
          ['myInvestments.fact.dailyRate', formatRate(investment.interestRate)],
          ['myInvestments.fact.interest', interestTerms(investment, text)],
          ['myInvestments.fact.daysToHarvest', formatCount(daysToHarvest(plan.endDate))],
          ['myInvestments.fact.dailyEarnings', formatUsdt(daily)],
          ['myInvestments.fact.interestSoFar', formatUsdt(investment.interestEarned)],
          ['myInvestments.fact.startDate', formatDate(plan.startDate)],
          ['myInvestments.fact.harvestDate', formatDate(plan.endDate)],
          ['myInvestments.fact.projectedReturn', formatUsdt(total)],
        ]}
      />
      <CoverageGauge figures={investment.planCoverage} planTitle={plan.title} className="mt-3" />
      <LatestReport investment={investment} />
      {investment.cancellable ? (
        <div className="mt-3 flex flex-col gap-3 rounded-lg bg-surface-muted p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-2 text-sm text-ink-muted">
            <CalendarClock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-ink-subtle" />
            <span>
              {rich('myInvestments.card.cancellableUntil', {
                until: formatDateTime(investment.cancellableUntil),
                when: (chunks) => <span className="font-medium whitespace-nowrap">{chunks}</span>,
              })}
            </span>
          </p>
          <Button variant="outline" size="sm" onClick={onCancel} className="shrink-0">
            {rich('myInvestments.card.cancelButton', { plan: plan.title, hidden })}
          </Button>
        </div>
      ) : null}
    </CropCard>
  );
}

/** The plan's newest field report, linked to the whole timeline on the plan page. */
function LatestReport({ investment }: { investment: MyInvestment }) {
  const { rich } = useSharedMyInvestmentsMessages();
  const stageWord = useFieldReportStageWord();
  const report = investment.latestFieldReport;
  if (!report) return null;
  return (
    <p
      className={
        report.adverse
          ? 'mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-danger-border bg-danger-muted p-2 text-sm text-danger-ink'
          : 'mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted'
      }
    >
      {report.adverse ? <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
      <span>
        {rich('myInvestments.card.latestReport', {
          stage: stageWord(report.stage),
          day: formatDate(report.publishedAt),
          strong: (chunks) => <span className="font-medium">{chunks}</span>,
        })}
      </span>
      <Link
        to={investorPlanPage(investment.planId, 'timeline')}
        className="font-medium text-brand-ink underline underline-offset-2"
      >
        {rich('myInvestments.card.seeTimeline', { plan: investment.plan.title, hidden })}
      </Link>
    </p>
  );
}

function HarvestedCrop({ investment, detailTo, as }: { investment: MyInvestment } & CropPlacement) {
  const { plan } = investment;
  const { text, rich } = useSharedMyInvestmentsMessages();
  const payout = harvestPayout(investment);
  const short = hasRealisedLoss(investment);
  return (
    <CropCard as={as}>
      <CropHeading
        investment={investment}
        detailTo={detailTo}
        level={as === 'section' ? 2 : 3}
        badge={
          short ? (
            <Badge tone="yellow">{text('myInvestments.card.paidInPart')}</Badge>
          ) : (
            <Badge tone="green">
              <Wheat aria-hidden="true" className="me-1 h-3 w-3" />
              {text('myInvestments.card.harvested')}
            </Badge>
          )
        }
      />
      <Facts
        facts={[
          ['myInvestments.fact.slots', formatCount(investment.slotsPurchased)],
          ['myInvestments.fact.principal', formatUsdt(investment.principal)],
          ['myInvestments.fact.interest', interestTerms(investment, text)],
          ['myInvestments.fact.interestEarned', formatUsdt(investment.interestEarned)],
          ['myInvestments.fact.paidOut', formatUsdt(payout.paid)],
          ...(short
            ? ([['myInvestments.fact.realisedLoss', formatUsdt(payout.loss)]] as [
                SharedMyInvestmentsMessageId,
                string,
              ][])
            : []),
          ['myInvestments.fact.paidOn', formatDate(investment.completedAt)],
          ['myInvestments.fact.harvestDate', formatDate(plan.endDate)],
        ]}
      />
      {short ? (
        <p className="mt-3 rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink">
          {rich('myInvestments.card.settledShort', {
            paid: formatUsdt(payout.paid),
            due: formatUsdt(payout.due),
            loss: formatUsdt(payout.loss),
            plan: plan.title,
            strong: (chunks) => <strong>{chunks}</strong>,
            hidden,
            link: (chunks) => (
              <Link
                to={investorPlanPage(investment.planId, 'where-the-returns-come-from')}
                className="font-medium underline underline-offset-2"
              >
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : null}
      <LatestReport investment={investment} />
    </CropCard>
  );
}

function CancelledCrop({ investment, detailTo, as }: { investment: MyInvestment } & CropPlacement) {
  const { text } = useSharedMyInvestmentsMessages();
  return (
    <CropCard as={as}>
      <CropHeading
        investment={investment}
        detailTo={detailTo}
        level={as === 'section' ? 2 : 3}
        badge={<Badge tone="gray">{text('myInvestments.card.cancelled')}</Badge>}
      />
      <Facts
        facts={[
          ['myInvestments.fact.slots', formatCount(investment.slotsPurchased)],
          ['myInvestments.fact.principalReturned', formatUsdt(investment.principal)],
          ['myInvestments.fact.boughtOn', formatDate(investment.createdAt)],
          ['myInvestments.fact.cancelledOn', formatDateTime(investment.cancelledAt)],
        ]}
      />
    </CropCard>
  );
}

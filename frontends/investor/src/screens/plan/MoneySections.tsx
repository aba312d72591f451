// The plan page's money (decision 0091): where investors' principal went (raised, disbursed to the operator, and
// each disbursement's day and on-chain transfer) and where the returns come from (the harvest proceeds and reserve
// against what is due, and what the payout status means). Both read GET /api/plans/{id}/funding; the disbursements
// page through the list kit.
import { AlertTriangle, ArrowRightLeft, Info } from 'lucide-react';
import type { PlanDisbursement } from '@cropvest/contracts/plans/funding';
import { Card } from '@cropvest/ui/card';
import { cn } from '@cropvest/ui/cn';
import { CoverageGauge } from '@cropvest/ui/coverage-gauge';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDate, formatUsdt } from '@cropvest/ui/format';
import { pagesOnly } from '@cropvest/ui/list/controls';
import { ListCards } from '@cropvest/ui/list/results';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { StatCard } from '@cropvest/ui/stat-card';
import { FundingVerdictText } from '@cropvest/ui/chain-verdict';
import { TransactionId } from '@cropvest/ui/transaction-id';
import { usePlanDisbursementsQuery, usePlanMoneyQuery } from '../../api/plans.ts';
import { PageSection } from './PageSection.tsx';
import { usePageParam } from './page-param.ts';
import { DISBURSEMENTS_PAGE_PARAM, PLAN_SECTIONS, payoutWords } from './rules.ts';
import { usePlanMessages } from './messages/catalogue.ts';

const DISBURSEMENTS_PAGE_SIZE = 10;

export function MoneySection({ planId }: { planId: string }) {
  const { text } = usePlanMessages();
  const money = usePlanMoneyQuery(planId);
  const [page, setPage] = usePageParam(DISBURSEMENTS_PAGE_PARAM, PLAN_SECTIONS.money);
  const disbursements = usePlanDisbursementsQuery({ planId, page, pageSize: DISBURSEMENTS_PAGE_SIZE });
  return (
    <PageSection id={PLAN_SECTIONS.money} title={text('plan.money.title')}>
      <p className="text-sm text-ink-muted">{text('plan.money.intro')}</p>
      <QueryView
        query={money}
        what={text('plan.money.what')}
        skeleton={<SkeletonRows rows={1} className="h-24" />}
      >
        {(figures) => (
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard label={text('plan.money.raised')} value={formatUsdt(figures.raised)} />
            <StatCard label={text('plan.money.disbursed')} value={formatUsdt(figures.disbursed)} />
            <StatCard
              label={text('plan.money.last')}
              value={
                figures.lastDisbursedOn ? formatDate(figures.lastDisbursedOn) : text('plan.money.noneYet')
              }
            />
          </div>
        )}
      </QueryView>
      <ListCards
        query={disbursements}
        list={pagesOnly(page, setPage)}
        pageSize={DISBURSEMENTS_PAGE_SIZE}
        noun={text('plan.money.noun')}
        empty={
          <EmptyState
            icon={<ArrowRightLeft className="h-8 w-8" />}
            title={text('plan.money.emptyTitle')}
            description={text('plan.money.emptyDescription')}
          />
        }
        label={{ list: text('plan.money.list'), pager: text('plan.money.pager') }}
        skeletonHeight="h-16"
        className="space-y-3"
      >
        {(disbursement) => <DisbursementItem key={disbursement.id} disbursement={disbursement} />}
      </ListCards>
    </PageSection>
  );
}

function DisbursementItem({ disbursement }: { disbursement: PlanDisbursement }) {
  const { text } = usePlanMessages();
  const day = formatDate(disbursement.disbursedOn);
  return (
    <li data-testid="disbursement">
      <Card className="grid gap-2 p-4 sm:grid-cols-[10rem_10rem_minmax(0,1fr)] sm:items-center">
        <p className="text-sm text-ink-muted">
          <span className="sr-only">{text('plan.money.disbursedOn')} </span>
          <time dateTime={disbursement.disbursedOn}>{day}</time>
        </p>
        <p className="font-semibold tabular-nums text-ink">{formatUsdt(disbursement.amount)}</p>
        <div className="min-w-0 text-sm">
          {disbursement.txid ? (
            <div className="flex flex-wrap items-center gap-x-2">
              <span className="text-ink-muted">{disbursement.network}</span>
              <TransactionId txid={disbursement.txid} copyLabel={text('plan.money.copyTxid', { day })} />
            </div>
          ) : null}
          <FundingVerdictText chain={disbursement.chain} />
        </div>
      </Card>
    </li>
  );
}

export function ReturnsSection({ planId, harvest }: { planId: string; harvest: string }) {
  const { text } = usePlanMessages();
  const money = usePlanMoneyQuery(planId);
  return (
    <PageSection id={PLAN_SECTIONS.returns} title={text('plan.returns.title')}>
      <p className="text-sm text-ink-muted">{text('plan.returns.intro')}</p>
      <QueryView
        query={money}
        what={text('plan.returns.what')}
        skeleton={<SkeletonRows rows={1} className="h-36" />}
      >
        {(funding) => {
          const words = payoutWords(funding, harvest, text);
          return (
            <Card className="space-y-4 p-5">
              <CoverageGauge figures={funding} size="full" />
              <div
                data-testid="payout-status"
                className={cn(
                  'flex gap-3 rounded-lg border p-4',
                  words.attention
                    ? 'border-warning-border bg-warning-muted'
                    : 'border-border bg-surface-muted',
                )}
              >
                {words.attention ? (
                  <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-warning-ink" />
                ) : (
                  <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-ink-muted" />
                )}
                <div>
                  <p className="font-semibold text-ink">{words.title}</p>
                  <p className="mt-1 whitespace-pre-line break-words text-sm text-ink-muted">
                    {words.detail}
                  </p>
                </div>
              </div>
            </Card>
          );
        }}
      </QueryView>
    </PageSection>
  );
}

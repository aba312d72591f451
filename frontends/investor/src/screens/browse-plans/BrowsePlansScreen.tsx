// Browse Plans (spec sections 2, 5, 7, 8 and 9; issue 25): the plans open for investment as cards with their
// harvest coverage and a link to their key information sheet, the available balance, and the invest dialog. The
// dialog's plan lives in the address (`/investor/invest?plan=<id>`), so the landing page's Join Investment links
// open it.
import { useEffect, useRef } from 'react';
import { Link, navigate, useLocation } from '@cropvest/web-kit/router';
import { investorPlanPage, selectUser, useAppSelector } from '@cropvest/web-kit';
import type { Plan } from '@cropvest/contracts/plans/model';
import { FileText, Sprout, Wallet } from 'lucide-react';
import { Badge, type BadgeTone } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card } from '@cropvest/ui/card';
import { CoverageGauge } from '@cropvest/ui/coverage-gauge';
import { EmptyState } from '@cropvest/ui/empty-state';
import { PlanFacts, PlanPicture } from '@cropvest/ui/plan-facts';
import { ProgressBar } from '@cropvest/ui/progress';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { formatUsdt } from '@cropvest/ui/format';
import { useInvestablePlansQuery } from '../../api/plans.ts';
import { InvestDialog } from './InvestDialog.tsx';
import { planBadge, planParam, slotsFilledPercent, withoutPlanParam, type PlanBadge } from './rules.ts';
import { useBrowsePlansMessages } from './messages/catalogue.ts';

const BADGE_TONE: Record<PlanBadge['kind'], BadgeTone> = {
  active: 'blue',
  starts: 'yellow',
  'fully-booked': 'gray',
};

export default function BrowsePlansScreen() {
  const { text, rich } = useBrowsePlansMessages();
  const user = useAppSelector(selectUser);
  const plans = useInvestablePlansQuery();
  const location = useLocation();
  const wanted = planParam(location.search);
  const selected = wanted ? plans.data?.find((plan) => plan.id === wanted) : undefined;
  const missing = Boolean(wanted && plans.data && !selected);

  // The Invest Now button that opened the dialog gets the focus back when it closes. The dialog swaps its
  // content (loading, questions, purchase), so its own return of focus would land on the page's body.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (selected) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      // After the dialog's own focus return, which runs on a timer as it unmounts.
      const timer = window.setTimeout(() => opener.current?.focus(), 0);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [selected]);

  const openPlan = (plan: Plan) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const params = new URLSearchParams(location.search);
    params.set('plan', plan.id);
    navigate(`${location.pathname}?${params.toString()}`, { replace: true, scroll: false });
  };
  const closeDialog = () =>
    navigate(withoutPlanParam(location.pathname, location.search, location.hash), {
      replace: true,
      scroll: false,
    });

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('browsePlans.title')}</h1>
          <p className="mt-1 text-ink-muted">{text('browsePlans.subtitle')}</p>
        </div>
      </div>

      <section aria-labelledby="balance-title">
        <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <div aria-hidden="true" className="rounded-lg bg-brand-muted p-2 text-brand">
              <Wallet className="h-5 w-5" />
            </div>
            <div>
              <h2 id="balance-title" className="text-sm font-medium text-ink-muted">
                {text('browsePlans.balance.title')}
              </h2>
              <p className="text-2xl font-bold text-ink" data-testid="plans-balance">
                {formatUsdt(user?.balance)}
              </p>
            </div>
          </div>
          <Link to="/investor/deposit" className={buttonClass('outline')}>
            {text('browsePlans.depositFunds')}
          </Link>
        </Card>
      </section>

      {missing ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-warning-border bg-warning-muted p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm text-warning-ink">
            {rich('browsePlans.missing.text', {
              strong: (chunks) => <span className="font-semibold">{chunks}</span>,
            })}
          </p>
          <Button variant="outline" size="sm" onClick={closeDialog}>
            {text('browsePlans.missing.showAll')}
          </Button>
        </div>
      ) : null}

      <section aria-labelledby="plans-title" className="space-y-4">
        <h2 id="plans-title" className="text-lg font-semibold text-ink">
          {text('browsePlans.list.title')}
        </h2>
        <QueryView
          query={plans}
          what={text('browsePlans.list.what')}
          skeleton={
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-96" />
              ))}
            </div>
          }
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              level={3}
              icon={<Sprout className="h-8 w-8" />}
              title={text('browsePlans.list.emptyTitle')}
              description={text('browsePlans.list.emptyDescription')}
              action={
                <Link to="/investor/dashboard" className={buttonClass('outline')}>
                  {text('browsePlans.list.backToDashboard')}
                </Link>
              }
            />
          }
        >
          {(list) => (
            <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((plan) => (
                <PlanCard key={plan.id} plan={plan} onInvest={() => openPlan(plan)} />
              ))}
            </ul>
          )}
        </QueryView>
      </section>

      {selected ? (
        <InvestDialog
          // A new plan starts a new form.
          key={selected.id}
          plan={selected}
          balance={user?.balance ?? '0'}
          onClose={closeDialog}
        />
      ) : null}
    </div>
  );
}

function PlanCard({ plan, onInvest }: { plan: Plan; onInvest: () => void }) {
  const { text } = useBrowsePlansMessages();
  const badge = planBadge(plan, text);
  const filled = slotsFilledPercent(plan.totalSlots, plan.availableSlots);
  const full = badge.kind === 'fully-booked';
  const titleId = `plan-${plan.id}-title`;
  return (
    <li className="flex">
      <Card className="flex w-full flex-col overflow-hidden" aria-labelledby={titleId} role="article">
        <PlanPicture plan={plan} size="card" />
        <div className="flex flex-1 flex-col gap-4 p-5">
          <div className="flex items-start justify-between gap-3">
            <h3 id={titleId} className="text-lg font-semibold leading-tight text-ink">
              {plan.title}
            </h3>
            <Badge tone={BADGE_TONE[badge.kind]} className="shrink-0">
              {badge.label}
            </Badge>
          </div>
          <p className="line-clamp-3 text-sm text-ink-muted">{plan.description}</p>
          <PlanFacts plan={plan} className="gap-y-2" />
          <ProgressBar value={filled} label={text('browsePlans.card.slotsFilled')} showValue />
          <CoverageGauge figures={plan.funding} planTitle={plan.title} />
          <Link
            to={investorPlanPage(plan.id, 'key-information')}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-ink underline-offset-2 hover:underline"
            aria-describedby={titleId}
          >
            <FileText aria-hidden="true" className="h-4 w-4" />
            {text('browsePlans.keyInformation')}
          </Link>
          <div className="mt-auto pt-1">
            <Button className="w-full" onClick={onInvest} disabled={full} aria-describedby={titleId}>
              {text(full ? 'browsePlans.badge.fullyBooked' : 'browsePlans.card.investNow')}
            </Button>
          </div>
        </div>
      </Card>
    </li>
  );
}

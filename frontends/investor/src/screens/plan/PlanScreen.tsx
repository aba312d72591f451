// A plan's page /investor/plans/:id (issue 25): what an investor reads before and after putting money in: the
// plan, where its money goes (raised, disbursed and when), where its returns come from (proceeds and reserve
// against what is due, and the payout status in words), its key information sheet with the operator's past
// seasons, and the timeline of field reports. Browse Plans links to #key-information, My Investments to
// #timeline: the section named in the address is scrolled to and focused once the page has loaded.
import { useEffect, useRef, type RefObject } from 'react';
import { SearchX } from 'lucide-react';
import type { Plan } from '@cropvest/contracts/plans/model';
import { isApiError } from '@cropvest/web-kit';
import { Link, useLocation } from '@cropvest/web-kit/router';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { Badge } from '@cropvest/ui/badge';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card } from '@cropvest/ui/card';
import { cn } from '@cropvest/ui/cn';
import { BACK_LINK_CLASS, BackLinkLabel } from '@cropvest/ui/detail-page';
import { EmptyState } from '@cropvest/ui/empty-state';
import { PlanFacts, PlanPicture } from '@cropvest/ui/plan-facts';
import { ProgressBar } from '@cropvest/ui/progress';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { usePlanOverviewQuery } from '../../api/plans.ts';
import { FieldReportTimeline } from './FieldReportTimeline.tsx';
import { PageSection } from './PageSection.tsx';
import { KeyInformationSection, OperatorSection } from './KeyInformationSection.tsx';
import { MoneySection, ReturnsSection } from './MoneySections.tsx';
import { usePageParam } from './page-param.ts';
import { investingState, PLAN_SECTIONS, TIMELINE_PAGE_PARAM } from './rules.ts';
import { usePlanMessages } from './messages/catalogue.ts';

const BROWSE_PLANS = '/investor/invest';

export default function PlanScreen() {
  const { text } = usePlanMessages();
  const { id = '' } = useRouteParams<'id'>();
  const plan = usePlanOverviewQuery(id, { skip: !id });
  const missing = isApiError(plan.error) && (plan.error.status === 404 || plan.error.status === 400);
  useEffect(() => {
    if (plan.data) document.title = text('plan.documentTitle', { plan: plan.data.title });
  }, [plan.data, text]);

  return (
    <div className="space-y-8">
      <Link to={BROWSE_PLANS} className={cn(BACK_LINK_CLASS, 'print:hidden')}>
        <BackLinkLabel label={text('plan.back')} />
      </Link>
      {missing || !id ? (
        <>
          <h1 className="sr-only">{text('plan.notFound.heading')}</h1>
          <EmptyState
            level={2}
            icon={<SearchX className="h-8 w-8" />}
            title={text('plan.notFound.title')}
            description={text('plan.notFound.description')}
            action={
              <div className="flex flex-wrap justify-center gap-3">
                <Link to={BROWSE_PLANS} className={buttonClass('primary')}>
                  {text('plan.notFound.browse')}
                </Link>
                <Link to="/investor/investments" className={buttonClass('outline')}>
                  {text('plan.notFound.myInvestments')}
                </Link>
              </div>
            }
          />
        </>
      ) : (
        <QueryView query={plan} what={text('plan.what')} skeleton={<Skeleton className="h-72" />}>
          {(data) => <PlanPage plan={data} />}
        </QueryView>
      )}
    </div>
  );
}

function PlanPage({ plan }: { plan: Plan }) {
  const { text } = usePlanMessages();
  const page = useRef<HTMLDivElement>(null);
  useSectionFromAddress(useLocation().hash, page);
  const [timelinePage, setTimelinePage] = usePageParam(TIMELINE_PAGE_PARAM, PLAN_SECTIONS.timeline);
  return (
    <div ref={page} className="space-y-8">
      <Overview plan={plan} />
      <MoneySection planId={plan.id} />
      <ReturnsSection planId={plan.id} harvest={plan.endDate} />
      <KeyInformationSection planId={plan.id} planTitle={plan.title} />
      <OperatorSection planId={plan.id} />
      <PageSection id={PLAN_SECTIONS.timeline} title={text('plan.timeline.title')}>
        <p className="text-sm text-ink-muted">{text('plan.timeline.intro')}</p>
        <FieldReportTimeline planId={plan.id} page={timelinePage} onPageChange={setTimelinePage} />
      </PageSection>
    </div>
  );
}

/**
 * Scrolls to and focuses the section the address names (#key-information, #timeline) when the page first shows
 * and whenever the address names another: the links that bring an investor here point at one part of the page.
 * The sections above it load their own data and grow, so it is kept in view until none of them is loading.
 */
function useSectionFromAddress(hash: string, page: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = page.current;
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!root || !section) return;
    section.focus({ preventScroll: true });
    const loading = () => root.querySelector('[aria-busy="true"]') !== null;
    section.scrollIntoView({ block: 'start' });
    if (!loading()) return;
    const observer = new MutationObserver(() => {
      section.scrollIntoView({ block: 'start' });
      if (!loading()) observer.disconnect();
    });
    observer.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
    return () => observer.disconnect();
  }, [hash, page]);
}

function Overview({ plan }: { plan: Plan }) {
  const { text } = usePlanMessages();
  const state = investingState(plan, text);
  const sold = plan.totalSlots - plan.availableSlots;
  return (
    <Card className="overflow-hidden">
      <div className="grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <PlanPicture plan={plan} size="page" />
        <div className="space-y-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 className="min-w-0 break-words text-2xl font-bold text-ink">{plan.title}</h1>
            <Badge tone={state.kind === 'open' ? 'blue' : 'gray'} className="shrink-0">
              {state.label}
            </Badge>
          </div>
          <p className="whitespace-pre-line break-words text-ink-muted">{plan.description}</p>
          <PlanFacts plan={plan} className="gap-y-3 sm:grid-cols-3" />
          <ProgressBar
            value={plan.totalSlots > 0 ? Math.round((sold / plan.totalSlots) * 100) : 0}
            label={text('plan.overview.slotsFilled')}
            showValue
          />
          <div className="flex flex-wrap items-center gap-3 print:hidden">
            {state.kind === 'open' ? (
              <Link
                to={`${BROWSE_PLANS}?plan=${encodeURIComponent(plan.id)}`}
                className={buttonClass('primary')}
              >
                {text('plan.overview.invest')}
              </Link>
            ) : (
              <p className="text-sm text-ink-muted">{state.reason}</p>
            )}
            <Link
              to={`/investor/plans/${encodeURIComponent(plan.id)}#${PLAN_SECTIONS.keyInformation}`}
              className={buttonClass('outline')}
            >
              {text('plan.overview.readKeyInformation')}
            </Link>
          </div>
        </div>
      </div>
    </Card>
  );
}

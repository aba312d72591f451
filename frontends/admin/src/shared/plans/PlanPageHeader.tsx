// The head of a page about one plan (its key information sheet, its field reports): the way back to All Plans, the
// page's title, which plan it is (read from the plans service; a plan that is gone says so) and links to the
// plan's other pages.
import type { ReactNode } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { BACK_LINK_CLASS, BackLinkLabel } from '@cropvest/ui/detail-page';
import { Badge } from '@cropvest/ui/badge';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { useAdminPlanQuery } from '../../api/plans.ts';
import { useSharedPlansMessages, type SharedPlansMessageId } from './messages/catalogue.ts';

export interface PlanPage {
  path: string;
  label: SharedPlansMessageId;
}

/** The pages about one plan, in the order the plan cards list them (the funding page has its own head). */
export const planPages = (planId: string): PlanPage[] => [
  { path: `/admin/plans/${planId}/key-information`, label: 'sharedPlans.page.keyInformation' },
  { path: `/admin/plans/${planId}/field-reports`, label: 'sharedPlans.page.fieldReports' },
  { path: `/admin/plans/${planId}/funding`, label: 'sharedPlans.page.funding' },
];

export function PlanPageHeader({
  planId,
  title,
  current,
  children,
}: {
  planId: string;
  title: string;
  /** This page's path, left out of the links to the plan's other pages. */
  current: string;
  /** What the page is for, under its title. */
  children: ReactNode;
}) {
  const plan = useAdminPlanQuery(planId);
  const { text } = useSharedPlansMessages();
  const others = planPages(planId).filter((page) => page.path !== current);
  return (
    <div className="space-y-3">
      <Link to="/admin/plans" className={BACK_LINK_CLASS}>
        <BackLinkLabel label={text('sharedPlans.header.allPlans')} />
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          <QueryView
            query={plan}
            what={text('sharedPlans.header.what')}
            skeleton={<SkeletonRows rows={1} className="h-6 w-64" />}
          >
            {(data) => (
              <p className="flex flex-wrap items-center gap-2 text-ink">
                <span className="break-words font-semibold">{data.title}</span>
                <Badge tone={data.isActive ? 'green' : 'gray'}>
                  {text(data.isActive ? 'sharedPlans.header.active' : 'sharedPlans.header.inactive')}
                </Badge>
              </p>
            )}
          </QueryView>
          <p className="max-w-3xl text-ink-muted">{children}</p>
        </div>
        <nav aria-label={text('sharedPlans.header.otherPages')} className="flex flex-wrap gap-3 text-sm">
          {others.map((page) => (
            <Link key={page.path} to={page.path} className="font-medium text-brand-ink underline">
              {text(page.label)}
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}

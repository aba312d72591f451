// The frame of a deposit's or a withdrawal's page on the admin desk (decision 0121): the back link to its queue
// as the admin left it, the request's query with its loading, error and framed not-found states, and the page's
// heading with the amount, the user and the status card holding the same review actions as the queue's row.
import type { ReactNode } from 'react';
import { BackLink } from '@cropvest/web-kit/detail-link';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { DetailPage } from '@cropvest/ui/detail-page';
import { FactList, type Fact } from '@cropvest/ui/fact-list';
import type { QueryLike } from '@cropvest/ui/query-view';
import { useReviewQueueMessages } from './messages/catalogue.ts';

export interface RequestPageProps<T> {
  /** The queue's address and name ("/admin/deposits", "Manage Deposits"). */
  queue: { path: string; label: string };
  query: QueryLike<T>;
  what: string;
  children: (data: T) => ReactNode;
}

export function RequestPage<T>({ queue, query, what, children }: RequestPageProps<T>) {
  return (
    <DetailPage back={<BackLink lists={[queue]} />} query={query} what={what}>
      {children}
    </DetailPage>
  );
}

export interface RequestFactsProps {
  /** The page's heading: "Deposit of 75.00 USDT". */
  title: string;
  user: { name: string; email: string };
  /** The status with its approvals and the review actions. */
  status: ReactNode;
  /** A card of its own after the status (the payout of a withdrawal), if any. */
  extra?: ReactNode;
  facts: readonly Fact[];
}

export function RequestFacts({ title, user, status, extra, facts }: RequestFactsProps) {
  const { text } = useReviewQueueMessages();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-1 break-words text-ink-muted">
          {text('reviewQueue.page.user', { name: user.name, email: user.email })}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle level={2}>{text('reviewQueue.page.status')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">{status}</CardContent>
        </Card>
        {extra}
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{text('reviewQueue.page.details')}</CardTitle>
        </CardHeader>
        <CardContent>
          <FactList facts={facts} className="grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3" />
        </CardContent>
      </Card>
    </div>
  );
}

// What an investor's deposit page and withdrawal page share (decision 0121): the lists they are opened from (the
// back link returns there with its tab and page), and the summary card: the amount, the status badge, what
// became of the request in words and, when an admin rejected it, their reason.
import type { ReactNode } from 'react';
import type { BackTarget } from '@cropvest/web-kit/detail-link';
import { BackLink } from '@cropvest/web-kit/detail-link';
import { StatusBadge } from '@cropvest/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { FactList, type Fact } from '@cropvest/ui/fact-list';
import { useSharedMessages } from './messages/catalogue.ts';

/** The back link: to Transaction History, or to `own` (Deposit, Withdraw) when the page was opened there. */
export function BackToList({ own }: { own: BackTarget }) {
  const { text } = useSharedMessages();
  const history: BackTarget = { path: '/investor/history', label: text('shared.request.backToHistory') };
  return <BackLink lists={[history, own]} />;
}

export interface RequestSummaryProps {
  /** The page's heading: "Deposit of 100.00 USDT". */
  title: string;
  status: string;
  /** What the status means here, in words (the chain's verdict, the payout). */
  outcome: ReactNode;
  rejectionReason: string | null;
  facts: readonly Fact[];
}

export function RequestSummary({ title, status, outcome, rejectionReason, facts }: RequestSummaryProps) {
  const { rich, text } = useSharedMessages();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <StatusBadge status={status} className="text-sm" />
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{text('shared.request.status')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          {outcome}
          {status === 'rejected' && rejectionReason ? (
            <p className="text-danger-ink">
              {rich('shared.request.reason', {
                reason: rejectionReason,
                label: (chunks) => <span className="font-medium">{chunks}</span>,
              })}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{text('shared.request.details')}</CardTitle>
        </CardHeader>
        <CardContent>
          <FactList facts={facts} className="grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3" />
        </CardContent>
      </Card>
    </div>
  );
}

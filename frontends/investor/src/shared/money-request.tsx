// What an investor's deposit page and withdrawal page share (decision 0121): the lists they are opened from (the
// back link returns there with its tab and page), and the summary card: the amount, the status badge, what
// became of the request in words and, when an admin rejected it, their reason.
import type { ReactNode } from 'react';
import type { BackTarget } from '@cropvest/web-kit/detail-link';
import { BackLink } from '@cropvest/web-kit/detail-link';
import { StatusBadge } from '@cropvest/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { FactList, type Fact } from '@cropvest/ui/fact-list';
import { formatUsdt } from '@cropvest/ui/format';

const HISTORY: BackTarget = { path: '/investor/history', label: 'Transaction History' };

/** The back link: to Transaction History, or to `own` (Deposit, Withdraw) when the page was opened there. */
export function BackToList({ own }: { own: BackTarget }) {
  return <BackLink lists={[HISTORY, own]} />;
}

export interface RequestSummaryProps {
  /** "Deposit", "Withdrawal". */
  kind: string;
  amount: string;
  status: string;
  /** What the status means here, in words (the chain's verdict, the payout). */
  outcome: ReactNode;
  rejectionReason: string | null;
  facts: readonly Fact[];
}

export function RequestSummary({
  kind,
  amount,
  status,
  outcome,
  rejectionReason,
  facts,
}: RequestSummaryProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink">
          {kind} of {formatUsdt(amount)}
        </h1>
        <StatusBadge status={status} className="text-sm" />
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Status</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          {outcome}
          {status === 'rejected' && rejectionReason ? (
            <p className="text-danger-ink">
              <span className="font-medium">Reason:</span> {rejectionReason}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <FactList facts={facts} className="grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3" />
        </CardContent>
      </Card>
    </div>
  );
}

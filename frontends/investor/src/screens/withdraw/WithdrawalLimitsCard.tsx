// The investor's withdrawal limits before the form (docs/decisions/0099): what remains of the 24-hour and the 30-day
// limit, read again after each request; whether an admin raised them, and the identity level they follow.
import { Gauge } from 'lucide-react';
import { KYC_LEVEL_LABELS } from '@cropvest/contracts/wallet/withdrawal-limit-rules';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { LimitWindows } from '@cropvest/ui/withdrawal-limits';
import { useMyWithdrawalLimitsQuery } from '../../api/wallet.ts';

export function WithdrawalLimitsCard({ className }: { className?: string }) {
  const limits = useMyWithdrawalLimitsQuery();
  return (
    <Card role="region" aria-labelledby="withdrawal-limits-heading" className={className}>
      <CardHeader>
        <CardTitle level={2} id="withdrawal-limits-heading" className="flex items-center gap-2">
          <Gauge aria-hidden="true" className="h-5 w-5 text-brand" />
          Withdrawal limits
        </CardTitle>
        <CardDescription>
          What you can still request: pending and approved withdrawals of the last 24 hours and the last 30
          days count; rejected ones do not.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={limits}
          what="your withdrawal limits"
          skeleton={<SkeletonRows rows={2} className="h-20" />}
        >
          {(data) => (
            <div className="space-y-3">
              <LimitWindows day={data.day} month={data.month} />
              <p className="text-xs text-ink-muted">
                {data.raised
                  ? 'The platform team raised these limits for your account.'
                  : `Limits for your level: ${KYC_LEVEL_LABELS[data.kycLevel]}.`}
              </p>
            </div>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}

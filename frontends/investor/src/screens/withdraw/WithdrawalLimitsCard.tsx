// The investor's withdrawal limits before the form (docs/decisions/0099): what remains of the 24-hour and the 30-day
// limit, read again after each request; whether an admin raised them, and the identity level they follow.
import { Gauge } from 'lucide-react';
import type { KycLevel } from '@cropvest/contracts/wallet/withdrawal-limit-rules';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { LimitWindows } from '@cropvest/ui/withdrawal-limits';
import { useMyWithdrawalLimitsQuery } from '../../api/wallet.ts';
import { useWithdrawMessages, type WithdrawMessageId } from './messages/catalogue.ts';

/** The identity levels the limits follow, in the words of KYC_LEVEL_LABELS (the contract's English). */
const LEVELS: Record<KycLevel, WithdrawMessageId> = {
  verified: 'withdraw.limits.level.verified',
  unverified: 'withdraw.limits.level.unverified',
};

export function WithdrawalLimitsCard({ className }: { className?: string }) {
  const { text } = useWithdrawMessages();
  const limits = useMyWithdrawalLimitsQuery();
  return (
    <Card role="region" aria-labelledby="withdrawal-limits-heading" className={className}>
      <CardHeader>
        <CardTitle level={2} id="withdrawal-limits-heading" className="flex items-center gap-2">
          <Gauge aria-hidden="true" className="h-5 w-5 text-brand" />
          {text('withdraw.limits.title')}
        </CardTitle>
        <CardDescription>{text('withdraw.limits.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={limits}
          what={text('withdraw.limits.what')}
          skeleton={<SkeletonRows rows={2} className="h-20" />}
        >
          {(data) => (
            <div className="space-y-3">
              <LimitWindows day={data.day} month={data.month} />
              <p className="text-xs text-ink-muted">
                {data.raised
                  ? text('withdraw.limits.raised')
                  : text('withdraw.limits.level', { level: text(LEVELS[data.kycLevel]) })}
              </p>
            </div>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}

// One withdrawal's page /admin/withdrawals/:id (decision 0121), opened from Manage Withdrawals: the status with its
// approvals and the same Approve and Reject as the queue's row (the same dialogs), the payout with the chain's
// verdict and Add or Correct transaction id, the destination address, and when it was requested and reviewed. A
// review anywhere, or the live stream's withdrawals topic, reads it again.
import { useState } from 'react';
import type { AdminWithdrawalDetail } from '@cropvest/contracts/wallet/model';
import { useMeQuery } from '@cropvest/web-kit';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { isPayoutOpen, networkLabel, payoutTxidAction } from '@cropvest/ui/chain-text';
import { CopyableAddress } from '@cropvest/ui/copy-button';
import { factIf, type Fact } from '@cropvest/ui/fact-list';
import { formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { useAdminChainNetworksQuery } from '../../api/chain.ts';
import { adminWalletApi, useAdminWithdrawalQuery } from '../../api/wallet.ts';
import { ApprovalStatus } from '../../shared/review-queue/ApprovalStatus.tsx';
import { RequestFacts, RequestPage } from '../../shared/review-queue/RequestPage.tsx';
import { PayoutCell } from './PayoutCell.tsx';
import { ReviewDialog, WithdrawalReviewActions, type WithdrawalDecision } from './ReviewDialog.tsx';
import { approvalStage, payoutExplorerLink } from './rules.ts';
import { useWithdrawalsMessages } from './messages/catalogue.ts';

const PAYOUT_POLL_MS = 5_000;

export default function WithdrawalDetailScreen() {
  const { text } = useWithdrawalsMessages();
  const { id = '' } = useRouteParams<'id'>();
  const shown = adminWalletApi.endpoints.adminWithdrawal.useQueryState(id);
  const withdrawal = useAdminWithdrawalQuery(id, {
    skip: !id,
    pollingInterval: shown.data && isPayoutOpen(shown.data) ? PAYOUT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  return (
    <RequestPage
      queue={{ path: '/admin/withdrawals', label: text('withdrawals.title') }}
      query={withdrawal}
      what={text('withdrawals.page.what')}
    >
      {(data) => <WithdrawalFacts withdrawal={data} />}
    </RequestPage>
  );
}

function WithdrawalFacts({ withdrawal }: { withdrawal: AdminWithdrawalDetail }) {
  const { text } = useWithdrawalsMessages();
  const me = useMeQuery();
  const networks = useAdminChainNetworksQuery();
  const [decision, setDecision] = useState<WithdrawalDecision | null>(null);
  const stage = approvalStage(withdrawal, me.data?.id);
  const action = payoutTxidAction(withdrawal);
  const facts: Fact[] = [
    [text('withdrawals.column.amount'), formatUsdt(withdrawal.amount)],
    [
      text('withdrawals.fact.destination'),
      <CopyableAddress
        address={withdrawal.walletAddress}
        label={text('withdrawals.row.copyWallet', { name: withdrawal.user.name })}
      />,
    ],
    // Withdrawals are paid on TRON only (the wallet takes TRC-20 destinations only).
    [text('withdrawals.fact.network'), networkLabel('TRC20')],
    [text('withdrawals.fact.requestedOn'), formatDateTime(withdrawal.createdAt)],
    ...factIf(
      withdrawal.reviewedAt !== null,
      text(withdrawal.status === 'approved' ? 'withdrawals.fact.approvedOn' : 'withdrawals.fact.rejectedOn'),
      formatDateTime(withdrawal.reviewedAt),
    ),
    ...factIf(
      withdrawal.requiresSecondApproval,
      text('withdrawals.fact.fourEyes'),
      text('withdrawals.fact.needsTwo'),
    ),
    [text('withdrawals.fact.id'), <span className="font-mono text-xs">{withdrawal.id}</span>],
  ];
  return (
    <>
      <RequestFacts
        title={text('withdrawals.page.title', { amount: formatUsdt(withdrawal.amount) })}
        user={withdrawal.user}
        status={
          <>
            <ApprovalStatus request={withdrawal} settledBy={text('withdrawals.status.approvedBy')} />
            <WithdrawalReviewActions withdrawal={withdrawal} stage={stage} decide={setDecision} />
          </>
        }
        // A rejected withdrawal is never paid: its money went back to the balance, so it has no payout.
        extra={
          withdrawal.status === 'rejected' ? undefined : (
            <Card>
              <CardHeader>
                <CardTitle level={2}>{text('withdrawals.column.payout')}</CardTitle>
              </CardHeader>
              <CardContent>
                <PayoutCell
                  withdrawal={withdrawal}
                  link={payoutExplorerLink(withdrawal, networks.data)}
                  onRecordTxid={() =>
                    action ? setDecision({ kind: 'txid', withdrawal, action }) : undefined
                  }
                />
              </CardContent>
            </Card>
          )
        }
        facts={facts}
      />
      {decision ? <ReviewDialog decision={decision} onClose={() => setDecision(null)} /> : null}
    </>
  );
}

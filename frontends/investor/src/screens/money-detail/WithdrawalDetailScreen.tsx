// One withdrawal's page /investor/withdrawals/:id (decision 0121), opened from Transaction History and the Withdraw
// screen's history: its status with the payout on chain in plain words (and the admin's reason for a rejection,
// with the amount back in the balance), the destination address, the network, the payout transaction id, and
// when it was requested and reviewed. The live stream's withdrawals topic reads it again (an admin's decision
// elsewhere shows at once); while the chain still works on the payout, it is read every few seconds.
import type { WithdrawalDetail } from '@cropvest/contracts/wallet/model';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { isPayoutOpen, networkLabel } from '@cropvest/ui/chain-text';
import { PayoutVerdictText } from '@cropvest/ui/chain-verdict';
import { CopyableAddress } from '@cropvest/ui/copy-button';
import { DetailPage } from '@cropvest/ui/detail-page';
import { factIf, type Fact } from '@cropvest/ui/fact-list';
import { formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { useChainNetworksQuery } from '../../api/chain.ts';
import { useMyWithdrawalQuery, withdrawalsApi } from '../../api/wallet.ts';
import { BackToList, RequestSummary } from '../../shared/money-request.tsx';
import { PayoutTxid } from '../../shared/withdraw/payout-txid.tsx';

const PAYOUT_POLL_MS = 5_000;
/** Withdrawals are paid on TRON only (the wallet takes TRC-20 destinations only). */
const PAYOUT_NETWORK = 'TRC20';

const OUTCOME: Record<string, string> = {
  pending: 'Waiting for the CropVest team to review it. The amount is held from your balance meanwhile.',
  rejected: 'Returned: the amount went back to your available balance.',
};

export default function WithdrawalDetailScreen() {
  const { id = '' } = useRouteParams<'id'>();
  const shown = withdrawalsApi.endpoints.myWithdrawal.useQueryState(id);
  const withdrawal = useMyWithdrawalQuery(id, {
    skip: !id,
    pollingInterval: shown.data && isPayoutOpen(shown.data) ? PAYOUT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  return (
    <DetailPage
      back={<BackToList own={{ path: '/investor/withdraw', label: 'Withdraw' }} />}
      query={withdrawal}
      what="this withdrawal"
    >
      {(data) => <WithdrawalFacts withdrawal={data} />}
    </DetailPage>
  );
}

function WithdrawalFacts({ withdrawal }: { withdrawal: WithdrawalDetail }) {
  const networks = useChainNetworksQuery();
  const template =
    networks.data?.find((network) => network.network === PAYOUT_NETWORK)?.explorerTxUrl ?? null;
  const facts: Fact[] = [
    ['Amount', formatUsdt(withdrawal.amount)],
    [
      'Destination address',
      <CopyableAddress address={withdrawal.walletAddress} label="Copy the destination address" />,
    ],
    ['Network', networkLabel(PAYOUT_NETWORK)],
    ['Payout transaction ID', <PayoutTxid withdrawal={withdrawal} template={template} />],
    ['Requested on', formatDateTime(withdrawal.createdAt)],
    ...factIf(
      withdrawal.reviewedAt !== null,
      withdrawal.status === 'approved' ? 'Approved on' : 'Rejected on',
      formatDateTime(withdrawal.reviewedAt),
    ),
    ['Withdrawal ID', <span className="font-mono text-xs">{withdrawal.id}</span>],
  ];
  const outcome = OUTCOME[withdrawal.status];
  return (
    <RequestSummary
      kind="Withdrawal"
      amount={withdrawal.amount}
      status={withdrawal.status}
      outcome={
        <>
          {outcome ? <p className="text-ink">{outcome}</p> : null}
          <PayoutVerdictText withdrawal={withdrawal} audience="investor" className="text-sm" />
        </>
      }
      rejectionReason={withdrawal.rejectionReason}
      facts={facts}
    />
  );
}

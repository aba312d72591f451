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
import { useMoneyDetailMessages, type MoneyDetailMessageId } from './messages/catalogue.ts';

const PAYOUT_POLL_MS = 5_000;
/** Withdrawals are paid on TRON only (the wallet takes TRC-20 destinations only). */
const PAYOUT_NETWORK = 'TRC20';

const OUTCOME: Partial<Record<WithdrawalDetail['status'], MoneyDetailMessageId>> = {
  pending: 'moneyDetail.withdrawal.pending',
  rejected: 'moneyDetail.withdrawal.returned',
};

export default function WithdrawalDetailScreen() {
  const { id = '' } = useRouteParams<'id'>();
  const { text } = useMoneyDetailMessages();
  const shown = withdrawalsApi.endpoints.myWithdrawal.useQueryState(id);
  const withdrawal = useMyWithdrawalQuery(id, {
    skip: !id,
    pollingInterval: shown.data && isPayoutOpen(shown.data) ? PAYOUT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  return (
    <DetailPage
      back={<BackToList own={{ path: '/investor/withdraw', label: text('moneyDetail.withdrawal.back') }} />}
      query={withdrawal}
      what={text('moneyDetail.withdrawal.what')}
    >
      {(data) => <WithdrawalFacts withdrawal={data} />}
    </DetailPage>
  );
}

function WithdrawalFacts({ withdrawal }: { withdrawal: WithdrawalDetail }) {
  const { text } = useMoneyDetailMessages();
  const networks = useChainNetworksQuery();
  const template =
    networks.data?.find((network) => network.network === PAYOUT_NETWORK)?.explorerTxUrl ?? null;
  const facts: Fact[] = [
    [text('moneyDetail.withdrawal.amount'), formatUsdt(withdrawal.amount)],
    [
      text('moneyDetail.withdrawal.destination'),
      <CopyableAddress
        address={withdrawal.walletAddress}
        label={text('moneyDetail.withdrawal.copyDestination')}
      />,
    ],
    [text('moneyDetail.withdrawal.network'), networkLabel(PAYOUT_NETWORK)],
    [text('moneyDetail.withdrawal.txid'), <PayoutTxid withdrawal={withdrawal} template={template} />],
    [text('moneyDetail.withdrawal.requestedOn'), formatDateTime(withdrawal.createdAt)],
    ...factIf(
      withdrawal.reviewedAt !== null,
      text(
        withdrawal.status === 'approved'
          ? 'moneyDetail.withdrawal.approvedOn'
          : 'moneyDetail.withdrawal.rejectedOn',
      ),
      formatDateTime(withdrawal.reviewedAt),
    ),
    [text('moneyDetail.withdrawal.id'), <span className="font-mono text-xs">{withdrawal.id}</span>],
  ];
  const outcomeId = OUTCOME[withdrawal.status];
  const outcome = outcomeId ? text(outcomeId) : null;
  return (
    <RequestSummary
      title={text('moneyDetail.withdrawal.title', { amount: formatUsdt(withdrawal.amount) })}
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

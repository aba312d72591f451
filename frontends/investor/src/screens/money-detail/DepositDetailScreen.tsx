// One deposit's page /investor/deposits/:id (decision 0121), opened from Transaction History and the Deposit
// screen's history: its status with the chain's verdict (and the admin's reason for a rejection), the amount
// credited and the one declared when they differ, the network, the transaction id with its explorer page, the
// proof, and when it was claimed, checked on chain and reviewed. The live stream's deposits topic reads it again
// (an admin's approval elsewhere shows at once); while the chain still works on it, it is read every few seconds.
import { ExternalLink } from 'lucide-react';
import type { DepositDetail } from '@cropvest/contracts/wallet/model';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { Button } from '@cropvest/ui/button';
import { isVerdictOpen, networkLabel, sameAmount } from '@cropvest/ui/chain-text';
import { ChainVerdictText } from '@cropvest/ui/chain-verdict';
import { DetailPage } from '@cropvest/ui/detail-page';
import { factIf, type Fact } from '@cropvest/ui/fact-list';
import { formatDateTime, formatUsdt, NOT_AVAILABLE } from '@cropvest/ui/format';
import { ExplorerTxid } from '@cropvest/ui/transaction-id';
import { useChainNetworksQuery } from '../../api/chain.ts';
import { depositsApi, useMyDepositQuery } from '../../api/wallet.ts';
import { useProofViewer } from '../../shared/deposit/proof.ts';
import { BackToList, RequestSummary } from '../../shared/money-request.tsx';
import { useMoneyDetailMessages, type MoneyDetailMessageId } from './messages/catalogue.ts';

const VERDICT_POLL_MS = 10_000;
const CREDITED_BY: Record<NonNullable<DepositDetail['creditedBy']>, MoneyDetailMessageId> = {
  chain: 'moneyDetail.deposit.creditedBy.chain',
  admin: 'moneyDetail.deposit.creditedBy.admin',
};

export default function DepositDetailScreen() {
  const { id = '' } = useRouteParams<'id'>();
  const { text } = useMoneyDetailMessages();
  const shown = depositsApi.endpoints.myDeposit.useQueryState(id);
  const deposit = useMyDepositQuery(id, {
    skip: !id,
    pollingInterval: shown.data && isVerdictOpen(shown.data) ? VERDICT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  return (
    <DetailPage
      back={<BackToList own={{ path: '/investor/deposit', label: text('moneyDetail.deposit.back') }} />}
      query={deposit}
      what={text('moneyDetail.deposit.what')}
    >
      {(data) => <DepositFacts deposit={data} />}
    </DetailPage>
  );
}

function DepositFacts({ deposit }: { deposit: DepositDetail }) {
  const { text } = useMoneyDetailMessages();
  const proof = useProofViewer();
  // Only for the explorer link: without the networks the id shows unlinked.
  const networks = useChainNetworksQuery();
  const template =
    networks.data?.find((network) => network.network === deposit.network)?.explorerTxUrl ?? null;
  const declaredOther = !sameAmount(deposit.amount, deposit.claimedAmount);
  const reviewed = text(
    deposit.status === 'approved' ? 'moneyDetail.deposit.approvedOn' : 'moneyDetail.deposit.rejectedOn',
  );
  const facts: Fact[] = [
    [
      text(deposit.status === 'approved' ? 'moneyDetail.deposit.credited' : 'moneyDetail.deposit.amount'),
      formatUsdt(deposit.amount),
    ],
    ...factIf(declaredOther, text('moneyDetail.deposit.declared'), formatUsdt(deposit.claimedAmount)),
    [text('moneyDetail.deposit.network'), networkLabel(deposit.network)],
    [
      text('moneyDetail.deposit.txid'),
      deposit.txid ? (
        <ExplorerTxid txid={deposit.txid} template={template} />
      ) : (
        text('moneyDetail.deposit.noTxid')
      ),
    ],
    [
      text('moneyDetail.deposit.proof'),
      deposit.screenshotUrl ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void proof.view(deposit.id)}
          disabled={proof.opening === deposit.id}
        >
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" /> {text('moneyDetail.deposit.viewProof')}
        </Button>
      ) : (
        text('moneyDetail.deposit.noProof')
      ),
    ],
    [text('moneyDetail.deposit.claimedOn'), formatDateTime(deposit.createdAt)],
    [
      text('moneyDetail.deposit.checkedOn'),
      deposit.chain.checkedAt ? formatDateTime(deposit.chain.checkedAt) : NOT_AVAILABLE,
    ],
    ...factIf(deposit.reviewedAt !== null, reviewed, formatDateTime(deposit.reviewedAt)),
    ...factIf(
      deposit.creditedBy !== null,
      text('moneyDetail.deposit.creditedBy'),
      deposit.creditedBy && text(CREDITED_BY[deposit.creditedBy]),
    ),
    [text('moneyDetail.deposit.id'), <span className="font-mono text-xs">{deposit.id}</span>],
  ];
  return (
    <RequestSummary
      title={text('moneyDetail.deposit.title', { amount: formatUsdt(deposit.amount) })}
      status={deposit.status}
      outcome={<ChainVerdictText deposit={deposit} className="text-sm" />}
      // A refusal by the chain is the verdict's own sentence above.
      rejectionReason={deposit.chain.status === 'refused' ? null : deposit.rejectionReason}
      facts={facts}
    />
  );
}

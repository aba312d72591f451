// One deposit's page /admin/deposits/:id (decision 0121), opened from Manage Deposits: the status with its
// approvals and the same Approve and Reject as the queue's row (the same dialog), the chain's verdict, the
// transaction with its explorer page and proof, the amount credited and the one declared, and when it was
// claimed, checked and reviewed. A review anywhere, or the live stream's deposits topic, reads it again.
import { useState } from 'react';
import type { AdminDepositDetail } from '@cropvest/contracts/wallet/model';
import { useMeQuery } from '@cropvest/web-kit';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { isVerdictOpen, networkLabel } from '@cropvest/ui/chain-text';
import { factIf, type Fact } from '@cropvest/ui/fact-list';
import { formatDateTime, formatUsdt, NOT_AVAILABLE } from '@cropvest/ui/format';
import { useAdminChainNetworksQuery } from '../../api/chain.ts';
import { adminWalletApi, useAdminDepositQuery } from '../../api/wallet.ts';
import { RequestFacts, RequestPage } from '../../shared/review-queue/RequestPage.tsx';
import { ProofViewer } from './ProofViewer.tsx';
import { useDepositsMessages } from './messages/catalogue.ts';
import { claimedDiffers, explorerLinkOf } from './rules.ts';
import {
  DecisionDialog,
  DepositReviewActions,
  DepositStatus,
  TransactionCell,
  VerdictCell,
  type DepositDecision,
} from './review.tsx';

const VERDICT_POLL_MS = 10_000;

export default function DepositDetailScreen() {
  const { text } = useDepositsMessages();
  const { id = '' } = useRouteParams<'id'>();
  const shown = adminWalletApi.endpoints.adminDeposit.useQueryState(id);
  const deposit = useAdminDepositQuery(id, {
    skip: !id,
    pollingInterval: shown.data && isVerdictOpen(shown.data) ? VERDICT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  return (
    <RequestPage
      queue={{ path: '/admin/deposits', label: text('deposits.title') }}
      query={deposit}
      what={text('deposits.page.what')}
    >
      {(data) => <DepositFacts deposit={data} />}
    </RequestPage>
  );
}

function DepositFacts({ deposit }: { deposit: AdminDepositDetail }) {
  const { text } = useDepositsMessages();
  const me = useMeQuery();
  const networks = useAdminChainNetworksQuery();
  const [decision, setDecision] = useState<DepositDecision | null>(null);
  const [viewingProof, setViewingProof] = useState(false);
  const facts: Fact[] = [
    [text('deposits.column.amount'), formatUsdt(deposit.amount)],
    ...factIf(claimedDiffers(deposit), text('deposits.fact.declared'), formatUsdt(deposit.claimedAmount)),
    [text('deposits.fact.network'), networkLabel(deposit.network)],
    [text('deposits.fact.claimedOn'), formatDateTime(deposit.createdAt)],
    [
      text('deposits.fact.checkedOn'),
      deposit.chain.checkedAt ? formatDateTime(deposit.chain.checkedAt) : NOT_AVAILABLE,
    ],
    ...factIf(
      deposit.reviewedAt !== null,
      text(deposit.status === 'approved' ? 'deposits.fact.approvedOn' : 'deposits.fact.rejectedOn'),
      formatDateTime(deposit.reviewedAt),
    ),
    ...factIf(deposit.requiresSecondApproval, text('deposits.fact.fourEyes'), text('deposits.fact.needsTwo')),
    [text('deposits.fact.id'), <span className="font-mono text-xs">{deposit.id}</span>],
  ];
  return (
    <>
      <RequestFacts
        title={text('deposits.page.title', { amount: formatUsdt(deposit.amount) })}
        user={deposit.user}
        status={
          <>
            <DepositStatus deposit={deposit} />
            <DepositReviewActions deposit={deposit} myId={me.data?.id} onDecide={setDecision} />
          </>
        }
        extra={
          <Card>
            <CardHeader>
              <CardTitle level={2}>{text('deposits.column.transaction')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <TransactionCell
                deposit={deposit}
                link={explorerLinkOf(deposit, networks.data)}
                onViewProof={() => setViewingProof(true)}
              />
              <VerdictCell deposit={deposit} />
            </CardContent>
          </Card>
        }
        facts={facts}
      />
      {viewingProof ? <ProofViewer deposit={deposit} onClose={() => setViewingProof(false)} /> : null}
      {decision ? (
        <DecisionDialog
          decision={decision}
          onDone={() => setDecision(null)}
          onCancel={() => setDecision(null)}
        />
      ) : null}
    </>
  );
}

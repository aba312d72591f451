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
  const { id = '' } = useRouteParams<'id'>();
  const shown = adminWalletApi.endpoints.adminDeposit.useQueryState(id);
  const deposit = useAdminDepositQuery(id, {
    skip: !id,
    pollingInterval: shown.data && isVerdictOpen(shown.data) ? VERDICT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  return (
    <RequestPage
      queue={{ path: '/admin/deposits', label: 'Manage Deposits' }}
      query={deposit}
      what="this deposit"
    >
      {(data) => <DepositFacts deposit={data} />}
    </RequestPage>
  );
}

function DepositFacts({ deposit }: { deposit: AdminDepositDetail }) {
  const me = useMeQuery();
  const networks = useAdminChainNetworksQuery();
  const [decision, setDecision] = useState<DepositDecision | null>(null);
  const [viewingProof, setViewingProof] = useState(false);
  const facts: Fact[] = [
    ['Amount', formatUsdt(deposit.amount)],
    ...factIf(claimedDiffers(deposit), 'Declared by the investor', formatUsdt(deposit.claimedAmount)),
    ['Network', networkLabel(deposit.network)],
    ['Claimed on', formatDateTime(deposit.createdAt)],
    ['Checked on chain', deposit.chain.checkedAt ? formatDateTime(deposit.chain.checkedAt) : NOT_AVAILABLE],
    ...factIf(
      deposit.reviewedAt !== null,
      deposit.status === 'approved' ? 'Approved on' : 'Rejected on',
      formatDateTime(deposit.reviewedAt),
    ),
    ...factIf(deposit.requiresSecondApproval, 'Four-eyes', 'Needs two different admins'),
    ['Deposit ID', <span className="font-mono text-xs">{deposit.id}</span>],
  ];
  return (
    <>
      <RequestFacts
        kind="Deposit"
        amount={deposit.amount}
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
              <CardTitle level={2}>Transaction</CardTitle>
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

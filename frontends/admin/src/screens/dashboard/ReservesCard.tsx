// The dashboard's Reserves card (docs/decisions/0082): the latest reconciliation of the USDT on every platform
// address with what the ledger owes investors (coverage, shortfall, each network on chain beside what the ledger
// says arrived there), when it ran, Reconcile now, the latest proof of liabilities with Publish proof now, and the
// 90-day chart (recharts, loaded after the card).
import { lazy, Suspense, useEffect, useState } from 'react';
import { RefreshCw, ShieldCheck } from 'lucide-react';
import type { Reconciliation, ReservesOverview } from '@cropvest/contracts/chain/reserves';
import { compareAmounts, subtractAmounts } from '@cropvest/contracts/money';
import { Link } from '@cropvest/web-kit/router';
import { toastFailure } from '@cropvest/web-kit/form';
import { Badge, type BadgeTone } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { networkTitle } from '@cropvest/ui/chain-text';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatCount, formatCoverage, formatDateTime, formatUsdtPrecise } from '@cropvest/ui/format';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { columnHelper, DataTable } from '@cropvest/ui/data-table';
import { toast } from '@cropvest/ui/toast';
import {
  useBuildLiabilitiesProofMutation,
  useReconcileReservesMutation,
  useReservesOverviewQuery,
} from '../../api/chain.ts';

const ReservesHistoryCard = lazy(() => import('./ReservesHistoryCard.tsx'));

type NetworkReserve = Reconciliation['networks'][number];
const networkColumn = columnHelper<NetworkReserve>();
/** What the ledger says is on a network: the deposits credited there less the withdrawals paid from it. */
const ledgerOf = (network: NetworkReserve) =>
  subtractAmounts(network.depositsCredited, network.withdrawalsPaid);

/** Each network at the last run: on chain beside what the ledger says arrived there, and the difference. */
const NETWORK_COLUMNS = [
  networkColumn.display({
    id: 'network',
    header: 'Network',
    cell: ({ row: { original: network } }) => (
      <div data-testid={`reserves-network-${network.network}`}>
        <span className="font-medium">{networkTitle(network.network)}</span>
        <span className="block text-xs text-ink-muted">
          {formatCount(network.addresses.length)} address
          {network.addresses.length === 1 ? '' : 'es'}
          {network.finalBlock ? ` · block ${network.finalBlock}` : ''}
        </span>
      </div>
    ),
  }),
  networkColumn.display({
    id: 'onChain',
    header: 'On chain',
    cell: ({ row: { original: network } }) =>
      network.status === 'read' ? (
        <span className="whitespace-nowrap tabular-nums">{formatUsdtPrecise(network.amount)}</span>
      ) : (
        <span title={network.error ?? undefined}>
          <Badge tone="yellow">Not read</Badge>
          <span className="mt-1 block max-w-64 text-xs text-ink-muted">{network.error}</span>
        </span>
      ),
  }),
  networkColumn.display({
    id: 'ledger',
    header: 'Ledger: deposits less withdrawals',
    cell: ({ row: { original: network } }) => (
      <span className="tabular-nums">
        <span className="whitespace-nowrap">{formatUsdtPrecise(ledgerOf(network))}</span>
        {compareAmounts(network.withdrawalsUnverified, '0') > 0 ? (
          // Payouts the chain has not verified: the ledger says they left, nothing on chain says so yet.
          <span className="block text-xs text-warning-ink">
            {formatUsdtPrecise(network.withdrawalsUnverified)} paid out unverified
          </span>
        ) : null}
      </span>
    ),
  }),
  networkColumn.display({
    id: 'difference',
    header: 'Difference',
    cell: ({ row: { original: network } }) => (
      <span className="whitespace-nowrap tabular-nums">
        {network.amount === null
          ? '—'
          : formatUsdtPrecise(subtractAmounts(network.amount, ledgerOf(network)))}
      </span>
    ),
  }),
];

/** How often the card looks whether the proof it asked for is published yet. */
const BUILD_POLL_MS = 2_000;

const STATUS: Record<Reconciliation['status'], { label: string; tone: BadgeTone; text: string }> = {
  covered: { label: 'Covered', tone: 'green', text: 'The reserves read cover what the ledger owes.' },
  short: { label: 'Short', tone: 'red', text: 'The reserves are below what the ledger owes.' },
  incomplete: {
    label: 'Incomplete',
    tone: 'yellow',
    text: 'A network could not be read, and the networks read do not cover what the ledger owes.',
  },
};

export function ReservesCard() {
  // While a proof asked for is being built: the build time the card saw before, to notice the new one.
  const [awaitingBuild, setAwaitingBuild] = useState<string | null | undefined>(undefined);
  const overview = useReservesOverviewQuery(undefined, {
    pollingInterval: awaitingBuild === undefined ? 0 : BUILD_POLL_MS,
  });
  const [reconcile, reconciling] = useReconcileReservesMutation();
  const [buildProof, starting] = useBuildLiabilitiesProofMutation();
  const builtAt = overview.data?.proof?.builtAt ?? null;

  useEffect(() => {
    if (awaitingBuild === undefined || builtAt === awaitingBuild) return;
    setAwaitingBuild(undefined);
    toast({ title: 'Proof of liabilities published', variant: 'success' });
  }, [awaitingBuild, builtAt]);

  const reconcileNow = async () => {
    try {
      const run = await reconcile().unwrap();
      toast({
        title: `Reserves reconciled: ${STATUS[run.status].label.toLowerCase()}`,
        description: STATUS[run.status].text,
        variant: run.status === 'covered' ? 'success' : 'destructive',
      });
    } catch (error) {
      toastFailure(error, { title: 'Reconciliation failed', fallback: 'The reserves could not be read now' });
    }
  };
  const publishProof = async () => {
    try {
      await buildProof().unwrap();
      setAwaitingBuild(builtAt);
    } catch (error) {
      toastFailure(error, { title: 'Proof not built', fallback: 'The proof could not be built now' });
    }
  };

  return (
    <section aria-labelledby="reserves-title" className="space-y-6" data-testid="reserves">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle level={2} id="reserves-title" className="flex items-center gap-2">
                <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand" /> Reserves
              </CardTitle>
              {overview.data?.latest ? (
                <Badge tone={STATUS[overview.data.latest.status].tone} data-testid="reserves-status">
                  {STATUS[overview.data.latest.status].label}
                </Badge>
              ) : null}
            </div>
            <CardDescription>
              USDT on every platform address, read on chain, against what the ledger owes investors.
            </CardDescription>
          </div>
          <Button onClick={() => void reconcileNow()} disabled={reconciling.isLoading}>
            <RefreshCw
              aria-hidden="true"
              className={reconciling.isLoading ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
            />
            {reconciling.isLoading ? 'Reconciling…' : 'Reconcile now'}
          </Button>
        </CardHeader>
        <CardContent>
          <QueryView query={overview} what="the reserves" skeleton={<Skeleton className="h-48" />}>
            {(data) => (
              <div className="space-y-6">
                {data.latest ? (
                  <LatestRun run={data.latest} />
                ) : (
                  <EmptyState
                    title="No reconciliation yet"
                    description="The first runs when the chain service starts; Reconcile now runs one at once."
                  />
                )}
                <ProofLine
                  proof={data.proof}
                  building={awaitingBuild !== undefined || starting.isLoading}
                  onPublish={() => void publishProof()}
                />
              </div>
            )}
          </QueryView>
        </CardContent>
      </Card>
      <Suspense fallback={<Skeleton className="h-96" />}>
        <ReservesHistoryCard />
      </Suspense>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-surface-muted p-3">
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="mt-1 break-words text-lg font-semibold text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function LatestRun({ run }: { run: Reconciliation }) {
  const { liabilities } = run;
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        {STATUS[run.status].text} Last run {formatDateTime(run.startedAt)} (
        {run.trigger === 'admin' ? 'asked for by an admin' : 'scheduled'}).
      </p>
      <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <Figure label="Reserves on chain" value={formatUsdtPrecise(run.reserves)} testId="reserves-total" />
        <Figure label="Liabilities" value={formatUsdtPrecise(liabilities.total)} testId="liabilities-total" />
        <Figure label="Coverage" value={formatCoverage(run.coverage)} testId="reserves-coverage" />
        <Figure label="Shortfall" value={formatUsdtPrecise(run.shortfall)} testId="reserves-shortfall" />
      </dl>
      <p className="text-xs text-ink-muted">
        Liabilities: {formatUsdtPrecise(liabilities.available)} available,{' '}
        {formatUsdtPrecise(liabilities.held)} held for withdrawals, {formatUsdtPrecise(liabilities.invested)}{' '}
        invested, {formatUsdtPrecise(liabilities.accruedInterest)} interest accrued.
      </p>
      <DataTable
        caption="Reserves per network at the last run"
        columns={NETWORK_COLUMNS}
        rows={run.networks}
        rowId={(network) => network.network}
        page={1}
        pageSize={Math.max(run.networks.length, 1)}
        total={run.networks.length}
        onPageChange={() => undefined}
        cardsOnPhone
      />
    </div>
  );
}

function ProofLine({
  proof,
  building,
  onPublish,
}: {
  proof: ReservesOverview['proof'];
  building: boolean;
  onPublish: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
      <p className="min-w-0 text-sm text-ink-muted" data-testid="proof-summary">
        {proof
          ? proof.leafCount
            ? `Proof of liabilities published ${formatDateTime(proof.builtAt)}: ${formatCount(proof.leafCount)} investors, ${formatUsdtPrecise(proof.total)}.`
            : `At the last proof build (${formatDateTime(proof.builtAt)}) nobody was owed anything.`
          : 'No proof of liabilities has been built yet.'}{' '}
        <Link to="/proof-of-reserves" className="font-medium text-brand-ink underline underline-offset-4">
          Public page
        </Link>
      </p>
      <Button variant="outline" onClick={onPublish} disabled={building}>
        {building ? 'Building the proof…' : 'Publish proof now'}
      </Button>
    </div>
  );
}

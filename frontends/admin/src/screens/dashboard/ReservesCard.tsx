// The dashboard's Reserves card (docs/decisions/0082): the latest reconciliation of the USDT on every platform
// address with what the ledger owes investors (coverage, shortfall, each network on chain beside what the ledger
// says arrived there), when it ran, Reconcile now, the latest proof of liabilities with Publish proof now, and the
// 90-day chart (recharts, loaded after the card).
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
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
import { NOT_AVAILABLE, formatCoverage, formatDateTime, formatUsdtPrecise } from '@cropvest/ui/format';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { columnHelper } from '@cropvest/ui/data-table';
import { RowsTable } from '@cropvest/ui/list/results';
import { toast } from '@cropvest/ui/toast';
import {
  useBuildLiabilitiesProofMutation,
  useReconcileReservesMutation,
  useReservesOverviewQuery,
} from '../../api/chain.ts';
import { useAdminDashboardMessages, type AdminDashboardMessageId } from './messages/catalogue.ts';

const ReservesHistoryCard = lazy(() => import('./ReservesHistoryCard.tsx'));

type NetworkReserve = Reconciliation['networks'][number];
type Text = ReturnType<typeof useAdminDashboardMessages>['text'];
const networkColumn = columnHelper<NetworkReserve>();
/** What the ledger says is on a network: the deposits credited there less the withdrawals paid from it. */
const ledgerOf = (network: NetworkReserve) =>
  subtractAmounts(network.depositsCredited, network.withdrawalsPaid);

/** Each network at the last run: on chain beside what the ledger says arrived there, and the difference. */
const networkColumns = (text: Text) => [
  networkColumn.display({
    id: 'network',
    header: text('dashboard.reserves.networks.network'),
    cell: ({ row: { original: network } }) => (
      <div data-testid={`reserves-network-${network.network}`}>
        <span className="font-medium">{networkTitle(network.network)}</span>
        <span className="block text-xs text-ink-muted">
          {text('dashboard.reserves.networks.addresses', { count: network.addresses.length })}
          {network.finalBlock ? text('dashboard.reserves.networks.block', { block: network.finalBlock }) : ''}
        </span>
      </div>
    ),
  }),
  networkColumn.display({
    id: 'onChain',
    header: text('dashboard.reserves.networks.onChain'),
    cell: ({ row: { original: network } }) =>
      network.status === 'read' ? (
        <span className="whitespace-nowrap tabular-nums">{formatUsdtPrecise(network.amount)}</span>
      ) : (
        <span title={network.error ?? undefined}>
          <Badge tone="yellow">{text('dashboard.reserves.networks.notRead')}</Badge>
          <span className="mt-1 block max-w-64 text-xs text-ink-muted">{network.error}</span>
        </span>
      ),
  }),
  networkColumn.display({
    id: 'ledger',
    header: text('dashboard.reserves.networks.ledger'),
    cell: ({ row: { original: network } }) => (
      <span className="tabular-nums">
        <span className="whitespace-nowrap">{formatUsdtPrecise(ledgerOf(network))}</span>
        {compareAmounts(network.withdrawalsUnverified, '0') > 0 ? (
          // Payouts the chain has not verified: the ledger says they left, nothing on chain says so yet.
          <span className="block text-xs text-warning-ink">
            {text('dashboard.reserves.networks.unverified', {
              amount: formatUsdtPrecise(network.withdrawalsUnverified),
            })}
          </span>
        ) : null}
      </span>
    ),
  }),
  networkColumn.display({
    id: 'difference',
    header: text('dashboard.reserves.networks.difference'),
    cell: ({ row: { original: network } }) => (
      <span className="whitespace-nowrap tabular-nums">
        {network.amount === null
          ? NOT_AVAILABLE
          : formatUsdtPrecise(subtractAmounts(network.amount, ledgerOf(network)))}
      </span>
    ),
  }),
];

/** How often the card looks whether the proof it asked for is published yet. */
const BUILD_POLL_MS = 2_000;

const STATUS: Record<
  Reconciliation['status'],
  { label: AdminDashboardMessageId; tone: BadgeTone; text: AdminDashboardMessageId }
> = {
  covered: {
    label: 'dashboard.reserves.status.covered',
    tone: 'green',
    text: 'dashboard.reserves.statusText.covered',
  },
  short: {
    label: 'dashboard.reserves.status.short',
    tone: 'red',
    text: 'dashboard.reserves.statusText.short',
  },
  incomplete: {
    label: 'dashboard.reserves.status.incomplete',
    tone: 'yellow',
    text: 'dashboard.reserves.statusText.incomplete',
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
  const { text } = useAdminDashboardMessages();

  useEffect(() => {
    if (awaitingBuild === undefined || builtAt === awaitingBuild) return;
    setAwaitingBuild(undefined);
    toast({ title: text('dashboard.reserves.toast.proofPublished'), variant: 'success' });
  }, [awaitingBuild, builtAt, text]);

  const reconcileNow = async () => {
    try {
      const run = await reconcile().unwrap();
      toast({
        title: text('dashboard.reserves.toast.reconciled', { status: run.status }),
        description: text(STATUS[run.status].text),
        variant: run.status === 'covered' ? 'success' : 'destructive',
      });
    } catch (error) {
      toastFailure(error, {
        title: text('dashboard.reserves.toast.reconcileFailed'),
        fallback: text('dashboard.reserves.toast.reconcileFallback'),
      });
    }
  };
  const publishProof = async () => {
    try {
      await buildProof().unwrap();
      setAwaitingBuild(builtAt);
    } catch (error) {
      toastFailure(error, {
        title: text('dashboard.reserves.toast.proofFailed'),
        fallback: text('dashboard.reserves.toast.proofFallback'),
      });
    }
  };

  return (
    <section aria-labelledby="reserves-title" className="space-y-6" data-testid="reserves">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle level={2} id="reserves-title" className="flex items-center gap-2">
                <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand" />
                {text('dashboard.reserves.title')}
              </CardTitle>
              {overview.data?.latest ? (
                <Badge tone={STATUS[overview.data.latest.status].tone} data-testid="reserves-status">
                  {text(STATUS[overview.data.latest.status].label)}
                </Badge>
              ) : null}
            </div>
            <CardDescription>{text('dashboard.reserves.description')}</CardDescription>
          </div>
          <Button onClick={() => void reconcileNow()} disabled={reconciling.isLoading}>
            <RefreshCw
              aria-hidden="true"
              className={reconciling.isLoading ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
            />
            {text(reconciling.isLoading ? 'dashboard.reserves.reconciling' : 'dashboard.reserves.reconcile')}
          </Button>
        </CardHeader>
        <CardContent>
          <QueryView
            query={overview}
            what={text('dashboard.reserves.what')}
            skeleton={<Skeleton className="h-48" />}
          >
            {(data) => (
              <div className="space-y-6">
                {data.latest ? (
                  <LatestRun run={data.latest} />
                ) : (
                  <EmptyState
                    title={text('dashboard.reserves.none.title')}
                    description={text('dashboard.reserves.none.description')}
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
  const { text } = useAdminDashboardMessages();
  const columns = useMemo(() => networkColumns(text), [text]);
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        {text('dashboard.reserves.lastRun', {
          status: text(STATUS[run.status].text),
          date: formatDateTime(run.startedAt),
          trigger: run.trigger,
        })}
      </p>
      <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <Figure
          label={text('dashboard.reserves.figure.reserves')}
          value={formatUsdtPrecise(run.reserves)}
          testId="reserves-total"
        />
        <Figure
          label={text('dashboard.reserves.figure.liabilities')}
          value={formatUsdtPrecise(liabilities.total)}
          testId="liabilities-total"
        />
        <Figure
          label={text('dashboard.reserves.figure.coverage')}
          value={formatCoverage(run.coverage)}
          testId="reserves-coverage"
        />
        <Figure
          label={text('dashboard.reserves.figure.shortfall')}
          value={formatUsdtPrecise(run.shortfall)}
          testId="reserves-shortfall"
        />
      </dl>
      <p className="text-xs text-ink-muted">
        {text('dashboard.reserves.liabilities', {
          available: formatUsdtPrecise(liabilities.available),
          held: formatUsdtPrecise(liabilities.held),
          invested: formatUsdtPrecise(liabilities.invested),
          interest: formatUsdtPrecise(liabilities.accruedInterest),
        })}
      </p>
      <RowsTable
        caption={text('dashboard.reserves.networks.caption')}
        columns={columns}
        rows={run.networks}
        rowId={(network) => network.network}
        empty={null}
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
  const { text } = useAdminDashboardMessages();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
      <p className="min-w-0 text-sm text-ink-muted" data-testid="proof-summary">
        {proof
          ? proof.leafCount
            ? text('dashboard.reserves.proof.published', {
                date: formatDateTime(proof.builtAt),
                count: proof.leafCount,
                total: formatUsdtPrecise(proof.total),
              })
            : text('dashboard.reserves.proof.nobodyOwed', { date: formatDateTime(proof.builtAt) })
          : text('dashboard.reserves.proof.none')}
        <Link
          to="/proof-of-reserves"
          className="ms-1 font-medium text-brand-ink underline underline-offset-4"
        >
          {text('dashboard.reserves.proof.publicPage')}
        </Link>
      </p>
      <Button variant="outline" onClick={onPublish} disabled={building}>
        {text(building ? 'dashboard.reserves.proof.building' : 'dashboard.reserves.proof.publish')}
      </Button>
    </div>
  );
}

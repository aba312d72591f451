// Reserve Fund (/admin/reserve, docs/decisions/0091): the platform's own money set aside to back plans' harvests —
// its balance, what was contributed and allocated, and how many allocations wait for a second admin; the
// contributions (recorded platform money, never an investor's balance) with the form to record one; and the
// allocations to plans with their four-eyes state, which another admin than the requester approves or rejects.
// Each list pages on the server with its page in the address.
import { useState } from 'react';
import { HandCoins, Landmark, Plus, ShieldCheck } from 'lucide-react';
import type { ReserveAllocation, ReserveContribution } from '@cropvest/contracts/plans/funding';
import { useMeQuery } from '@cropvest/web-kit';
import { Link } from '@cropvest/web-kit/router';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { columnHelper } from '@cropvest/ui/data-table';
import { formatCount, formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { StatCard } from '@cropvest/ui/stat-card';
import { useSectionPage } from '../../shared/user-detail/section-page.ts';
import {
  usePlanFundingQuery,
  useRecordContributionMutation,
  useReserveAllocationsQuery,
  useReserveContributionsQuery,
  useReserveFundQuery,
} from '../../api/plans.ts';
import {
  DecisionDialog,
  ProposalActions,
  type Decision,
} from '../../shared/plan-funding/ProposalDialogs.tsx';
import { RecordMoneyDialog } from '../../shared/plan-funding/RecordMoneyDialog.tsx';
import { moneyRecordColumns } from '../../shared/plan-funding/money-record-columns.tsx';
import {
  amountCell,
  RecordsSection,
  textCell,
  useVerdictPolling,
} from '../../shared/plan-funding/RecordsTable.tsx';
import { APPROVAL_STATUS, RECORDS_PAGE_SIZE } from '../../shared/plan-funding/rules.ts';
import { useSharedPlanFundingMessages } from '../../shared/plan-funding/messages/catalogue.ts';
import { useReserveMessages } from './messages/catalogue.ts';

export default function ReserveFundScreen() {
  const { text } = useReserveMessages();
  const fund = useReserveFundQuery();
  const [recording, setRecording] = useState(false);
  const [record] = useRecordContributionMutation();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('reserve.title')}</h1>
          <p className="mt-1 text-ink-muted">{text('reserve.intro')}</p>
        </div>
        <Button onClick={() => setRecording(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {text('reserve.record')}
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label={text('reserve.stat.balance')}
          value={fund.data ? formatUsdt(fund.data.balance) : null}
          loading={fund.isLoading}
          icon={<Landmark className="h-5 w-5" />}
          note={text('reserve.stat.balanceNote')}
        />
        <StatCard
          label={text('reserve.stat.contributed')}
          value={fund.data ? formatUsdt(fund.data.contributed) : null}
          loading={fund.isLoading}
        />
        <StatCard
          label={text('reserve.stat.allocated')}
          value={fund.data ? formatUsdt(fund.data.allocated) : null}
          loading={fund.isLoading}
        />
        <StatCard
          label={text('reserve.stat.awaiting')}
          value={fund.data ? formatCount(fund.data.awaitingApproval) : null}
          loading={fund.isLoading}
          icon={<ShieldCheck className="h-5 w-5" />}
          note={text('reserve.stat.awaitingNote')}
        />
      </div>

      <AllocationsSection />
      <ContributionsSection />

      {recording ? (
        <RecordMoneyDialog
          kind="contribution"
          title={text('reserve.record')}
          description={text('reserve.dialog.description')}
          submitLabel={text('reserve.record')}
          save={(body) => record(body as never).unwrap()}
          saved={{
            title: text('reserve.dialog.saved'),
            description: text('reserve.dialog.savedDescription'),
          }}
          failed={text('reserve.dialog.failed')}
          onClose={() => setRecording(false)}
        />
      ) : null}
    </div>
  );
}

/** A plan named by its title (read from its funding figures), linking to its funding page. */
function PlanLink({ planId }: { planId: string }) {
  const { rich, text } = useReserveMessages();
  const plan = usePlanFundingQuery(planId);
  return (
    <Link
      to={`/admin/plans/${planId}/funding`}
      className="font-medium text-brand-ink underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      {rich('reserve.plan.link', {
        title: plan.data?.planTitle ?? text('reserve.plan.fallback'),
        hidden: (chunks) => <span className="sr-only">{chunks}</span>,
      })}
    </Link>
  );
}

function AllocationsSection() {
  const { text } = useReserveMessages();
  const { text: fundingText } = useSharedPlanFundingMessages();
  const [page, setPage] = useSectionPage('allocations');
  const query = useReserveAllocationsQuery({ page, pageSize: RECORDS_PAGE_SIZE });
  const me = useMeQuery();
  const [decision, setDecision] = useState<Decision | null>(null);
  const col = columnHelper<ReserveAllocation>();
  const decide = (allocation: ReserveAllocation, approve: boolean, planTitle: string) =>
    setDecision({ what: 'allocation', approve, allocation, planTitle });

  /** The four-eyes state and, for another admin, Approve and Reject. */
  const approval = (allocation: ReserveAllocation) => {
    const shown = APPROVAL_STATUS[allocation.status];
    return (
      <div className="min-w-[10rem] space-y-1.5">
        <Badge tone={shown.tone}>{fundingText(shown.label)}</Badge>
        <p className="text-xs text-ink-muted">
          {text('reserve.allocations.requested', {
            who: allocation.requestedBy === me.data?.id ? 'me' : 'other',
          })}
        </p>
        <AllocationActions
          allocation={allocation}
          adminId={me.data?.id}
          onDecide={(approve, planTitle) => decide(allocation, approve, planTitle)}
        />
      </div>
    );
  };

  const columns = [
    col.accessor('planId', {
      header: text('reserve.allocations.plan'),
      cell: (info) => {
        const allocation = info.row.original;
        return (
          <div className="min-w-[9rem] space-y-1">
            <PlanLink planId={allocation.planId} />
            <p className="text-xs text-ink-muted">{formatDateTime(allocation.createdAt)}</p>
          </div>
        );
      },
    }),
    col.accessor('amount', {
      header: text('reserve.allocations.amount'),
      cell: (info) => amountCell(info.getValue()),
    }),
    col.accessor('reason', {
      header: text('reserve.allocations.reason'),
      cell: (info) => textCell(info.getValue()),
    }),
    col.accessor('status', {
      header: text('reserve.allocations.approval'),
      cell: (info) => approval(info.row.original),
    }),
  ];

  return (
    <RecordsSection
      query={query}
      page={page}
      setPage={setPage}
      caption={text('reserve.allocations.caption')}
      columns={columns}
      empty={{
        icon: <Landmark className="h-8 w-8" />,
        title: text('reserve.allocations.emptyTitle'),
        description: text('reserve.allocations.emptyDescription'),
      }}
      description={text('reserve.allocations.description')}
    >
      {decision ? <DecisionDialog decision={decision} onDone={() => setDecision(null)} /> : null}
    </RecordsSection>
  );
}

/** Approve and Reject of an allocation waiting for a second admin, named after its plan for screen readers. */
function AllocationActions({
  allocation,
  adminId,
  onDecide,
}: {
  allocation: ReserveAllocation;
  adminId: string | undefined;
  onDecide: (approve: boolean, planTitle: string) => void;
}) {
  const { text } = useReserveMessages();
  const plan = usePlanFundingQuery(allocation.planId);
  const planTitle = plan.data?.planTitle ?? text('reserve.plan.fallbackOf');
  return (
    <ProposalActions
      proposal={allocation}
      adminId={adminId}
      of={text('reserve.allocations.of', { amount: formatUsdt(allocation.amount), plan: planTitle })}
      onDecide={(approve) => onDecide(approve, planTitle)}
    />
  );
}

function ContributionsSection() {
  const { text } = useReserveMessages();
  const { text: fundingText } = useSharedPlanFundingMessages();
  const contributionColumns = moneyRecordColumns<ReserveContribution>({
    day: (row) => row.receivedOn,
    noun: 'contribution',
    details: [
      columnHelper<ReserveContribution>().accessor('source', {
        header: text('reserve.contributions.source'),
        cell: (info) => textCell(info.getValue()),
      }),
    ],
    text: fundingText,
  });
  const [page, setPage] = useSectionPage('contributions');
  const polling = useVerdictPolling();
  const query = useReserveContributionsQuery({ page, pageSize: RECORDS_PAGE_SIZE }, polling.options);
  polling.watch(query.data?.items);
  return (
    <RecordsSection
      query={query}
      page={page}
      setPage={setPage}
      caption={text('reserve.contributions.caption')}
      columns={contributionColumns}
      empty={{
        icon: <HandCoins className="h-8 w-8" />,
        title: text('reserve.contributions.emptyTitle'),
        description: text('reserve.contributions.emptyDescription'),
      }}
      description={text('reserve.contributions.description')}
    />
  );
}

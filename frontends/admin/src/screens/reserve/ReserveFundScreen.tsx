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
import { APPROVAL_LABELS, RECORDS_PAGE_SIZE } from '../../shared/plan-funding/rules.ts';

export default function ReserveFundScreen() {
  const fund = useReserveFundQuery();
  const [recording, setRecording] = useState(false);
  const [record] = useRecordContributionMutation();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Reserve Fund</h1>
          <p className="mt-1 text-ink-muted">
            The platform&apos;s own money set aside to back harvests that fall short. It is funded by recorded
            platform money, never by investors&apos; balances.
          </p>
        </div>
        <Button onClick={() => setRecording(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Record contribution
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Balance"
          value={fund.data ? formatUsdt(fund.data.balance) : null}
          loading={fund.isLoading}
          icon={<Landmark className="h-5 w-5" />}
          note="Contributed minus approved allocations"
        />
        <StatCard
          label="Contributed"
          value={fund.data ? formatUsdt(fund.data.contributed) : null}
          loading={fund.isLoading}
        />
        <StatCard
          label="Allocated to plans"
          value={fund.data ? formatUsdt(fund.data.allocated) : null}
          loading={fund.isLoading}
        />
        <StatCard
          label="Awaiting a second admin"
          value={fund.data ? formatCount(fund.data.awaitingApproval) : null}
          loading={fund.isLoading}
          icon={<ShieldCheck className="h-5 w-5" />}
          note="Allocations above the second-approval threshold"
        />
      </div>

      <AllocationsSection />
      <ContributionsSection />

      {recording ? (
        <RecordMoneyDialog
          kind="contribution"
          title="Record contribution"
          description="Platform money put in the reserve fund: the amount, when it arrived and where it came from."
          submitLabel="Record contribution"
          save={(body) => record(body as never).unwrap()}
          saved={{ title: 'Contribution recorded', description: 'The reserve fund’s balance is updated.' }}
          failed="Failed to record the contribution"
          onClose={() => setRecording(false)}
        />
      ) : null}
    </div>
  );
}

/** A plan named by its title (read from its funding figures), linking to its funding page. */
function PlanLink({ planId }: { planId: string }) {
  const plan = usePlanFundingQuery(planId);
  return (
    <Link
      to={`/admin/plans/${planId}/funding`}
      className="font-medium text-brand-ink underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      {plan.data?.planTitle ?? 'The plan'}
      <span className="sr-only">: funding</span>
    </Link>
  );
}

function AllocationsSection() {
  const [page, setPage] = useSectionPage('allocations');
  const query = useReserveAllocationsQuery({ page, pageSize: RECORDS_PAGE_SIZE });
  const me = useMeQuery();
  const [decision, setDecision] = useState<Decision | null>(null);
  const col = columnHelper<ReserveAllocation>();
  const decide = (allocation: ReserveAllocation, approve: boolean, planTitle: string) =>
    setDecision({ what: 'allocation', approve, allocation, planTitle });

  /** The four-eyes state and, for another admin, Approve and Reject. */
  const approval = (allocation: ReserveAllocation) => {
    const shown = APPROVAL_LABELS[allocation.status];
    return (
      <div className="min-w-[10rem] space-y-1.5">
        <Badge tone={shown.tone}>{shown.label}</Badge>
        <p className="text-xs text-ink-muted">
          Requested {allocation.requestedBy === me.data?.id ? 'by you' : 'by another admin'}
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
      header: 'Plan',
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
    col.accessor('amount', { header: 'Amount', cell: (info) => amountCell(info.getValue()) }),
    col.accessor('reason', {
      header: 'Reason',
      cell: (info) => textCell(info.getValue()),
    }),
    col.accessor('status', {
      header: 'Approval',
      cell: (info) => approval(info.row.original),
    }),
  ];

  return (
    <RecordsSection
      query={query}
      page={page}
      setPage={setPage}
      caption="Allocations to plans"
      columns={columns}
      empty={{
        icon: <Landmark className="h-8 w-8" />,
        title: 'No allocations yet',
        description: "Allocate reserve from a plan's funding page when its harvest falls short.",
      }}
      description="Reserve moved to plans whose harvest falls short, newest first. Above the second-approval threshold a different admin than the requester approves or rejects."
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
  const plan = usePlanFundingQuery(allocation.planId);
  const planTitle = plan.data?.planTitle ?? 'the plan';
  return (
    <ProposalActions
      proposal={allocation}
      adminId={adminId}
      of={`the allocation of ${formatUsdt(allocation.amount)} to ${planTitle}`}
      onDecide={(approve) => onDecide(approve, planTitle)}
    />
  );
}

const contributionColumns = moneyRecordColumns<ReserveContribution>({
  day: (row) => row.receivedOn,
  noun: 'contribution',
  details: [
    columnHelper<ReserveContribution>().accessor('source', {
      header: 'Source',
      cell: (info) => textCell(info.getValue()),
    }),
  ],
});

function ContributionsSection() {
  const [page, setPage] = useSectionPage('contributions');
  const polling = useVerdictPolling();
  const query = useReserveContributionsQuery({ page, pageSize: RECORDS_PAGE_SIZE }, polling.options);
  polling.watch(query.data?.items);
  return (
    <RecordsSection
      query={query}
      page={page}
      setPage={setPage}
      caption="Contributions"
      columns={contributionColumns}
      empty={{
        icon: <HandCoins className="h-8 w-8" />,
        title: 'No contributions yet',
        description: 'Record platform money as it is put in the reserve fund.',
      }}
      description="Platform money put in the reserve fund, newest first."
    />
  );
}

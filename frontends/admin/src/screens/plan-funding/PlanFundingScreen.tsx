// A plan's funding (/admin/plans/:id/funding, docs/decisions/0091): what it raised, sent to its operator, received
// from its harvest and holds from the reserve against what its investors are due, with the coverage gauge; the
// disbursements and proceeds recorded (each with its on-chain transfer and evidence) and the forms to record more;
// a reserve allocation request; and, when the harvest found the plan short, its settlement — proposed by one admin,
// approved or rejected by another. Each section pages on the server with its page in the address.
import { useState } from 'react';
import { AlertTriangle, ArrowLeft, HandCoins, Landmark, Scale, Send, Wheat } from 'lucide-react';
import type {
  Disbursement,
  PlanFunding,
  ProceedsReceipt,
  Settlement,
} from '@cropvest/contracts/plans/funding';
import { useMeQuery } from '@cropvest/web-kit';
import { Link } from '@cropvest/web-kit/router';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { CoverageGauge } from '@cropvest/ui/coverage-gauge';
import { columnHelper } from '@cropvest/ui/data-table';
import { formatDate, formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { planPages } from '../../shared/plans/PlanPageHeader.tsx';
import { useSectionPage } from '../../shared/user-detail/section-page.ts';
import {
  useDisbursementsQuery,
  usePlanFundingQuery,
  useProceedsQuery,
  useRecordDisbursementMutation,
  useRecordProceedsMutation,
  useSettlementsQuery,
} from '../../api/plans.ts';
import {
  AllocationDialog,
  ProposalActions,
  DecisionDialog,
  SettlementDialog,
  settlementSummary,
  type Decision,
} from '../../shared/plan-funding/ProposalDialogs.tsx';
import { RecordMoneyDialog } from '../../shared/plan-funding/RecordMoneyDialog.tsx';
import { moneyRecordColumns } from '../../shared/plan-funding/money-record-columns.tsx';
import { RecordsSection, textCell, useVerdictPolling } from '../../shared/plan-funding/RecordsTable.tsx';
import { APPROVAL_LABELS, PAYOUT_STATUS, RECORDS_PAGE_SIZE } from '../../shared/plan-funding/rules.ts';

type Dialog = 'disbursement' | 'proceeds' | 'allocation' | 'settlement' | null;

export default function PlanFundingScreen() {
  const { id = '' } = useRouteParams<'id'>();
  const funding = usePlanFundingQuery(id, { skip: !id });
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <div className="space-y-6">
      <Link
        to="/admin/plans/funding"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-ink underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Plan Funding
      </Link>
      <QueryView
        query={funding}
        what="the plan's funding"
        skeleton={<SkeletonRows rows={3} className="h-32" />}
      >
        {(plan) => (
          <>
            <PlanHeader plan={plan} />
            {plan.payoutStatus === 'settlement_needed' ? (
              <SettlementNeeded plan={plan} onPropose={() => setDialog('settlement')} />
            ) : null}
            <Figures plan={plan} />
            <Actions plan={plan} onOpen={setDialog} />
            <SettlementsSection plan={plan} />
            <DisbursementsSection plan={plan} />
            <ProceedsSection plan={plan} />
            <Dialogs plan={plan} dialog={dialog} onClose={() => setDialog(null)} />
          </>
        )}
      </QueryView>
    </div>
  );
}

function PlanHeader({ plan }: { plan: PlanFunding }) {
  const status = PAYOUT_STATUS[plan.payoutStatus];
  const here = `/admin/plans/${plan.planId}/funding`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-bold text-ink">{plan.planTitle}: funding</h1>
        <nav aria-label="This plan's other pages" className="flex flex-wrap gap-3 text-sm">
          {planPages(plan.planId)
            .filter((page) => page.path !== here)
            .map((page) => (
              <Link key={page.path} to={page.path} className="font-medium text-brand-ink underline">
                {page.label}
              </Link>
            ))}
        </nav>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span>Harvest {formatDate(plan.harvestDay)}</span>
        {plan.postponedTo ? <span>· payout postponed to {formatDate(plan.postponedTo)}</span> : null}
        {plan.fundingModel === 'legacy' ? (
          <Badge tone="gray">Created before funded payouts: paid as before</Badge>
        ) : null}
      </div>
      {plan.failureReport ? (
        <p className="rounded-md border border-danger-border bg-danger-muted p-3 text-sm text-danger-ink">
          Failure report: {plan.failureReport}
        </p>
      ) : null}
    </div>
  );
}

function SettlementNeeded({ plan, onPropose }: { plan: PlanFunding; onPropose: () => void }) {
  const settlements = useSettlementsQuery({ planId: plan.planId, page: 1, pageSize: 1 });
  const pending = settlements.data?.items[0]?.status === 'awaiting_second_approval';
  return (
    <section
      aria-labelledby="settlement-needed"
      className="flex flex-col gap-3 rounded-xl border border-danger-border bg-danger-muted p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-danger-ink" />
        <div className="text-sm text-danger-ink">
          <h2 id="settlement-needed" className="font-semibold">
            Settlement needed
          </h2>
          <p>
            At harvest the plan held less than the {formatUsdt(plan.due)} its investors are due from its
            proceeds. Its investors were told their payout is under review; nothing is paid until two admins
            settle it.
          </p>
          {pending ? (
            <p className="mt-1 font-medium">A proposal waits for a second admin (see Settlements below).</p>
          ) : null}
        </div>
      </div>
      {pending ? null : (
        <Button onClick={onPropose} className="shrink-0">
          <Scale aria-hidden="true" className="h-4 w-4" /> Propose settlement
        </Button>
      )}
    </section>
  );
}

function Figures({ plan }: { plan: PlanFunding }) {
  const figures: [string, string, string?][] = [
    ['Raised', formatUsdt(plan.raised), 'Principal of active and harvested investments'],
    [
      'Sent to the operator',
      formatUsdt(plan.disbursed),
      plan.lastDisbursedOn ? `Last on ${formatDate(plan.lastDisbursedOn)}` : 'Nothing disbursed yet',
    ],
    [
      'Harvest proceeds',
      formatUsdt(plan.proceeds),
      plan.proceedsRecorded ? undefined : 'No proceeds recorded yet',
    ],
    ['Reserve allocated', formatUsdt(plan.reserveAllocated)],
    ['Paid out', formatUsdt(plan.paidOut), 'Paid to investors from proceeds and reserve'],
    ['Due from proceeds', formatUsdt(plan.due), 'Principal sent to the operator plus interest accrued'],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>The plan&apos;s money</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          {figures.map(([label, value, note]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums text-ink">{value}</dd>
              {note ? <dd className="text-xs text-ink-muted">{note}</dd> : null}
            </div>
          ))}
        </dl>
        <CoverageGauge figures={plan} planTitle={plan.planTitle} size="full" />
      </CardContent>
    </Card>
  );
}

function Actions({ plan, onOpen }: { plan: PlanFunding; onOpen: (dialog: Dialog) => void }) {
  const closed = plan.payoutStatus === 'settled' || plan.payoutStatus === 'failed';
  if (plan.fundingModel === 'legacy' || closed)
    return (
      <p className="text-sm text-ink-muted">
        {closed
          ? 'This plan is closed: its payout was settled, so nothing more can be recorded.'
          : 'This plan was created before funded payouts: its harvest is paid as before and takes no records.'}
      </p>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => onOpen('disbursement')}>
        <Send aria-hidden="true" className="h-4 w-4" /> Record disbursement
      </Button>
      <Button variant="outline" onClick={() => onOpen('proceeds')}>
        <Wheat aria-hidden="true" className="h-4 w-4" /> Record proceeds
      </Button>
      <Button variant="outline" onClick={() => onOpen('allocation')}>
        <Landmark aria-hidden="true" className="h-4 w-4" /> Allocate reserve
      </Button>
    </div>
  );
}

function Dialogs({ plan, dialog, onClose }: { plan: PlanFunding; dialog: Dialog; onClose: () => void }) {
  const [disburse] = useRecordDisbursementMutation();
  const [receive] = useRecordProceedsMutation();
  switch (dialog) {
    case 'disbursement':
      return (
        <RecordMoneyDialog
          kind="disbursement"
          title="Record disbursement"
          description={`Principal of ${plan.planTitle} sent to its operator. It is split over the investments past their four days to reconsider.`}
          submitLabel="Record disbursement"
          save={(body) => disburse({ planId: plan.planId, body: body as never }).unwrap()}
          saved={{
            title: 'Disbursement recorded',
            description: 'The investors’ principal moves to the operator.',
          }}
          failed="Failed to record the disbursement"
          onClose={onClose}
        />
      );
    case 'proceeds':
      return (
        <RecordMoneyDialog
          kind="proceeds"
          title="Record proceeds"
          description={`Money received from the sale of ${plan.planTitle}'s harvest. It pays the investors at harvest.`}
          submitLabel="Record proceeds"
          save={(body) => receive({ planId: plan.planId, body: body as never }).unwrap()}
          saved={{ title: 'Proceeds recorded', description: 'The plan’s coverage is updated.' }}
          failed="Failed to record the proceeds"
          onClose={onClose}
        />
      );
    case 'allocation':
      return <AllocationDialog plan={plan} onClose={onClose} />;
    case 'settlement':
      return <SettlementDialog plan={plan} onClose={onClose} />;
    default:
      return null;
  }
}

const disbursementCol = columnHelper<Disbursement>();
const disbursementColumns = moneyRecordColumns<Disbursement>({
  day: (row) => row.disbursedOn,
  noun: 'disbursement',
  details: [
    disbursementCol.accessor('investments', {
      header: 'Investments',
      cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
    }),
  ],
  after: [disbursementCol.accessor('note', { header: 'Note', cell: (info) => textCell(info.getValue()) })],
});

function DisbursementsSection({ plan }: { plan: PlanFunding }) {
  const [page, setPage] = useSectionPage('disbursements');
  const polling = useVerdictPolling();
  const query = useDisbursementsQuery(
    { planId: plan.planId, page, pageSize: RECORDS_PAGE_SIZE },
    polling.options,
  );
  polling.watch(query.data?.items);
  return (
    <RecordsSection
      query={query}
      page={page}
      setPage={setPage}
      caption="Disbursements"
      columns={disbursementColumns}
      empty={{
        icon: <Send className="h-8 w-8" />,
        title: 'No disbursements yet',
        description: 'Record each payment of principal to the operator as it is made.',
      }}
      description="Principal sent to the operator, newest first."
    />
  );
}

const proceedsCol = columnHelper<ProceedsReceipt>();
const proceedsColumns = moneyRecordColumns<ProceedsReceipt>({
  day: (row) => row.receivedOn,
  noun: 'proceeds',
  details: [
    proceedsCol.accessor('buyer', {
      header: 'Buyer',
      cell: (info) => <p className="min-w-[8rem] break-words">{info.getValue()}</p>,
    }),
  ],
});

function ProceedsSection({ plan }: { plan: PlanFunding }) {
  const [page, setPage] = useSectionPage('proceeds');
  const polling = useVerdictPolling();
  const query = useProceedsQuery({ planId: plan.planId, page, pageSize: RECORDS_PAGE_SIZE }, polling.options);
  polling.watch(query.data?.items);
  return (
    <RecordsSection
      query={query}
      page={page}
      setPage={setPage}
      caption="Harvest proceeds"
      columns={proceedsColumns}
      empty={{
        icon: <HandCoins className="h-8 w-8" />,
        title: 'No harvest proceeds recorded yet',
        description: 'Record what the buyer paid once the harvest is sold.',
      }}
      description="Money received from the harvest's sale, newest first."
    />
  );
}

function SettlementsSection({ plan }: { plan: PlanFunding }) {
  const [page, setPage] = useSectionPage('settlements');
  const query = useSettlementsQuery({ planId: plan.planId, page, pageSize: RECORDS_PAGE_SIZE });
  const me = useMeQuery();
  const [decision, setDecision] = useState<Decision | null>(null);
  const col = columnHelper<Settlement>();
  const columns = [
    col.accessor('action', {
      header: 'Proposal',
      cell: (info) => {
        const settlement = info.row.original;
        const approval = APPROVAL_LABELS[settlement.status];
        const mine = settlement.requestedBy === me.data?.id;
        return (
          <div className="min-w-[12rem] max-w-md space-y-1.5">
            <p className="break-words font-medium text-ink">{settlementSummary(settlement)}</p>
            <Badge tone={approval.tone}>{approval.label}</Badge>
            <p className="text-xs text-ink-muted">
              Proposed {mine ? 'by you' : 'by another admin'} · {formatDateTime(settlement.createdAt)}
              {settlement.decidedAt ? ` · decided ${formatDateTime(settlement.decidedAt)}` : ''}
            </p>
            <ProposalActions
              proposal={settlement}
              adminId={me.data?.id}
              of={`the settlement of ${plan.planTitle}`}
              onDecide={(approve) =>
                setDecision({ what: 'settlement', approve, settlement, planTitle: plan.planTitle })
              }
            />
          </div>
        );
      },
    }),
  ];
  // A plan that never needed a settlement has none: the section appears once there is something to show.
  if (query.data?.total === 0 && plan.payoutStatus !== 'settlement_needed') return null;
  return (
    <RecordsSection
      query={query}
      page={page}
      setPage={setPage}
      caption="Settlements"
      columns={columns}
      empty={{
        icon: <Scale className="h-8 w-8" />,
        title: 'No settlement proposed yet',
        description: 'Propose how to settle the plan; another admin decides.',
      }}
      description="Proposals to settle the plan's payout, newest first. A different admin approves or rejects each."
    >
      {decision ? <DecisionDialog decision={decision} onDone={() => setDecision(null)} /> : null}
    </RecordsSection>
  );
}

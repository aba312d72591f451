// A plan's funding (/admin/plans/:id/funding, docs/decisions/0091): what it raised, sent to its operator, received
// from its harvest and holds from the reserve against what its investors are due, with the coverage gauge; the
// disbursements and proceeds recorded (each with its on-chain transfer and evidence) and the forms to record more;
// a reserve allocation request; and, when the harvest found the plan short, its settlement — proposed by one admin,
// approved or rejected by another. Each section pages on the server with its page in the address.
import { useMemo, useState } from 'react';
import { AlertTriangle, HandCoins, Landmark, Scale, Send, Wheat } from 'lucide-react';
import type {
  Disbursement,
  PlanFunding,
  ProceedsReceipt,
  Settlement,
} from '@cropvest/contracts/plans/funding';
import { useMeQuery } from '@cropvest/web-kit';
import { Link } from '@cropvest/web-kit/router';
import { BACK_LINK_CLASS, BackLinkLabel } from '@cropvest/ui/detail-page';
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
import { APPROVAL_STATUS, PAYOUT_STATUS, RECORDS_PAGE_SIZE } from '../../shared/plan-funding/rules.ts';
import { useSharedPlanFundingMessages } from '../../shared/plan-funding/messages/catalogue.ts';
import { useSharedPlansMessages } from '../../shared/plans/messages/catalogue.ts';
import { usePlanFundingMessages } from './messages/catalogue.ts';

type Dialog = 'disbursement' | 'proceeds' | 'allocation' | 'settlement' | null;

export default function PlanFundingScreen() {
  const { id = '' } = useRouteParams<'id'>();
  const funding = usePlanFundingQuery(id, { skip: !id });
  const [dialog, setDialog] = useState<Dialog>(null);
  const { text } = usePlanFundingMessages();

  return (
    <div className="space-y-6">
      <Link to="/admin/plans/funding" className={BACK_LINK_CLASS}>
        <BackLinkLabel label={text('planFunding.plan.back')} />
      </Link>
      <QueryView
        query={funding}
        what={text('planFunding.plan.what')}
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
  const { text } = usePlanFundingMessages();
  const shared = useSharedPlanFundingMessages();
  const plans = useSharedPlansMessages();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-bold text-ink">
          {text('planFunding.plan.title', { plan: plan.planTitle })}
        </h1>
        <nav aria-label={text('planFunding.plan.otherPages')} className="flex flex-wrap gap-3 text-sm">
          {planPages(plan.planId)
            .filter((page) => page.path !== here)
            .map((page) => (
              <Link key={page.path} to={page.path} className="font-medium text-brand-ink underline">
                {plans.text(page.label)}
              </Link>
            ))}
        </nav>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        <Badge tone={status.tone}>{shared.text(status.label)}</Badge>
        <span>{text('planFunding.plan.harvest', { date: formatDate(plan.harvestDay) })}</span>
        {plan.postponedTo ? (
          <span>{text('planFunding.plan.postponed', { date: formatDate(plan.postponedTo) })}</span>
        ) : null}
        {plan.fundingModel === 'legacy' ? <Badge tone="gray">{text('planFunding.plan.legacy')}</Badge> : null}
      </div>
      {plan.failureReport ? (
        <p className="rounded-md border border-danger-border bg-danger-muted p-3 text-sm text-danger-ink">
          {text('planFunding.plan.failureReport', { report: plan.failureReport })}
        </p>
      ) : null}
    </div>
  );
}

function SettlementNeeded({ plan, onPropose }: { plan: PlanFunding; onPropose: () => void }) {
  const settlements = useSettlementsQuery({ planId: plan.planId, page: 1, pageSize: 1 });
  const pending = settlements.data?.items[0]?.status === 'awaiting_second_approval';
  const { text } = usePlanFundingMessages();
  return (
    <section
      aria-labelledby="settlement-needed"
      className="flex flex-col gap-3 rounded-xl border border-danger-border bg-danger-muted p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-danger-ink" />
        <div className="text-sm text-danger-ink">
          <h2 id="settlement-needed" className="font-semibold">
            {text('planFunding.needed.title')}
          </h2>
          <p>{text('planFunding.needed.text', { due: formatUsdt(plan.due) })}</p>
          {pending ? <p className="mt-1 font-medium">{text('planFunding.needed.pending')}</p> : null}
        </div>
      </div>
      {pending ? null : (
        <Button onClick={onPropose} className="shrink-0">
          <Scale aria-hidden="true" className="h-4 w-4" /> {text('planFunding.needed.propose')}
        </Button>
      )}
    </section>
  );
}

function Figures({ plan }: { plan: PlanFunding }) {
  const { text } = usePlanFundingMessages();
  const figures: [string, string, string?][] = [
    [text('planFunding.figures.raised'), formatUsdt(plan.raised), text('planFunding.figures.raisedNote')],
    [
      text('planFunding.figures.disbursed'),
      formatUsdt(plan.disbursed),
      plan.lastDisbursedOn
        ? text('planFunding.figures.lastDisbursed', { date: formatDate(plan.lastDisbursedOn) })
        : text('planFunding.figures.nothingDisbursed'),
    ],
    [
      text('planFunding.figures.proceeds'),
      formatUsdt(plan.proceeds),
      plan.proceedsRecorded ? undefined : text('planFunding.figures.noProceeds'),
    ],
    [text('planFunding.figures.reserve'), formatUsdt(plan.reserveAllocated)],
    [text('planFunding.figures.paidOut'), formatUsdt(plan.paidOut), text('planFunding.figures.paidOutNote')],
    [text('planFunding.figures.due'), formatUsdt(plan.due), text('planFunding.figures.dueNote')],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('planFunding.figures.title')}</CardTitle>
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
  const { text } = usePlanFundingMessages();
  if (plan.fundingModel === 'legacy' || closed)
    return (
      <p className="text-sm text-ink-muted">
        {text(closed ? 'planFunding.actions.closed' : 'planFunding.actions.legacy')}
      </p>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => onOpen('disbursement')}>
        <Send aria-hidden="true" className="h-4 w-4" /> {text('planFunding.actions.disbursement')}
      </Button>
      <Button variant="outline" onClick={() => onOpen('proceeds')}>
        <Wheat aria-hidden="true" className="h-4 w-4" /> {text('planFunding.actions.proceeds')}
      </Button>
      <Button variant="outline" onClick={() => onOpen('allocation')}>
        <Landmark aria-hidden="true" className="h-4 w-4" /> {text('planFunding.actions.allocate')}
      </Button>
    </div>
  );
}

function Dialogs({ plan, dialog, onClose }: { plan: PlanFunding; dialog: Dialog; onClose: () => void }) {
  const [disburse] = useRecordDisbursementMutation();
  const [receive] = useRecordProceedsMutation();
  const { text } = usePlanFundingMessages();
  switch (dialog) {
    case 'disbursement':
      return (
        <RecordMoneyDialog
          kind="disbursement"
          title={text('planFunding.actions.disbursement')}
          description={text('planFunding.disbursement.description', { plan: plan.planTitle })}
          submitLabel={text('planFunding.actions.disbursement')}
          save={(body) => disburse({ planId: plan.planId, body: body as never }).unwrap()}
          saved={{
            title: text('planFunding.disbursement.saved'),
            description: text('planFunding.disbursement.savedDescription'),
          }}
          failed={text('planFunding.disbursement.failed')}
          onClose={onClose}
        />
      );
    case 'proceeds':
      return (
        <RecordMoneyDialog
          kind="proceeds"
          title={text('planFunding.actions.proceeds')}
          description={text('planFunding.proceeds.description', { plan: plan.planTitle })}
          submitLabel={text('planFunding.actions.proceeds')}
          save={(body) => receive({ planId: plan.planId, body: body as never }).unwrap()}
          saved={{
            title: text('planFunding.proceeds.saved'),
            description: text('planFunding.proceeds.savedDescription'),
          }}
          failed={text('planFunding.proceeds.failed')}
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

type Text = ReturnType<typeof usePlanFundingMessages>['text'];
type SharedText = ReturnType<typeof useSharedPlanFundingMessages>['text'];

const disbursementCol = columnHelper<Disbursement>();
const disbursementColumns = (text: Text, shared: SharedText) =>
  moneyRecordColumns<Disbursement>({
    day: (row) => row.disbursedOn,
    noun: 'disbursement',
    text: shared,
    details: [
      disbursementCol.accessor('investments', {
        header: text('planFunding.disbursements.investments'),
        cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
      }),
    ],
    after: [
      disbursementCol.accessor('note', {
        header: text('planFunding.disbursements.note'),
        cell: (info) => textCell(info.getValue()),
      }),
    ],
  });

function DisbursementsSection({ plan }: { plan: PlanFunding }) {
  const [page, setPage] = useSectionPage('disbursements');
  const polling = useVerdictPolling();
  const query = useDisbursementsQuery(
    { planId: plan.planId, page, pageSize: RECORDS_PAGE_SIZE },
    polling.options,
  );
  polling.watch(query.data?.items);
  const { text } = usePlanFundingMessages();
  const shared = useSharedPlanFundingMessages();
  const columns = useMemo(() => disbursementColumns(text, shared.text), [text, shared.text]);
  return (
    <RecordsSection
      query={query}
      page={page}
      setPage={setPage}
      caption={text('planFunding.disbursements.caption')}
      columns={columns}
      empty={{
        icon: <Send className="h-8 w-8" />,
        title: text('planFunding.disbursements.empty.title'),
        description: text('planFunding.disbursements.empty.description'),
      }}
      description={text('planFunding.disbursements.description')}
    />
  );
}

const proceedsCol = columnHelper<ProceedsReceipt>();
const proceedsColumns = (text: Text, shared: SharedText) =>
  moneyRecordColumns<ProceedsReceipt>({
    day: (row) => row.receivedOn,
    noun: 'proceeds',
    text: shared,
    details: [
      proceedsCol.accessor('buyer', {
        header: text('planFunding.proceeds.buyer'),
        cell: (info) => <p className="min-w-[8rem] break-words">{info.getValue()}</p>,
      }),
    ],
  });

function ProceedsSection({ plan }: { plan: PlanFunding }) {
  const [page, setPage] = useSectionPage('proceeds');
  const polling = useVerdictPolling();
  const query = useProceedsQuery({ planId: plan.planId, page, pageSize: RECORDS_PAGE_SIZE }, polling.options);
  polling.watch(query.data?.items);
  const { text } = usePlanFundingMessages();
  const shared = useSharedPlanFundingMessages();
  const columns = useMemo(() => proceedsColumns(text, shared.text), [text, shared.text]);
  return (
    <RecordsSection
      query={query}
      page={page}
      setPage={setPage}
      caption={text('planFunding.proceeds.caption')}
      columns={columns}
      empty={{
        icon: <HandCoins className="h-8 w-8" />,
        title: text('planFunding.proceeds.empty.title'),
        description: text('planFunding.proceeds.empty.description'),
      }}
      description={text('planFunding.proceeds.sectionDescription')}
    />
  );
}

function SettlementsSection({ plan }: { plan: PlanFunding }) {
  const [page, setPage] = useSectionPage('settlements');
  const query = useSettlementsQuery({ planId: plan.planId, page, pageSize: RECORDS_PAGE_SIZE });
  const me = useMeQuery();
  const [decision, setDecision] = useState<Decision | null>(null);
  const { text } = usePlanFundingMessages();
  const shared = useSharedPlanFundingMessages();
  const col = columnHelper<Settlement>();
  const columns = [
    col.accessor('action', {
      header: text('planFunding.settlements.proposal'),
      cell: (info) => {
        const settlement = info.row.original;
        const approval = APPROVAL_STATUS[settlement.status];
        const mine = settlement.requestedBy === me.data?.id;
        return (
          <div className="min-w-[12rem] max-w-md space-y-1.5">
            <p className="break-words font-medium text-ink">{settlementSummary(settlement, shared.text)}</p>
            <Badge tone={approval.tone}>{shared.text(approval.label)}</Badge>
            <p className="text-xs text-ink-muted">
              {text('planFunding.settlements.proposed', {
                mine: String(mine),
                date: formatDateTime(settlement.createdAt),
              })}
              {settlement.decidedAt
                ? text('planFunding.settlements.decided', { date: formatDateTime(settlement.decidedAt) })
                : ''}
            </p>
            <ProposalActions
              proposal={settlement}
              adminId={me.data?.id}
              of={text('planFunding.settlements.of', { plan: plan.planTitle })}
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
      caption={text('planFunding.settlements.caption')}
      columns={columns}
      empty={{
        icon: <Scale className="h-8 w-8" />,
        title: text('planFunding.settlements.empty.title'),
        description: text('planFunding.settlements.empty.description'),
      }}
      description={text('planFunding.settlements.description')}
    >
      {decision ? <DecisionDialog decision={decision} onDone={() => setDecision(null)} /> : null}
    </RecordsSection>
  );
}

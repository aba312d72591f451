// The user page's read-only sections, each from the service that owns it: deposits and withdrawals (wallet),
// investments (plans), KYC, support tickets and the audit entries about the user (identity).
import type { AdminInvestment } from '@cropvest/contracts/plans/model';
import type { AdminKycRecord } from '@cropvest/contracts/kyc/model';
import { ticketStatusLabel, type AdminTicket } from '@cropvest/contracts/support/model';
import type { AuditLog } from '@cropvest/contracts/identity/audit';
import type { AdminDeposit, AdminWithdrawal } from '@cropvest/contracts/wallet/model';
import { Badge, StatusBadge } from '@cropvest/ui/badge';
import { columnHelper } from '@cropvest/ui/data-table';
import { formatDateTime, formatUsdt, shortenAddress } from '@cropvest/ui/format';
import { ActionName, ActorName } from '../../shared/audit/AuditWords.tsx';
import { ID_TYPE_LABELS } from '../../shared/kyc/list.ts';
import { useSharedKycMessages } from '../../shared/kyc/messages/catalogue.ts';
import { useUserAuditQuery } from '../../api/identity.ts';
import { useUserKycQuery } from '../../api/kyc.ts';
import { useUserInvestmentsQuery } from '../../api/plans.ts';
import { useUserTicketsQuery } from '../../api/support.ts';
import { useUserDepositsQuery, useUserWithdrawalsQuery } from '../../api/wallet.ts';
import { UserSection } from './UserSection.tsx';
import { useSectionPage } from '../../shared/user-detail/section-page.ts';

const dateCell = (value: string | null) => <span className="whitespace-nowrap">{formatDateTime(value)}</span>;
const amountCell = (value: string) => (
  <span className="whitespace-nowrap font-medium tabular-nums">{formatUsdt(value)}</span>
);

const depositCol = columnHelper<AdminDeposit>();
const depositColumns = [
  depositCol.accessor('amount', { header: 'Amount', cell: (info) => amountCell(info.getValue()) }),
  depositCol.accessor('status', {
    header: 'Status',
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  depositCol.accessor('createdAt', { header: 'Date', cell: (info) => dateCell(info.getValue()) }),
  depositCol.accessor('txid', {
    header: 'Transaction ID',
    cell: (info) => (
      <span className="block max-w-[10rem] truncate font-mono text-xs" title={info.getValue() ?? undefined}>
        {info.getValue() ?? '—'}
      </span>
    ),
  }),
];

export function DepositsSection({ userId }: { userId: string }) {
  const [page, setPage] = useSectionPage('deposits');
  return (
    <UserSection
      title="Deposits"
      noun="deposits"
      query={useUserDepositsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={depositColumns}
      rowId={(row) => row.id}
    />
  );
}

const withdrawalCol = columnHelper<AdminWithdrawal>();
const withdrawalColumns = [
  withdrawalCol.accessor('amount', { header: 'Amount', cell: (info) => amountCell(info.getValue()) }),
  withdrawalCol.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <div className="flex flex-wrap gap-1">
        <StatusBadge status={info.getValue()} />
        {info.getValue() === 'pending' && info.row.original.firstApprovedBy ? (
          <Badge tone="blue">Awaiting second approval</Badge>
        ) : null}
      </div>
    ),
  }),
  withdrawalCol.accessor('createdAt', { header: 'Date', cell: (info) => dateCell(info.getValue()) }),
  withdrawalCol.accessor('walletAddress', {
    header: 'Destination',
    cell: (info) => (
      <span className="whitespace-nowrap font-mono text-xs" title={info.getValue()}>
        {shortenAddress(info.getValue())}
      </span>
    ),
  }),
];

export function WithdrawalsSection({ userId }: { userId: string }) {
  const [page, setPage] = useSectionPage('withdrawals');
  return (
    <UserSection
      title="Withdrawals"
      noun="withdrawals"
      query={useUserWithdrawalsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={withdrawalColumns}
      rowId={(row) => row.id}
    />
  );
}

const investmentCol = columnHelper<AdminInvestment>();
const investmentColumns = [
  investmentCol.accessor((row) => row.plan.title, {
    id: 'plan',
    header: 'Plan',
    cell: (info) => (
      <div className="min-w-[8rem]">
        <p className="font-medium text-ink">{info.getValue()}</p>
        <p className="text-xs text-ink-muted">
          {info.row.original.slotsPurchased} slot{info.row.original.slotsPurchased === 1 ? '' : 's'}
        </p>
      </div>
    ),
  }),
  investmentCol.accessor('status', {
    header: 'Status',
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  investmentCol.accessor('principal', { header: 'Principal', cell: (info) => amountCell(info.getValue()) }),
  investmentCol.accessor('interestEarned', {
    header: 'Interest',
    cell: (info) => amountCell(info.getValue()),
  }),
  investmentCol.accessor('createdAt', { header: 'Date', cell: (info) => dateCell(info.getValue()) }),
];

export function InvestmentsSection({ userId }: { userId: string }) {
  const [page, setPage] = useSectionPage('investments');
  return (
    <UserSection
      title="Investments"
      noun="investments"
      query={useUserInvestmentsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={investmentColumns}
      rowId={(row) => row.id}
    />
  );
}

const kycCol = columnHelper<AdminKycRecord>();
const kycColumns = [
  kycCol.accessor('status', {
    header: 'Status',
    cell: (info) => {
      const record = info.row.original;
      return (
        <div className="space-y-1">
          <StatusBadge status={record.status} />
          {record.reviewerName ? (
            <p className="text-xs text-ink-muted">
              {record.reviewerName} · {formatDateTime(record.reviewedAt)}
            </p>
          ) : null}
          {record.rejectionReason ? (
            <p className="max-w-[14rem] text-xs text-danger-ink">Reason: {record.rejectionReason}</p>
          ) : null}
        </div>
      );
    },
  }),
  kycCol.accessor('submittedAt', { header: 'Submitted', cell: (info) => dateCell(info.getValue()) }),
  kycCol.accessor((row) => `${row.firstName} ${row.lastName}`, { id: 'name', header: 'Name on ID' }),
  kycCol.accessor('idType', {
    header: 'ID type',
    cell: (info) => <IdTypeCell idType={info.getValue()} />,
  }),
];

function IdTypeCell({ idType }: { idType: AdminKycRecord['idType'] }) {
  const { text } = useSharedKycMessages();
  return <span className="whitespace-nowrap">{text(ID_TYPE_LABELS[idType])}</span>;
}

export function KycSection({ userId }: { userId: string }) {
  const [page, setPage] = useSectionPage('kyc');
  return (
    <UserSection
      title="KYC submissions"
      noun="KYC submissions"
      query={useUserKycQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={kycColumns}
      rowId={(row) => row.id}
    />
  );
}

const ticketCol = columnHelper<AdminTicket>();
const ticketColumns = [
  ticketCol.accessor('subject', {
    header: 'Subject',
    cell: (info) => <span className="block max-w-[14rem] truncate font-medium">{info.getValue()}</span>,
  }),
  ticketCol.accessor('status', {
    header: 'Status',
    cell: (info) => <Badge tone="outline">{ticketStatusLabel(info.getValue())}</Badge>,
  }),
  ticketCol.accessor('priority', { header: 'Priority', cell: (info) => <Badge>{info.getValue()}</Badge> }),
  ticketCol.accessor('createdAt', { header: 'Opened', cell: (info) => dateCell(info.getValue()) }),
];

export function TicketsSection({ userId }: { userId: string }) {
  const [page, setPage] = useSectionPage('tickets');
  return (
    <UserSection
      title="Support tickets"
      noun="support tickets"
      query={useUserTicketsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={ticketColumns}
      rowId={(row) => row.id}
    />
  );
}

const auditCol = columnHelper<AuditLog>();
const auditColumns = [
  auditCol.accessor('action', {
    header: 'Action',
    cell: (info) => {
      const { step, awaitingSecondApproval } = info.row.original.details;
      return (
        <div className="min-w-[8rem]">
          <p className="font-medium">
            <ActionName action={info.getValue()} />
          </p>
          {typeof step === 'string' ? (
            <p className="text-xs text-ink-muted">
              {step}
              {awaitingSecondApproval === true ? ', awaiting a second admin' : ''}
            </p>
          ) : null}
        </div>
      );
    },
  }),
  auditCol.accessor('createdAt', { header: 'When', cell: (info) => dateCell(info.getValue()) }),
  auditCol.accessor('adminName', {
    header: 'By',
    cell: (info) => <ActorName entry={info.row.original} />,
  }),
];

export function AuditSection({ userId }: { userId: string }) {
  const [page, setPage] = useSectionPage('audit');
  return (
    <UserSection
      title="Audit entries"
      noun="audit entries"
      query={useUserAuditQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={auditColumns}
      rowId={(row) => row.id}
    />
  );
}

// The user page's read-only sections, each from the service that owns it: deposits and withdrawals (wallet),
// investments (plans; each leads to its own page), KYC, support tickets and the audit entries about the user
// (identity).
import type { AdminInvestment } from '@cropvest/contracts/plans/model';
import type { AdminKycRecord } from '@cropvest/contracts/kyc/model';
import type { AdminTicket } from '@cropvest/contracts/support/model';
import type { AuditLog } from '@cropvest/contracts/identity/audit';
import type { AdminDeposit, AdminWithdrawal } from '@cropvest/contracts/wallet/model';
import { Badge, StatusBadge } from '@cropvest/ui/badge';
import { columnHelper } from '@cropvest/ui/data-table';
import { adminInvestmentPage } from '@cropvest/web-kit';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import { Link } from '@cropvest/web-kit/router';
import { useTicketWords, type TicketWords } from '@cropvest/web-kit/words/tickets';
import { formatDateTime, formatUsdt, NOT_AVAILABLE, shortenAddress } from '@cropvest/ui/format';
import { ActionName, ActorName } from '../../shared/audit/AuditWords.tsx';
import { ID_TYPE_LABELS } from '../../shared/kyc/list.ts';
import { useSharedKycMessages } from '../../shared/kyc/messages/catalogue.ts';
import { useUserDetailMessages, type UserDetailText } from './messages/catalogue.ts';
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
const depositColumns = (text: UserDetailText) => [
  depositCol.accessor('amount', {
    header: text('userDetail.column.amount'),
    cell: (info) => amountCell(info.getValue()),
  }),
  depositCol.accessor('status', {
    header: text('userDetail.column.status'),
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  depositCol.accessor('createdAt', {
    header: text('userDetail.column.date'),
    cell: (info) => dateCell(info.getValue()),
  }),
  depositCol.accessor('txid', {
    header: text('userDetail.deposits.txid'),
    cell: (info) => (
      <span className="block max-w-[10rem] truncate font-mono text-xs" title={info.getValue() ?? undefined}>
        {info.getValue() ?? NOT_AVAILABLE}
      </span>
    ),
  }),
];

export function DepositsSection({ userId }: { userId: string }) {
  const { text } = useUserDetailMessages();
  const [page, setPage] = useSectionPage('deposits');
  return (
    <UserSection
      title={text('userDetail.deposits.title')}
      noun={text('userDetail.deposits.noun')}
      empty={text('userDetail.deposits.empty')}
      pagerLabel={text('userDetail.deposits.pager')}
      query={useUserDepositsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={depositColumns(text)}
      rowId={(row) => row.id}
    />
  );
}

const withdrawalCol = columnHelper<AdminWithdrawal>();
const withdrawalColumns = (text: UserDetailText) => [
  withdrawalCol.accessor('amount', {
    header: text('userDetail.column.amount'),
    cell: (info) => amountCell(info.getValue()),
  }),
  withdrawalCol.accessor('status', {
    header: text('userDetail.column.status'),
    cell: (info) => (
      <div className="flex flex-wrap gap-1">
        <StatusBadge status={info.getValue()} />
        {info.getValue() === 'pending' && info.row.original.firstApprovedBy ? (
          <Badge tone="blue">{text('userDetail.withdrawals.awaiting')}</Badge>
        ) : null}
      </div>
    ),
  }),
  withdrawalCol.accessor('createdAt', {
    header: text('userDetail.column.date'),
    cell: (info) => dateCell(info.getValue()),
  }),
  withdrawalCol.accessor('walletAddress', {
    header: text('userDetail.withdrawals.destination'),
    cell: (info) => (
      <span className="whitespace-nowrap font-mono text-xs" title={info.getValue()}>
        {shortenAddress(info.getValue())}
      </span>
    ),
  }),
];

export function WithdrawalsSection({ userId }: { userId: string }) {
  const { text } = useUserDetailMessages();
  const [page, setPage] = useSectionPage('withdrawals');
  return (
    <UserSection
      title={text('userDetail.withdrawals.title')}
      noun={text('userDetail.withdrawals.noun')}
      empty={text('userDetail.withdrawals.empty')}
      pagerLabel={text('userDetail.withdrawals.pager')}
      query={useUserWithdrawalsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={withdrawalColumns(text)}
      rowId={(row) => row.id}
    />
  );
}

const investmentCol = columnHelper<AdminInvestment>();
const investmentColumns = (text: UserDetailText) => [
  investmentCol.accessor((row) => row.plan.title, {
    id: 'plan',
    header: text('userDetail.investments.plan'),
    cell: (info) => (
      <div className="min-w-[8rem]">
        <p>
          <InvestmentPageLink investment={info.row.original} />
        </p>
        <p className="text-xs text-ink-muted">
          {text('userDetail.investments.slots', { count: info.row.original.slotsPurchased })}
        </p>
      </div>
    ),
  }),
  investmentCol.accessor('status', {
    header: text('userDetail.column.status'),
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  investmentCol.accessor('principal', {
    header: text('userDetail.investments.principal'),
    cell: (info) => amountCell(info.getValue()),
  }),
  investmentCol.accessor('interestEarned', {
    header: text('userDetail.investments.interest'),
    cell: (info) => amountCell(info.getValue()),
  }),
  investmentCol.accessor('createdAt', {
    header: text('userDetail.column.date'),
    cell: (info) => dateCell(info.getValue()),
  }),
];

/** The plan's title, leading to the investment's page; this page's address rides along for the way back. */
function InvestmentPageLink({ investment }: { investment: AdminInvestment }) {
  const detailLink = useDetailLink();
  return (
    <Link
      to={detailLink(adminInvestmentPage(investment.id))}
      className="font-medium text-brand-ink underline underline-offset-2"
    >
      {investment.plan.title}
    </Link>
  );
}

export function InvestmentsSection({ userId }: { userId: string }) {
  const { text } = useUserDetailMessages();
  const [page, setPage] = useSectionPage('investments');
  return (
    <UserSection
      title={text('userDetail.investments.title')}
      noun={text('userDetail.investments.noun')}
      empty={text('userDetail.investments.empty')}
      pagerLabel={text('userDetail.investments.pager')}
      query={useUserInvestmentsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={investmentColumns(text)}
      rowId={(row) => row.id}
    />
  );
}

const kycCol = columnHelper<AdminKycRecord>();
const kycColumns = (text: UserDetailText) => [
  kycCol.accessor('status', {
    header: text('userDetail.column.status'),
    cell: (info) => {
      const record = info.row.original;
      return (
        <div className="space-y-1">
          <StatusBadge status={record.status} />
          {record.reviewerName ? (
            <p className="text-xs text-ink-muted">
              {text('userDetail.kyc.reviewed', {
                name: record.reviewerName,
                time: formatDateTime(record.reviewedAt),
              })}
            </p>
          ) : null}
          {record.rejectionReason ? (
            <p className="max-w-[14rem] text-xs text-danger-ink">
              {text('userDetail.kyc.reason', { reason: record.rejectionReason })}
            </p>
          ) : null}
        </div>
      );
    },
  }),
  kycCol.accessor('submittedAt', {
    header: text('userDetail.kyc.submitted'),
    cell: (info) => dateCell(info.getValue()),
  }),
  kycCol.accessor((row) => `${row.firstName} ${row.lastName}`, {
    id: 'name',
    header: text('userDetail.kyc.nameOnId'),
  }),
  kycCol.accessor('idType', {
    header: text('userDetail.kyc.idType'),
    cell: (info) => <IdTypeCell idType={info.getValue()} />,
  }),
];

function IdTypeCell({ idType }: { idType: AdminKycRecord['idType'] }) {
  const { text } = useSharedKycMessages();
  return <span className="whitespace-nowrap">{text(ID_TYPE_LABELS[idType])}</span>;
}

export function KycSection({ userId }: { userId: string }) {
  const { text } = useUserDetailMessages();
  const [page, setPage] = useSectionPage('kyc');
  return (
    <UserSection
      title={text('userDetail.kyc.title')}
      noun={text('userDetail.kyc.noun')}
      empty={text('userDetail.kyc.empty')}
      pagerLabel={text('userDetail.kyc.pager')}
      query={useUserKycQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={kycColumns(text)}
      rowId={(row) => row.id}
    />
  );
}

const ticketCol = columnHelper<AdminTicket>();
const ticketColumns = (text: UserDetailText, words: TicketWords) => [
  ticketCol.accessor('subject', {
    header: text('userDetail.tickets.subject'),
    cell: (info) => <span className="block max-w-[14rem] truncate font-medium">{info.getValue()}</span>,
  }),
  ticketCol.accessor('status', {
    header: text('userDetail.column.status'),
    cell: (info) => <Badge tone="outline">{words.status(info.getValue())}</Badge>,
  }),
  ticketCol.accessor('priority', {
    header: text('userDetail.tickets.priority'),
    cell: (info) => <Badge>{words.priority(info.getValue())}</Badge>,
  }),
  ticketCol.accessor('createdAt', {
    header: text('userDetail.tickets.opened'),
    cell: (info) => dateCell(info.getValue()),
  }),
];

export function TicketsSection({ userId }: { userId: string }) {
  const { text } = useUserDetailMessages();
  const words = useTicketWords();
  const [page, setPage] = useSectionPage('tickets');
  return (
    <UserSection
      title={text('userDetail.tickets.title')}
      noun={text('userDetail.tickets.noun')}
      empty={text('userDetail.tickets.empty')}
      pagerLabel={text('userDetail.tickets.pager')}
      query={useUserTicketsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={ticketColumns(text, words)}
      rowId={(row) => row.id}
    />
  );
}

const auditCol = columnHelper<AuditLog>();
const auditColumns = (text: UserDetailText) => [
  auditCol.accessor('action', {
    header: text('userDetail.audit.action'),
    cell: (info) => {
      const { step, awaitingSecondApproval } = info.row.original.details;
      return (
        <div className="min-w-[8rem]">
          <p className="font-medium">
            <ActionName action={info.getValue()} />
          </p>
          {typeof step === 'string' ? (
            <p className="text-xs text-ink-muted">
              {awaitingSecondApproval === true ? text('userDetail.audit.awaiting', { step }) : step}
            </p>
          ) : null}
        </div>
      );
    },
  }),
  auditCol.accessor('createdAt', {
    header: text('userDetail.audit.when'),
    cell: (info) => dateCell(info.getValue()),
  }),
  auditCol.accessor('adminName', {
    header: text('userDetail.audit.by'),
    cell: (info) => <ActorName entry={info.row.original} />,
  }),
];

export function AuditSection({ userId }: { userId: string }) {
  const { text } = useUserDetailMessages();
  const [page, setPage] = useSectionPage('audit');
  return (
    <UserSection
      title={text('userDetail.audit.title')}
      noun={text('userDetail.audit.noun')}
      empty={text('userDetail.audit.empty')}
      pagerLabel={text('userDetail.audit.pager')}
      query={useUserAuditQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={auditColumns(text)}
      rowId={(row) => row.id}
    />
  );
}

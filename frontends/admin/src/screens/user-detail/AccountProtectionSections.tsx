// The investor's account protection on the user page (issue 26, docs/decisions/0102), read-only: the saved
// withdrawal addresses with when each cool-down ends and the "whitelisted addresses only" switch, and every
// withdrawal hold a security change placed, the running one above the list with until when and why.
import { PauseCircle } from 'lucide-react';
import type { AddressBookEntry, AddressBookSettings } from '@cropvest/contracts/wallet/address-book';
import {
  WITHDRAWAL_HOLD_REASON_TEXT,
  type AdminWithdrawalHold,
  type WithdrawalHoldReason,
} from '@cropvest/contracts/wallet/withdrawal-holds';
import { Badge } from '@cropvest/ui/badge';
import { CopyButton } from '@cropvest/ui/copy-button';
import { columnHelper } from '@cropvest/ui/data-table';
import { formatDateTime } from '@cropvest/ui/format';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { UserSection } from './UserSection.tsx';
import { useSectionPage } from '../../shared/user-detail/section-page.ts';
import {
  useUserAddressBookQuery,
  useUserAddressBookSettingsQuery,
  useUserWithdrawalHoldsQuery,
} from '../../api/wallet.ts';

const dateCell = (value: string) => <span className="whitespace-nowrap">{formatDateTime(value)}</span>;

/** "Your password was changed": the words the investor reads on the Withdraw screen, so both name it alike. */
const holdReason = (reason: WithdrawalHoldReason): string => {
  const text = WITHDRAWAL_HOLD_REASON_TEXT[reason];
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
};

const entryCol = columnHelper<AddressBookEntry>();
const entryColumns = [
  entryCol.accessor('label', {
    header: 'Label',
    cell: (info) => <span className="block min-w-[6rem] break-words font-medium">{info.getValue()}</span>,
  }),
  entryCol.accessor('address', {
    header: 'Address',
    cell: (info) => (
      <div className="flex items-center gap-1">
        <code className="block min-w-0 max-w-[22rem] break-all font-mono text-xs">{info.getValue()}</code>
        <CopyButton
          value={info.getValue()}
          label={`Copy the address “${info.row.original.label}”`}
          copied={{ title: 'Wallet address copied to clipboard' }}
          variant="ghost"
          showText={false}
        />
      </div>
    ),
  }),
  entryCol.accessor('network', { header: 'Network', cell: () => 'TRC-20' }),
  entryCol.accessor('createdAt', { header: 'Added', cell: (info) => dateCell(info.getValue()) }),
  entryCol.accessor('usableFrom', {
    header: 'Usable from',
    cell: (info) =>
      info.row.original.usable ? (
        dateCell(info.getValue())
      ) : (
        <Badge tone="yellow">Cooling down until {formatDateTime(info.getValue())}</Badge>
      ),
  }),
];

function WhitelistState({ settings }: { settings: AddressBookSettings }) {
  return (
    <p className="text-sm text-ink-muted">
      Only saved addresses:{' '}
      <Badge tone={settings.whitelistOnly ? 'green' : 'gray'}>{settings.whitelistOnly ? 'On' : 'Off'}</Badge>
      {settings.switchingOffAt ? (
        <span className="block pt-1 sm:inline sm:pt-0">
          {' '}
          Switching off: withdrawals go only to saved addresses until{' '}
          {formatDateTime(settings.switchingOffAt)}.
        </span>
      ) : null}
    </p>
  );
}

export function AddressBookSection({ userId }: { userId: string }) {
  const [page, setPage] = useSectionPage('addresses');
  const settings = useUserAddressBookSettingsQuery(userId);
  return (
    <UserSection
      title="Withdrawal addresses"
      noun="saved addresses"
      query={useUserAddressBookQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={entryColumns}
      rowId={(row) => row.id}
      intro={
        <QueryView
          query={settings}
          what="the whitelist setting"
          skeleton={<SkeletonRows rows={1} className="h-6" />}
        >
          {(data) => <WhitelistState settings={data} />}
        </QueryView>
      }
    />
  );
}

const holdCol = columnHelper<AdminWithdrawalHold>();
const holdColumns = [
  holdCol.accessor('reason', {
    header: 'Reason',
    cell: (info) => <span className="block min-w-[10rem] break-words">{holdReason(info.getValue())}</span>,
  }),
  holdCol.accessor('changedAt', { header: 'Changed', cell: (info) => dateCell(info.getValue()) }),
  holdCol.accessor('heldUntil', { header: 'Held until', cell: (info) => dateCell(info.getValue()) }),
  holdCol.accessor('running', {
    header: 'State',
    cell: (info) =>
      info.getValue() ? <Badge tone="red">Running</Badge> : <Badge tone="outline">Over</Badge>,
  }),
];

/**
 * The hold refusing withdrawals now: of the running ones, the one ending last (as the wallet's check words it).
 * Read from the first page, newest change first: a running hold is among the latest changes, since every hold
 * lasts the same configured hours.
 */
function RunningHold({ userId }: { userId: string }) {
  const first = useUserWithdrawalHoldsQuery({ userId, page: 1 });
  const running = (first.data?.items ?? [])
    .filter((hold) => hold.running)
    .sort((a, b) => Date.parse(b.heldUntil) - Date.parse(a.heldUntil))[0];
  if (!running) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-danger-border bg-danger-muted p-3 text-sm text-danger-ink"
    >
      <PauseCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-danger" />
      <div className="space-y-0.5">
        <p>
          Withdrawals are on hold until <strong>{formatDateTime(running.heldUntil)}</strong>.
        </p>
        <p>
          Reason: {holdReason(running.reason)} ({formatDateTime(running.changedAt)}).
        </p>
      </div>
    </div>
  );
}

export function WithdrawalHoldsSection({ userId }: { userId: string }) {
  const [page, setPage] = useSectionPage('holds');
  return (
    <UserSection
      title="Withdrawal holds"
      noun="withdrawal holds"
      query={useUserWithdrawalHoldsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={holdColumns}
      rowId={(row) => row.id}
      intro={<RunningHold userId={userId} />}
    />
  );
}

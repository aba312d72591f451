// The investor's account protection on the user page (issue 26, docs/decisions/0102), read-only: the saved
// withdrawal addresses with when each cool-down ends and the "whitelisted addresses only" switch, and every
// withdrawal hold a security change placed, the running one above the list with until when and why.
import { PauseCircle } from 'lucide-react';
import type { AddressBookEntry, AddressBookSettings } from '@cropvest/contracts/wallet/address-book';
import type { AdminWithdrawalHold } from '@cropvest/contracts/wallet/withdrawal-holds';
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
import { useUserDetailMessages, type UserDetailText } from './messages/catalogue.ts';

const dateCell = (value: string) => <span className="whitespace-nowrap">{formatDateTime(value)}</span>;

const entryCol = columnHelper<AddressBookEntry>();
const entryColumns = (text: UserDetailText) => [
  entryCol.accessor('label', {
    header: text('userDetail.addresses.label'),
    cell: (info) => <span className="block min-w-[6rem] break-words font-medium">{info.getValue()}</span>,
  }),
  entryCol.accessor('address', {
    header: text('userDetail.addresses.address'),
    cell: (info) => (
      <div className="flex items-center gap-1">
        <code className="block min-w-0 max-w-[22rem] break-all font-mono text-xs">{info.getValue()}</code>
        <CopyButton
          value={info.getValue()}
          label={text('userDetail.addresses.copy', { label: info.row.original.label })}
          copied={{ title: text('userDetail.addresses.copied') }}
          variant="ghost"
          showText={false}
        />
      </div>
    ),
  }),
  entryCol.accessor('network', { header: text('userDetail.addresses.network'), cell: () => 'TRC-20' }),
  entryCol.accessor('createdAt', {
    header: text('userDetail.addresses.added'),
    cell: (info) => dateCell(info.getValue()),
  }),
  entryCol.accessor('usableFrom', {
    header: text('userDetail.addresses.usableFrom'),
    cell: (info) =>
      info.row.original.usable ? (
        dateCell(info.getValue())
      ) : (
        <Badge tone="yellow">
          {text('userDetail.addresses.coolingDown', { time: formatDateTime(info.getValue()) })}
        </Badge>
      ),
  }),
];

function WhitelistState({ settings }: { settings: AddressBookSettings }) {
  const { text } = useUserDetailMessages();
  return (
    <p className="text-sm text-ink-muted">
      <span className="me-1">{text('userDetail.addresses.whitelist')}</span>
      <Badge tone={settings.whitelistOnly ? 'green' : 'gray'}>
        {settings.whitelistOnly ? text('userDetail.addresses.on') : text('userDetail.addresses.off')}
      </Badge>
      {settings.switchingOffAt ? (
        <span className="block pt-1 sm:inline sm:ps-1 sm:pt-0">
          {text('userDetail.addresses.switchingOff', { time: formatDateTime(settings.switchingOffAt) })}
        </span>
      ) : null}
    </p>
  );
}

export function AddressBookSection({ userId }: { userId: string }) {
  const { text } = useUserDetailMessages();
  const [page, setPage] = useSectionPage('addresses');
  const settings = useUserAddressBookSettingsQuery(userId);
  return (
    <UserSection
      title={text('userDetail.addresses.title')}
      noun={text('userDetail.addresses.noun')}
      empty={text('userDetail.addresses.empty')}
      pagerLabel={text('userDetail.addresses.pager')}
      query={useUserAddressBookQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={entryColumns(text)}
      rowId={(row) => row.id}
      intro={
        <QueryView
          query={settings}
          what={text('userDetail.addresses.whatSetting')}
          skeleton={<SkeletonRows rows={1} className="h-6" />}
        >
          {(data) => <WhitelistState settings={data} />}
        </QueryView>
      }
    />
  );
}

const holdCol = columnHelper<AdminWithdrawalHold>();
const holdColumns = (text: UserDetailText) => [
  holdCol.accessor('reason', {
    header: text('userDetail.column.reason'),
    cell: (info) => (
      <span className="block min-w-[10rem] break-words">
        {text('userDetail.holds.reason', { reason: info.getValue() })}
      </span>
    ),
  }),
  holdCol.accessor('changedAt', {
    header: text('userDetail.holds.changed'),
    cell: (info) => dateCell(info.getValue()),
  }),
  holdCol.accessor('heldUntil', {
    header: text('userDetail.holds.heldUntil'),
    cell: (info) => dateCell(info.getValue()),
  }),
  holdCol.accessor('running', {
    header: text('userDetail.holds.state'),
    cell: (info) =>
      info.getValue() ? (
        <Badge tone="red">{text('userDetail.holds.running')}</Badge>
      ) : (
        <Badge tone="outline">{text('userDetail.holds.over')}</Badge>
      ),
  }),
];

/**
 * The hold refusing withdrawals now: of the running ones, the one ending last (as the wallet's check words it).
 * Read from the first page, newest change first: a running hold is among the latest changes, since every hold
 * lasts the same configured hours.
 */
function RunningHold({ userId }: { userId: string }) {
  const { text, rich } = useUserDetailMessages();
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
          {rich('userDetail.holds.onHold', {
            time: formatDateTime(running.heldUntil),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        <p>
          {text('userDetail.holds.runningReason', {
            reason: text('userDetail.holds.reason', { reason: running.reason }),
            time: formatDateTime(running.changedAt),
          })}
        </p>
      </div>
    </div>
  );
}

export function WithdrawalHoldsSection({ userId }: { userId: string }) {
  const { text } = useUserDetailMessages();
  const [page, setPage] = useSectionPage('holds');
  return (
    <UserSection
      title={text('userDetail.holds.title')}
      noun={text('userDetail.holds.noun')}
      empty={text('userDetail.holds.empty')}
      pagerLabel={text('userDetail.holds.pager')}
      query={useUserWithdrawalHoldsQuery({ userId, page })}
      page={page}
      onPageChange={setPage}
      columns={holdColumns(text)}
      rowId={(row) => row.id}
      intro={<RunningHold userId={userId} />}
    />
  );
}

// Profile & Settings, Withdrawal Addresses (issue 26, decision 0097): the investor's saved TRC-20 addresses with
// their label, network and whether the cool-down has passed; adding one (with the look-alike warning), cancelling
// one still cooling down or removing one; and "whitelisted addresses only" with what it means. The mailed notice of
// a new address links here (?tab=addresses), where its Cancel button is.
import { useId, useState } from 'react';
import { BookUser, Plus, ShieldCheck } from 'lucide-react';
import type { AddressBookEntry } from '@cropvest/contracts/wallet/address-book';
import { toastFailure } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { columnHelper } from '@cropvest/ui/data-table';
import { AddressCell } from '@cropvest/ui/list/cells';
import { ListTable } from '@cropvest/ui/list/results';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDateTime } from '@cropvest/ui/format';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Switch } from '@cropvest/ui/switch';
import { toast } from '@cropvest/ui/toast';
import {
  useAddressBookQuery,
  useAddressBookSettingsQuery,
  useRemoveAddressMutation,
  useSetWhitelistOnlyMutation,
} from '../../../api/wallet.ts';
import { AddAddressDialog } from './AddAddressDialog.tsx';
import { isUsable } from '../../../shared/profile/address-book/entries.ts';
import { useProfileMessages } from '../messages/catalogue.ts';

const PAGE_SIZE = 10;

function EntryStatus({ entry }: { entry: AddressBookEntry }) {
  const { text } = useProfileMessages();
  return isUsable(entry) ? (
    <Badge tone="green">{text('profile.addresses.usable')}</Badge>
  ) : (
    <Badge tone="yellow">
      {text('profile.addresses.usableFrom', { date: formatDateTime(entry.usableFrom) })}
    </Badge>
  );
}

function WhitelistCard() {
  const { text, rich } = useProfileMessages();
  const id = useId();
  const settings = useAddressBookSettingsQuery();
  const [setWhitelistOnly, saving] = useSetWhitelistOnlyMutation();
  const [confirmOff, setConfirmOff] = useState(false);
  const change = async (whitelistOnly: boolean) => {
    try {
      const saved = await setWhitelistOnly({ whitelistOnly }).unwrap();
      toast(
        whitelistOnly
          ? { title: text('profile.whitelist.turnedOn'), variant: 'success' }
          : {
              title: text('profile.whitelist.switchingOff'),
              description: text('profile.whitelist.switchingOffText', {
                date: formatDateTime(saved.switchingOffAt),
              }),
              variant: 'success',
            },
      );
      setConfirmOff(false);
    } catch (error) {
      toastFailure(error, { title: text('profile.error'), fallback: text('profile.whitelist.failed') });
    }
  };
  const hours = settings.data?.coolDownHours;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand" /> {text('profile.whitelist.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryView
          query={settings}
          what={text('profile.whitelist.what')}
          skeleton={<SkeletonRows rows={1} className="h-12" />}
        >
          {({ whitelistOnly, switchingOffAt, coolDownHours }) => (
            <div className="space-y-3">
              <div className="flex items-start justify-between gap-4">
                <div className="min-w-0">
                  <label htmlFor={id} className="font-medium text-ink">
                    {text('profile.whitelist.label')}
                  </label>
                  <p id={`${id}-description`} className="text-sm text-ink-muted">
                    {text('profile.whitelist.description', { hours: coolDownHours })}
                  </p>
                </div>
                <Switch
                  id={id}
                  checked={whitelistOnly && !switchingOffAt}
                  disabled={saving.isLoading}
                  aria-describedby={`${id}-description${switchingOffAt ? ` ${id}-pending` : ''}`}
                  onCheckedChange={(on) => (on ? void change(true) : setConfirmOff(true))}
                />
              </div>
              {switchingOffAt ? (
                <p
                  id={`${id}-pending`}
                  className="rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink"
                >
                  {rich('profile.whitelist.pending', {
                    date: formatDateTime(switchingOffAt),
                    strong: (chunks) => <strong>{chunks}</strong>,
                  })}
                </p>
              ) : null}
            </div>
          )}
        </QueryView>
      </CardContent>
      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title={text('profile.whitelist.offTitle')}
        description={text('profile.whitelist.offText', {
          hours: hours ?? text('profile.whitelist.theCoolDown'),
        })}
        confirmLabel={text('profile.switchOff')}
        tone="destructive"
        busy={saving.isLoading}
        onConfirm={() => change(false)}
      />
    </Card>
  );
}

const col = columnHelper<AddressBookEntry>();

function AddressListCard() {
  const { text, rich } = useProfileMessages();
  const list = useListState({ pageSize: PAGE_SIZE });
  const entries = useAddressBookQuery({ page: list.page, pageSize: list.pageSize });
  const settings = useAddressBookSettingsQuery();
  const [remove, removing] = useRemoveAddressMutation();
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<AddressBookEntry | null>(null);
  const cancelling = toRemove !== null && !isUsable(toRemove);

  const confirmRemove = async () => {
    if (!toRemove) return;
    try {
      await remove(toRemove.id).unwrap();
      toast({
        title: text(cancelling ? 'profile.addresses.cancelled' : 'profile.addresses.removed'),
        variant: 'success',
      });
      setToRemove(null);
    } catch (error) {
      toastFailure(error, { title: text('profile.error'), fallback: text('profile.addresses.removeFailed') });
    }
  };

  const columns = [
    col.accessor('label', {
      header: text('profile.addresses.column.label'),
      cell: (info) => <span className="block min-w-[6rem] font-medium">{info.getValue()}</span>,
    }),
    col.accessor('address', {
      header: text('profile.addresses.column.address'),
      cell: (info) => <AddressCell address={info.getValue()} />,
    }),
    col.accessor('network', { header: text('profile.addresses.column.network'), cell: () => 'TRC-20' }),
    col.display({
      id: 'status',
      header: text('profile.addresses.column.status'),
      cell: (info) => <EntryStatus entry={info.row.original} />,
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">{text('profile.addresses.column.actions')}</span>,
      cell: (info) => {
        const entry = info.row.original;
        const pending = !isUsable(entry);
        return (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setToRemove(entry)}
            aria-label={text(pending ? 'profile.addresses.cancelLabel' : 'profile.addresses.removeLabel', {
              label: entry.label,
            })}
          >
            {text(pending ? 'profile.cancel' : 'profile.addresses.remove')}
          </Button>
        );
      },
    }),
  ];

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle level={2} className="flex items-center gap-2">
            <BookUser aria-hidden="true" className="h-5 w-5 text-brand" /> {text('profile.tabs.addresses')}
          </CardTitle>
          <CardDescription>{text('profile.addresses.description')}</CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {text('profile.addresses.add')}
        </Button>
      </CardHeader>
      <CardContent>
        <ListTable
          sortable={false}
          query={entries}
          list={list}
          pageSize={list.pageSize}
          noun={text('profile.addresses.noun')}
          what={text('profile.addresses.what')}
          caption={text('profile.addresses.caption')}
          empty={
            <EmptyState
              icon={<BookUser className="h-8 w-8" />}
              title={text('profile.addresses.empty.title')}
              description={text('profile.addresses.empty.description')}
            />
          }
          columns={columns}
          rowId={(entry) => entry.id}
        />
      </CardContent>
      <AddAddressDialog open={adding} onOpenChange={setAdding} coolDownHours={settings.data?.coolDownHours} />
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => (open ? undefined : setToRemove(null))}
        title={text(cancelling ? 'profile.addresses.cancelTitle' : 'profile.addresses.removeTitle')}
        description={rich(cancelling ? 'profile.addresses.cancelText' : 'profile.addresses.removeText', {
          label: toRemove?.label ?? '',
          address: (chunks) => <span className="break-all font-mono">{chunks}</span>,
          value: toRemove?.address ?? '',
        })}
        confirmLabel={text(cancelling ? 'profile.addresses.cancelConfirm' : 'profile.addresses.remove')}
        cancelLabel={text('profile.addresses.keep')}
        tone="destructive"
        busy={removing.isLoading}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}

export function AddressBookTab() {
  return (
    <div className="space-y-6">
      <AddressListCard />
      <WhitelistCard />
    </div>
  );
}

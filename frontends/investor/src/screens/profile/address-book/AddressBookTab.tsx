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

const PAGE_SIZE = 10;

function EntryStatus({ entry }: { entry: AddressBookEntry }) {
  return isUsable(entry) ? (
    <Badge tone="green">Usable</Badge>
  ) : (
    <Badge tone="yellow">Usable from {formatDateTime(entry.usableFrom)}</Badge>
  );
}

function WhitelistCard() {
  const id = useId();
  const settings = useAddressBookSettingsQuery();
  const [setWhitelistOnly, saving] = useSetWhitelistOnlyMutation();
  const [confirmOff, setConfirmOff] = useState(false);
  const change = async (whitelistOnly: boolean) => {
    try {
      const saved = await setWhitelistOnly({ whitelistOnly }).unwrap();
      toast(
        whitelistOnly
          ? { title: 'Whitelisted addresses only is on', variant: 'success' }
          : {
              title: 'Whitelisted addresses only is switching off',
              description: `It stays on until ${formatDateTime(saved.switchingOffAt)}. We mailed you in case it was not you.`,
              variant: 'success',
            },
      );
      setConfirmOff(false);
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not change whitelisted addresses only' });
    }
  };
  const hours = settings.data?.coolDownHours;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand" /> Whitelisted Addresses Only
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryView
          query={settings}
          what="your whitelist setting"
          skeleton={<SkeletonRows rows={1} className="h-12" />}
        >
          {({ whitelistOnly, switchingOffAt, coolDownHours }) => (
            <div className="space-y-3">
              <div className="flex items-start justify-between gap-4">
                <div className="min-w-0">
                  <label htmlFor={id} className="font-medium text-ink">
                    Withdraw only to my saved addresses
                  </label>
                  <p id={`${id}-description`} className="text-sm text-ink-muted">
                    While this is on, withdrawals go only to addresses below whose {coolDownHours}-hour
                    cool-down has passed, and the Withdraw screen offers nothing else. Someone who gets into
                    your account cannot send your money anywhere new. Switching it off takes {coolDownHours}{' '}
                    hours too.
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
                  Switching off: withdrawals still go only to your saved addresses until{' '}
                  <strong>{formatDateTime(switchingOffAt)}</strong>. Switch it on again to keep it.
                </p>
              ) : null}
            </div>
          )}
        </QueryView>
      </CardContent>
      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title="Switch off whitelisted addresses only?"
        description={`It stays on for ${hours ?? 'the cool-down'} more hours, so that someone else who switched it off could not withdraw at once; we mail you now. After that, withdrawals can go to any TRC-20 address.`}
        confirmLabel="Switch Off"
        tone="destructive"
        busy={saving.isLoading}
        onConfirm={() => change(false)}
      />
    </Card>
  );
}

const col = columnHelper<AddressBookEntry>();

function AddressListCard() {
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
      toast({ title: cancelling ? 'Address cancelled' : 'Address removed', variant: 'success' });
      setToRemove(null);
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not remove the address' });
    }
  };

  const columns = [
    col.accessor('label', {
      header: 'Label',
      cell: (info) => <span className="block min-w-[6rem] font-medium">{info.getValue()}</span>,
    }),
    col.accessor('address', {
      header: 'Address',
      cell: (info) => <AddressCell address={info.getValue()} />,
    }),
    col.accessor('network', { header: 'Network', cell: () => 'TRC-20' }),
    col.display({
      id: 'status',
      header: 'Status',
      cell: (info) => <EntryStatus entry={info.row.original} />,
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => {
        const entry = info.row.original;
        const pending = !isUsable(entry);
        return (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setToRemove(entry)}
            aria-label={`${pending ? 'Cancel' : 'Remove'} ${entry.label}`}
          >
            {pending ? 'Cancel' : 'Remove'}
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
            <BookUser aria-hidden="true" className="h-5 w-5 text-brand" /> Withdrawal Addresses
          </CardTitle>
          <CardDescription>
            Your saved TRC-20 addresses. A new one can be used once its cool-down has passed; cancel any you
            did not add.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Add Address
        </Button>
      </CardHeader>
      <CardContent>
        <ListTable
          sortable={false}
          query={entries}
          list={list}
          pageSize={list.pageSize}
          noun="withdrawal addresses"
          what="your withdrawal addresses"
          caption="Your withdrawal addresses"
          empty={
            <EmptyState
              icon={<BookUser className="h-8 w-8" />}
              title="No saved addresses yet"
              description="Save the addresses you withdraw to, so you can pick them instead of typing them."
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
        title={cancelling ? 'Cancel this new address?' : 'Remove this address?'}
        description={
          <>
            “{toRemove?.label}” (<span className="break-all font-mono">{toRemove?.address}</span>){' '}
            {cancelling
              ? 'is removed before it can ever be used.'
              : 'is removed from your address book. Saving it again starts a new cool-down.'}
          </>
        }
        confirmLabel={cancelling ? 'Cancel Address' : 'Remove'}
        cancelLabel="Keep"
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

// Wallet Management (spec section 2): the platform USDT wallet card (network, Active or Inactive, created
// date, address with copy, Edit), Add Wallet and Edit Wallet dialogs with the address checked for its network
// as the admin types, a warning before a changed address is saved (investors' next deposits go there), and the
// history of changes, one server page at a time (page in the address).
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { History, Wallet } from 'lucide-react';
import type { WalletSettings, WalletSettingsUpdate } from '@cropvest/contracts/wallet';
import { useListState } from '@cropvest/web-kit/list-state';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { CopyButton } from '@cropvest/ui/copy-button';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDate, formatDateTime } from '@cropvest/ui/format';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { Field, TextField } from '@cropvest/ui/input';
import { Pagination } from '@cropvest/ui/pagination';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Select } from '@cropvest/ui/select';
import { Switch } from '@cropvest/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cropvest/ui/table';
import { toast } from '@cropvest/ui/toast';
import { usePlatformWalletQuery, useSaveWalletMutation, useWalletHistoryQuery } from './api.ts';
import { networkLabel, NETWORKS } from './networks.ts';

const HISTORY_PAGE_SIZE = 10;

export default function WalletsScreen() {
  const wallet = usePlatformWalletQuery();
  const [editing, setEditing] = useState<{ wallet: WalletSettings | null } | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Wallet Settings</h1>
          <p className="mt-1 text-slate-600">The platform USDT wallet address investors deposit to.</p>
        </div>
        {wallet.data === null && (
          <Button onClick={() => setEditing({ wallet: null })}>
            <Wallet className="mr-2 h-4 w-4" aria-hidden="true" />
            Add Wallet
          </Button>
        )}
      </div>
      <QueryView
        query={wallet}
        what="the platform wallet"
        skeleton={<SkeletonRows rows={1} className="h-40" />}
        isEmpty={(data) => data === null}
        empty={
          <Card>
            <CardContent className="pt-6">
              <EmptyState
                icon={<Wallet className="h-8 w-8" />}
                title="No wallets configured"
                description="Add the platform USDT wallet so investors know where to deposit."
              />
            </CardContent>
          </Card>
        }
      >
        {(data) => (data ? <WalletCard wallet={data} onEdit={() => setEditing({ wallet: data })} /> : null)}
      </QueryView>
      {editing && <WalletDialog wallet={editing.wallet} onClose={() => setEditing(null)} />}
      <AddressHistory />
    </div>
  );
}

function WalletCard({ wallet, onEdit }: { wallet: WalletSettings; onEdit: () => void }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <Wallet className="h-5 w-5 text-emerald-700" aria-hidden="true" />
          USDT Wallet
        </CardTitle>
        <Badge tone={wallet.isActive ? 'green' : 'gray'}>{wallet.isActive ? 'Active' : 'Inactive'}</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">Network</dt>
            <dd className="font-medium text-slate-900">{networkLabel(wallet.networkType)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Created</dt>
            <dd className="font-medium text-slate-900">{formatDate(wallet.createdAt)}</dd>
          </div>
        </dl>
        <div>
          <p className="text-sm text-slate-600" id="platform-address-label">
            Address
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code
              aria-labelledby="platform-address-label"
              className="min-w-0 break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900"
            >
              {wallet.usdtWalletAddress}
            </code>
            <CopyButton
              value={wallet.usdtWalletAddress}
              label="Copy wallet address"
              copied={{ title: 'Address copied' }}
            />
          </div>
        </div>
        <Button variant="outline" onClick={onEdit}>
          Edit
        </Button>
      </CardContent>
    </Card>
  );
}

type WalletFormInput = { address: string; networkType: WalletSettings['networkType']; isActive: boolean };

const walletResolver = lazyZodResolver<WalletFormInput, WalletSettingsUpdate>(() =>
  import('./schemas.ts').then((m) => m.WalletForm),
);

function WalletDialog({ wallet, onClose }: { wallet: WalletSettings | null; onClose: () => void }) {
  const [save, saving] = useSaveWalletMutation();
  const [pending, setPending] = useState<WalletSettingsUpdate | null>(null);
  const form = useContractForm<WalletFormInput, WalletSettingsUpdate>({
    resolver: walletResolver,
    defaultValues: {
      address: wallet?.usdtWalletAddress ?? '',
      networkType: wallet?.networkType ?? 'TRC20',
      isActive: wallet?.isActive ?? true,
    },
  });
  const {
    control,
    register,
    handleSubmit,
    trigger,
    formState: { errors },
  } = form;

  const submit = async (values: WalletSettingsUpdate) => {
    try {
      await save(values).unwrap();
      toast({ title: wallet ? 'Wallet updated' : 'Wallet added', variant: 'success' });
      onClose();
    } catch (error) {
      setPending(null);
      reportFormError(form, error, { fallback: 'Failed to save the wallet' });
    }
  };
  const changesAddress = (values: WalletSettingsUpdate) =>
    wallet !== null &&
    (values.address !== wallet.usdtWalletAddress || values.networkType !== wallet.networkType);

  return (
    <>
      <FormDialog
        open={pending === null}
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={wallet ? 'Edit Wallet' : 'Add Wallet'}
        description="The USDT address investors are shown on the Deposit screen."
        onSubmit={handleSubmit((values) => (changesAddress(values) ? setPending(values) : submit(values)))}
        submitLabel={wallet ? 'Save Changes' : 'Add Wallet'}
        busy={saving.isLoading}
      >
        <Field label="Network" error={errors.networkType?.message}>
          {({ id, describedBy, invalid }) => (
            <Controller
              control={control}
              name="networkType"
              render={({ field }) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  options={NETWORKS}
                  value={field.value}
                  onValueChange={(value) => {
                    field.onChange(value);
                    if (form.getValues('address')) void trigger('address');
                  }}
                />
              )}
            />
          )}
        </Field>
        <TextField
          label="Wallet Address"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          error={errors.address?.message}
          {...register('address', { onChange: () => void trigger('address') })}
        />
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <Switch
                id="wallet-active"
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <label htmlFor="wallet-active" className="text-sm text-slate-700">
            Active (investors can deposit to it)
          </label>
        </div>
      </FormDialog>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title="Change the deposit address?"
        description={
          pending ? (
            <>
              Investors&apos; next deposits will go to the new address{' '}
              <code className="break-all font-mono">{pending.address}</code> on{' '}
              {networkLabel(pending.networkType)}. Funds sent to an address on the wrong network are lost;
              check it against your wallet before you confirm.
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Change Address"
        busy={saving.isLoading}
        onConfirm={() => (pending ? submit(pending) : undefined)}
      />
    </>
  );
}

function AddressHistory() {
  const list = useListState({ pageSize: HISTORY_PAGE_SIZE });
  const changes = useWalletHistoryQuery({ page: list.page, pageSize: HISTORY_PAGE_SIZE });
  return (
    <Card>
      <CardHeader>
        <CardTitle>History of Changes</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryView
          query={changes}
          what="the history of wallet changes"
          skeleton={<SkeletonRows rows={3} className="h-10" />}
          isEmpty={(data) => data.items.length === 0}
          filtered={list.page > 1}
          empty={
            <EmptyState
              icon={<History className="h-8 w-8" />}
              title="No changes yet"
              description="Every change of the wallet will be listed here."
            />
          }
        >
          {(data) => (
            <div className="space-y-4">
              <Table
                scrollLabel="History of wallet changes"
                aria-label="Changes of the platform wallet, newest first"
              >
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">When</TableHead>
                    <TableHead scope="col">Admin</TableHead>
                    <TableHead scope="col">Change</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((change) => (
                    <TableRow key={change.id} className="align-top">
                      <TableCell className="whitespace-nowrap">{formatDateTime(change.createdAt)}</TableCell>
                      <TableCell>{change.adminName ?? change.adminId}</TableCell>
                      {/* Wide enough for an address on two lines; on a phone the table scrolls sideways. */}
                      <TableCell className="min-w-72">
                        <p className="break-all font-mono text-xs text-slate-600">
                          {change.previousAddress
                            ? `${change.previousAddress} (${change.previousNetwork}, ${change.previousIsActive ? 'Active' : 'Inactive'})`
                            : 'Not configured'}
                        </p>
                        <p className="break-all font-mono text-xs text-slate-900">
                          <span aria-label="changed to">→</span> {change.address} ({change.network},{' '}
                          {change.isActive ? 'Active' : 'Inactive'})
                        </p>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Pagination
                page={list.page}
                pageSize={HISTORY_PAGE_SIZE}
                total={data.total}
                onPageChange={list.setPage}
              />
            </div>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}

// Wallet Settings (spec section 2; docs/decisions/0081): one card per network (TRC-20, ERC-20, BEP-20) with the
// platform's address there (Active or Inactive, created date, address with copy, Edit), whether the platform
// watches that network on chain and its USDT contract; Add Wallet for a network without one (the network picked
// in the dialog). The address is checked for its network as the admin types, a changed address asks first
// (investors' next deposits go there), and the wallet's refusal to deactivate a network that takes deposits is
// shown under the switch. Below, the history of changes through the list kit, one server page at a time (page in
// the address), cards at phone width.
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { History, Plus, Wallet } from 'lucide-react';
import type { ChainNetwork } from '@cropvest/contracts/chain/model';
import type {
  NetworkType,
  WalletAddressChange,
  WalletSettings,
  WalletSettingsUpdate,
} from '@cropvest/contracts/wallet/model';
import { isApiError } from '@cropvest/web-kit';
import { Link } from '@cropvest/web-kit/router';
import { useListState } from '@cropvest/web-kit/list-state';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { CopyButton } from '@cropvest/ui/copy-button';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDate } from '@cropvest/ui/format';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { Field, TextField } from '@cropvest/ui/input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Select } from '@cropvest/ui/select';
import { Switch } from '@cropvest/ui/switch';
import { columnHelper } from '@cropvest/ui/data-table';
import { DateCell } from '@cropvest/ui/list/cells';
import { ListTable } from '@cropvest/ui/list/results';
import { toast } from '@cropvest/ui/toast';
import { useAdminChainNetworksQuery } from '../../api/chain.ts';
import {
  usePaymentMethodsQuery,
  usePlatformWalletsQuery,
  useSaveWalletMutation,
  useWalletHistoryQuery,
} from '../../api/wallet.ts';
import { networkLabel, NETWORKS, networksWithout, walletOn } from './networks.ts';

const HISTORY_PAGE_SIZE = 10;
/** The wallet's refusal to deactivate the address of a network that takes deposits (409). */
const NETWORK_ACCEPTS_DEPOSITS = 'NETWORK_ACCEPTS_DEPOSITS';

type Editing = { wallet: WalletSettings } | { wallet: null; network: NetworkType | null };

export default function WalletsScreen() {
  const wallets = usePlatformWalletsQuery();
  const chain = useAdminChainNetworksQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const missing = networksWithout(wallets.data ?? []);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">Wallet Settings</h1>
          <p className="mt-1 text-ink-muted">
            The platform&apos;s USDT addresses investors deposit to, one per network.
          </p>
        </div>
        {wallets.data && missing.length > 0 ? (
          <Button onClick={() => setEditing({ wallet: null, network: null })}>
            <Wallet className="h-4 w-4" aria-hidden="true" />
            Add Wallet
          </Button>
        ) : null}
      </div>
      <QueryView
        query={wallets}
        what="the platform wallets"
        skeleton={<SkeletonRows rows={3} className="h-56" />}
        isEmpty={(data) => data.length === 0}
        empty={
          <Card>
            <CardContent className="pt-6">
              <EmptyState
                icon={<Wallet className="h-8 w-8" />}
                title="No wallets configured"
                description="Add the platform's USDT address on a network so investors know where to deposit."
              />
            </CardContent>
          </Card>
        }
      >
        {(data) => (
          <ul aria-label="Platform wallets by network" className="grid gap-4 xl:grid-cols-3">
            {NETWORKS.map(({ value: network }) => {
              const wallet = walletOn(data, network);
              return (
                <li key={network} className="min-w-0">
                  <NetworkCard
                    network={network}
                    wallet={wallet}
                    chain={chain.data?.find((entry) => entry.network === network)}
                    chainUnavailable={Boolean(chain.error)}
                    onEdit={() => setEditing(wallet ? { wallet } : { wallet: null, network })}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
      {editing ? (
        <WalletDialog
          wallet={editing.wallet}
          network={editing.wallet ? editing.wallet.networkType : editing.network}
          available={missing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <AddressHistory />
    </div>
  );
}

function NetworkCard({
  network,
  wallet,
  chain,
  chainUnavailable,
  onEdit,
}: {
  network: NetworkType;
  wallet: WalletSettings | null;
  chain: ChainNetwork | undefined;
  chainUnavailable: boolean;
  onEdit: () => void;
}) {
  const name = networkLabel(network);
  const titleId = `wallet-${network}-title`;
  const addressId = `wallet-${network}-address`;
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle level={2} id={titleId} className="flex items-center gap-2">
          <Wallet className="h-5 w-5 shrink-0 text-brand" aria-hidden="true" />
          USDT · {name}
        </CardTitle>
        {wallet ? (
          <Badge tone={wallet.isActive ? 'green' : 'gray'}>{wallet.isActive ? 'Active' : 'Inactive'}</Badge>
        ) : (
          <Badge tone="outline">Not configured</Badge>
        )}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {wallet ? (
          <>
            <div>
              <p className="text-sm text-ink-muted" id={addressId}>
                Address
              </p>
              <div className="mt-1 flex items-start gap-2">
                <code
                  aria-labelledby={addressId}
                  className="min-w-0 flex-1 break-all rounded bg-surface-muted px-2 py-1 font-mono text-sm text-ink"
                >
                  {wallet.usdtWalletAddress}
                </code>
                <CopyButton
                  value={wallet.usdtWalletAddress}
                  label={`Copy the ${name} wallet address`}
                  copied={{ title: 'Wallet address copied to clipboard' }}
                  showText={false}
                />
              </div>
            </div>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-ink-muted">Network</dt>
                <dd className="font-medium text-ink">{name}</dd>
              </div>
              <div>
                <dt className="text-ink-muted">Created</dt>
                <dd className="font-medium text-ink">{formatDate(wallet.createdAt)}</dd>
              </div>
            </dl>
          </>
        ) : (
          <p className="text-sm text-ink-muted">
            No address on {name} yet: investors cannot be offered this network for deposits.
          </p>
        )}
        <ChainFacts chain={chain} unavailable={chainUnavailable} />
        <div className="mt-auto">
          {wallet ? (
            <Button variant="outline" onClick={onEdit}>
              Edit<span className="sr-only"> the {name} wallet</span>
            </Button>
          ) : (
            <Button variant="outline" onClick={onEdit}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Wallet<span className="sr-only"> on {name}</span>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Whether the chain service watches the network (deposits verified and credited from the chain) and its USDT. */
function ChainFacts({ chain, unavailable }: { chain: ChainNetwork | undefined; unavailable: boolean }) {
  if (!chain)
    return (
      <p className="text-sm text-ink-muted">
        {unavailable
          ? 'Chain monitoring status unavailable right now.'
          : 'Loading the chain monitoring status…'}
      </p>
    );
  return (
    <dl className="space-y-2 rounded-lg border border-border bg-surface-muted p-3 text-sm">
      <div>
        <dt className="text-ink-muted">Monitored on chain</dt>
        <dd className="font-medium text-ink">
          {chain.monitored
            ? `Yes: deposits on ${chain.chainName} are verified on chain (final after ${chain.confirmations} block${chain.confirmations === 1 ? '' : 's'}).`
            : 'No: deposits on this network wait for an admin to check them.'}
        </dd>
      </div>
      <div>
        <dt className="text-ink-muted">USDT contract</dt>
        <dd className="break-all font-mono text-xs text-ink">{chain.usdtContract}</dd>
      </div>
    </dl>
  );
}

type WalletFormInput = { address: string; networkType: NetworkType; isActive: boolean };

const walletResolver = lazyZodResolver<WalletFormInput, WalletSettingsUpdate>(() =>
  import('./schemas.ts').then((m) => m.WalletForm),
);

/**
 * Add Wallet (the network picked among those without one, or given by the card) or Edit Wallet (the network is
 * the wallet's: a save sets one network's address).
 */
function WalletDialog({
  wallet,
  network,
  available,
  onClose,
}: {
  wallet: WalletSettings | null;
  network: NetworkType | null;
  available: NetworkType[];
  onClose: () => void;
}) {
  const [save, saving] = useSaveWalletMutation();
  const methods = usePaymentMethodsQuery();
  const [pending, setPending] = useState<WalletSettingsUpdate | null>(null);
  const form = useContractForm<WalletFormInput, WalletSettingsUpdate>({
    resolver: walletResolver,
    defaultValues: {
      address: wallet?.usdtWalletAddress ?? '',
      networkType: wallet?.networkType ?? network ?? available[0] ?? 'TRC20',
      isActive: wallet?.isActive ?? true,
    },
  });
  const {
    control,
    register,
    handleSubmit,
    trigger,
    watch,
    formState: { errors },
  } = form;
  const chosen = watch('networkType');
  const takesDeposits = methods.data?.some((method) => method.network === chosen && method.deposits) ?? false;

  const submit = async (values: WalletSettingsUpdate) => {
    try {
      await save(values).unwrap();
      toast({ title: 'Wallet address updated successfully', variant: 'success' });
      onClose();
    } catch (error) {
      setPending(null);
      if (isApiError(error) && error.code === NETWORK_ACCEPTS_DEPOSITS && error.serverMessage)
        form.setError('isActive', { type: 'server', message: error.serverMessage });
      else reportFormError(form, error, { fallback: 'Failed to update wallet address' });
    }
  };
  const changesAddress = (values: WalletSettingsUpdate) =>
    wallet !== null && values.address !== wallet.usdtWalletAddress;
  const pickNetwork = wallet === null && network === null;
  const options = NETWORKS.filter((option) => available.includes(option.value));

  return (
    <>
      <FormDialog
        open={pending === null}
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={wallet ? 'Edit Wallet' : 'Add Wallet'}
        description={`The USDT address investors are shown on the Deposit screen for ${networkLabel(chosen)}.`}
        onSubmit={handleSubmit((values) => (changesAddress(values) ? setPending(values) : submit(values)))}
        submitLabel={wallet ? 'Save Changes' : 'Add Wallet'}
        busy={saving.isLoading}
      >
        {pickNetwork ? (
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
                    options={options}
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
        ) : (
          <div>
            <p className="text-sm font-medium text-ink">Network</p>
            <p className="text-sm text-ink">{networkLabel(chosen)}</p>
          </div>
        )}
        <TextField
          label="Wallet Address"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          error={errors.address?.message}
          {...register('address', { onChange: () => void trigger('address') })}
        />
        <div className="space-y-1">
          <div className="flex items-center gap-3">
            <Controller
              control={control}
              name="isActive"
              render={({ field }) => (
                <Switch
                  id="wallet-active"
                  checked={field.value}
                  onCheckedChange={(checked) => {
                    form.clearErrors('isActive');
                    field.onChange(checked);
                  }}
                  onBlur={field.onBlur}
                  aria-describedby="wallet-active-hint wallet-active-error"
                  aria-invalid={Boolean(errors.isActive)}
                />
              )}
            />
            <label htmlFor="wallet-active" className="text-sm text-ink-muted">
              Active (investors can deposit to it)
            </label>
          </div>
          {errors.isActive?.message ? null : (
            <p id="wallet-active-hint" className="text-xs text-ink-muted">
              {takesDeposits
                ? `${networkLabel(chosen)} takes deposits: switch them off in Payment Methods before deactivating its address.`
                : 'An inactive address is not shown to investors.'}
            </p>
          )}
          <div id="wallet-active-error">
            {errors.isActive?.message ? (
              <div className="space-y-1">
                <p role="alert" className="text-sm font-medium text-danger">
                  {errors.isActive.message}
                </p>
                <Link
                  to="/admin/wallets/methods"
                  className="text-sm font-medium text-brand-ink underline underline-offset-2"
                >
                  Open Payment Methods
                </Link>
              </div>
            ) : null}
          </div>
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

const change = columnHelper<WalletAddressChange>();

/** One side of a change: the address with its network and whether it was active. */
const walletState = (address: string, network: string | null, isActive: boolean | null) =>
  `${address} (${[network, isActive === null ? null : isActive ? 'Active' : 'Inactive'].filter(Boolean).join(', ')})`;

const HISTORY_COLUMNS = [
  change.accessor('createdAt', { header: 'When', cell: (info) => <DateCell value={info.getValue()} /> }),
  change.accessor((entry) => entry.adminName ?? entry.adminId, { id: 'admin', header: 'Admin' }),
  change.display({
    id: 'change',
    header: 'Change',
    cell: (info) => {
      const entry = info.row.original;
      return (
        <div className="min-w-[12rem] max-w-[28rem] space-y-1 break-all font-mono text-xs">
          <p className="text-ink-muted">
            {entry.previousAddress
              ? walletState(entry.previousAddress, entry.previousNetwork, entry.previousIsActive)
              : 'Not configured'}
          </p>
          <p className="text-ink">
            <span aria-label="changed to">→</span> {walletState(entry.address, entry.network, entry.isActive)}
          </p>
        </div>
      );
    },
  }),
];

function AddressHistory() {
  const list = useListState({ pageSize: HISTORY_PAGE_SIZE });
  const changes = useWalletHistoryQuery({ page: list.page, pageSize: HISTORY_PAGE_SIZE });
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>History of Changes</CardTitle>
      </CardHeader>
      <CardContent>
        <ListTable
          query={changes}
          list={list}
          pageSize={HISTORY_PAGE_SIZE}
          noun="changes"
          what="the history of wallet changes"
          icon={<History className="h-8 w-8" />}
          empty={
            <EmptyState
              icon={<History className="h-8 w-8" />}
              title="No changes yet"
              description="Every change of a wallet will be listed here."
            />
          }
          caption="Changes of the platform wallet, newest first"
          scrollLabel="History of wallet changes"
          columns={HISTORY_COLUMNS}
          rowId={(entry) => entry.id}
          sortable={false}
        />
      </CardContent>
    </Card>
  );
}

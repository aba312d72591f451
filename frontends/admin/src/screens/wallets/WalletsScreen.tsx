// Wallet Settings (spec section 2; docs/decisions/0081): one card per network (TRC-20, ERC-20, BEP-20) with the
// platform's address there (Active or Inactive, created date, address with copy, Edit), whether the platform
// watches that network on chain and its USDT contract; Add Wallet for a network without one (the network picked
// in the dialog). The address is checked for its network as the admin types, a changed address asks first
// (investors' next deposits go there), and the wallet's refusal to deactivate a network that takes deposits is
// shown under the switch. Below, the history of changes through the list kit, one server page at a time (page in
// the address), cards at phone width.
import { useState, type ReactNode } from 'react';
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
import { knownText } from '@cropvest/web-kit/known-texts';
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
import { useWalletsMessages, type WalletsMessages, type WalletsText } from './messages/catalogue.ts';
import { networkLabel, NETWORKS, networksWithout, walletOn } from './networks.ts';

const HISTORY_PAGE_SIZE = 10;
/** The wallet's refusal to deactivate the address of a network that takes deposits (409). */
const NETWORK_ACCEPTS_DEPOSITS = 'NETWORK_ACCEPTS_DEPOSITS';

type Editing = { wallet: WalletSettings } | { wallet: null; network: NetworkType | null };

export default function WalletsScreen() {
  const { text } = useWalletsMessages();
  const wallets = usePlatformWalletsQuery();
  const chain = useAdminChainNetworksQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const missing = networksWithout(wallets.data ?? []);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('wallets.title')}</h1>
          <p className="mt-1 text-ink-muted">{text('wallets.intro')}</p>
        </div>
        {wallets.data && missing.length > 0 ? (
          <Button onClick={() => setEditing({ wallet: null, network: null })}>
            <Wallet className="h-4 w-4" aria-hidden="true" />
            {text('wallets.add')}
          </Button>
        ) : null}
      </div>
      <QueryView
        query={wallets}
        what={text('wallets.what')}
        skeleton={<SkeletonRows rows={3} className="h-56" />}
        isEmpty={(data) => data.length === 0}
        empty={
          <Card>
            <CardContent className="pt-6">
              <EmptyState
                icon={<Wallet className="h-8 w-8" />}
                title={text('wallets.empty.title')}
                description={text('wallets.empty.description')}
              />
            </CardContent>
          </Card>
        }
      >
        {(data) => (
          <ul aria-label={text('wallets.list.label')} className="grid gap-4 xl:grid-cols-3">
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
  const { text, rich } = useWalletsMessages();
  const name = networkLabel(network);
  const hidden = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;
  const titleId = `wallet-${network}-title`;
  const addressId = `wallet-${network}-address`;
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle level={2} id={titleId} className="flex items-center gap-2">
          <Wallet className="h-5 w-5 shrink-0 text-brand" aria-hidden="true" />
          {text('wallets.network.title', { network: name })}
        </CardTitle>
        {wallet ? (
          <Badge tone={wallet.isActive ? 'green' : 'gray'}>
            {text(wallet.isActive ? 'wallets.status.active' : 'wallets.status.inactive')}
          </Badge>
        ) : (
          <Badge tone="outline">{text('wallets.status.notConfigured')}</Badge>
        )}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {wallet ? (
          <>
            <div>
              <p className="text-sm text-ink-muted" id={addressId}>
                {text('wallets.card.address')}
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
                  label={text('wallets.card.copy', { network: name })}
                  copied={{ title: text('wallets.card.copied') }}
                  showText={false}
                />
              </div>
            </div>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-ink-muted">{text('wallets.card.network')}</dt>
                <dd className="font-medium text-ink">{name}</dd>
              </div>
              <div>
                <dt className="text-ink-muted">{text('wallets.card.created')}</dt>
                <dd className="font-medium text-ink">{formatDate(wallet.createdAt)}</dd>
              </div>
            </dl>
          </>
        ) : (
          <p className="text-sm text-ink-muted">{text('wallets.card.noAddress', { network: name })}</p>
        )}
        <ChainFacts chain={chain} unavailable={chainUnavailable} />
        <div className="mt-auto">
          {wallet ? (
            <Button variant="outline" onClick={onEdit}>
              {rich('wallets.card.edit', { network: name, hidden })}
            </Button>
          ) : (
            <Button variant="outline" onClick={onEdit}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {rich('wallets.card.add', { network: name, hidden })}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Whether the chain service watches the network (deposits verified and credited from the chain) and its USDT. */
function ChainFacts({ chain, unavailable }: { chain: ChainNetwork | undefined; unavailable: boolean }) {
  const { text } = useWalletsMessages();
  if (!chain)
    return (
      <p className="text-sm text-ink-muted">
        {text(unavailable ? 'wallets.chain.unavailable' : 'wallets.chain.loading')}
      </p>
    );
  return (
    <dl className="space-y-2 rounded-lg border border-border bg-surface-muted p-3 text-sm">
      <div>
        <dt className="text-ink-muted">{text('wallets.chain.monitored')}</dt>
        <dd className="font-medium text-ink">
          {chain.monitored
            ? text('wallets.chain.yes', { chain: chain.chainName, confirmations: chain.confirmations })
            : text('wallets.chain.no')}
        </dd>
      </div>
      <div>
        <dt className="text-ink-muted">{text('wallets.chain.contract')}</dt>
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
  const { text, rich } = useWalletsMessages();
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
      toast({ title: text('wallets.dialog.saved'), variant: 'success' });
      onClose();
    } catch (error) {
      setPending(null);
      if (isApiError(error) && error.code === NETWORK_ACCEPTS_DEPOSITS && error.serverMessage)
        form.setError('isActive', { type: 'server', message: knownText(error.serverMessage) });
      else reportFormError(form, error, { fallback: text('wallets.dialog.failed') });
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
        title={text(wallet ? 'wallets.dialog.editTitle' : 'wallets.dialog.addTitle')}
        description={text('wallets.dialog.description', { network: networkLabel(chosen) })}
        onSubmit={handleSubmit((values) => (changesAddress(values) ? setPending(values) : submit(values)))}
        submitLabel={text(wallet ? 'wallets.dialog.save' : 'wallets.add')}
        busy={saving.isLoading}
      >
        {pickNetwork ? (
          <Field label={text('wallets.dialog.network')} error={errors.networkType?.message}>
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
            <p className="text-sm font-medium text-ink">{text('wallets.dialog.network')}</p>
            <p className="text-sm text-ink">{networkLabel(chosen)}</p>
          </div>
        )}
        <TextField
          label={text('wallets.dialog.address')}
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
              {text('wallets.dialog.active')}
            </label>
          </div>
          {errors.isActive?.message ? null : (
            <p id="wallet-active-hint" className="text-xs text-ink-muted">
              {takesDeposits
                ? text('wallets.dialog.takesDeposits', { network: networkLabel(chosen) })
                : text('wallets.dialog.inactiveHint')}
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
                  {text('wallets.dialog.openMethods')}
                </Link>
              </div>
            ) : null}
          </div>
        </div>
      </FormDialog>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={text('wallets.confirm.title')}
        description={
          pending
            ? rich('wallets.confirm.description', {
                address: pending.address,
                network: networkLabel(pending.networkType),
                code: (chunks) => <code className="break-all font-mono">{chunks}</code>,
              })
            : ''
        }
        confirmLabel={text('wallets.confirm.action')}
        busy={saving.isLoading}
        onConfirm={() => (pending ? submit(pending) : undefined)}
      />
    </>
  );
}

const change = columnHelper<WalletAddressChange>();

/** One side of a change: the address with its network and whether it was active, as far as the entry knows. */
const walletState = (
  text: WalletsText,
  address: string,
  network: string | null,
  isActive: boolean | null,
): string => {
  const active = isActive ? 'yes' : 'no';
  if (network && isActive !== null) return text('wallets.history.state', { address, network, active });
  if (network) return text('wallets.history.stateNetwork', { address, network });
  if (isActive !== null) return text('wallets.history.stateActive', { address, active });
  return address;
};

const historyColumns = ({ text, rich }: WalletsMessages) => [
  change.accessor('createdAt', {
    header: text('wallets.history.when'),
    cell: (info) => <DateCell value={info.getValue()} />,
  }),
  change.accessor((entry) => entry.adminName ?? entry.adminId, {
    id: 'admin',
    header: text('wallets.history.admin'),
  }),
  change.display({
    id: 'change',
    header: text('wallets.history.change'),
    cell: (info) => {
      const entry = info.row.original;
      return (
        <div className="min-w-[12rem] max-w-[28rem] space-y-1 break-all font-mono text-xs">
          <p className="text-ink-muted">
            {entry.previousAddress
              ? walletState(text, entry.previousAddress, entry.previousNetwork, entry.previousIsActive)
              : text('wallets.status.notConfigured')}
          </p>
          <p className="text-ink">
            {rich('wallets.history.to', {
              state: walletState(text, entry.address, entry.network, entry.isActive),
              arrow: (chunks) => <span aria-label={text('wallets.history.changedTo')}>{chunks}</span>,
            })}
          </p>
        </div>
      );
    },
  }),
];

function AddressHistory() {
  const messages = useWalletsMessages();
  const { text } = messages;
  const list = useListState({ pageSize: HISTORY_PAGE_SIZE });
  const changes = useWalletHistoryQuery({ page: list.page, pageSize: HISTORY_PAGE_SIZE });
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('wallets.history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ListTable
          query={changes}
          list={list}
          pageSize={HISTORY_PAGE_SIZE}
          noun={text('wallets.history.noun')}
          what={text('wallets.history.what')}
          icon={<History className="h-8 w-8" />}
          empty={
            <EmptyState
              icon={<History className="h-8 w-8" />}
              title={text('wallets.history.emptyTitle')}
              description={text('wallets.history.emptyDescription')}
            />
          }
          caption={text('wallets.history.caption')}
          scrollLabel={text('wallets.history.scrollLabel')}
          columns={historyColumns(messages)}
          rowId={(entry) => entry.id}
          sortable={false}
        />
      </CardContent>
    </Card>
  );
}

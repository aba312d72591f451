// Deposit (spec sections 2, 5, 7, 8, 9; docs/decisions/0080 and 0081): the networks that take deposits (TRC-20
// first), the platform's address on the chosen one (copy button, QR code, its USDT contract and how long finality
// takes), the claim form (amount, the transaction id checked for that network, an optional proof), the chain's
// verdict on the latest claim and on every deposit in the history, watched live while the chain works, and the
// instructions. With no network taking deposits the form is closed.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { AlertTriangle, Clock, ExternalLink, Info, WalletMinimal } from 'lucide-react';
import type { ChainNetwork } from '@cropvest/contracts/chain/model';
import type { Deposit, NetworkType } from '@cropvest/contracts/wallet/model';
import { reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { investorDepositPage } from '@cropvest/web-kit';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import { useListState } from '@cropvest/web-kit/list-state';
import { dropZoneState, useUpload } from '@cropvest/web-kit/upload';
import { Badge, StatusBadge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import {
  explorerTxLink,
  finalityText,
  isVerdictOpen,
  networkLabel,
  networkTitle,
} from '@cropvest/ui/chain-text';
import { ChainVerdictText } from '@cropvest/ui/chain-verdict';
import { cn } from '@cropvest/ui/cn';
import { CopyButton } from '@cropvest/ui/copy-button';
import { columnHelper } from '@cropvest/ui/data-table';
import { DateCell } from '@cropvest/ui/list/cells';
import { ListTable } from '@cropvest/ui/list/results';
import { FileDropZone } from '@cropvest/ui/drop-zone';
import { EmptyState } from '@cropvest/ui/empty-state';
import { Field, TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { Spinner } from '@cropvest/ui/spinner';
import { toast } from '@cropvest/ui/toast';
import { ExplorerTxid } from '@cropvest/ui/transaction-id';
import { formatDateTime, formatUsdt, NOT_AVAILABLE } from '@cropvest/ui/format';
import { depositsApi, useCreateDepositMutation, useMyDepositsQuery } from '../../api/wallet.ts';
import { useChainNetworksQuery } from '../../api/chain.ts';
import {
  AMOUNT_STEP,
  chosenNetwork,
  depositBody,
  depositFailure,
  depositNetworks,
  depositPollMs,
  depositResolver,
  MIN_AMOUNT,
  PROOF_ACCEPT,
  PROOF_MAX_BYTES,
  VERDICT_POLL_MS,
  type DepositFormInput,
  type DepositFormValues,
  type DepositNetworks,
} from '../../shared/deposit/rules.ts';
import { noteDeposit, useDepositWatch } from './watch.ts';
import { useProofViewer } from '../../shared/deposit/proof.ts';
import { DetailAmountLink } from '../../shared/detail-amount-link.tsx';
import { useDepositMessages } from './messages/catalogue.ts';

const HISTORY_PAGE_SIZE = 10;
/** The page the latest claim is on (newest first), shared with the history's first page. */
const LATEST_PAGE = { page: 1, pageSize: HISTORY_PAGE_SIZE };

const resolver = depositResolver(() => import('./schemas.ts'));

export default function DepositScreen() {
  const networksQuery = useChainNetworksQuery();
  const available = networksQuery.data === undefined ? null : depositNetworks(networksQuery.data);
  const [chosen, setChosen] = useState<NetworkType | null>(null);
  const network = available?.open ? chosenNetwork(available.networks, chosen) : null;
  // Templates of every network's explorer, for the links in the history (deposits on a network closed since too).
  const explorers = new Map((networksQuery.data ?? []).map((n) => [n.network, n.explorerTxUrl]));
  const { text } = useDepositMessages();

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('deposit.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('deposit.intro')}</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle level={2}>{text('deposit.wallet.title')}</CardTitle>
            <CardDescription>{text('deposit.wallet.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <QueryView
              query={networksQuery}
              what={text('deposit.wallet.what')}
              skeleton={<Skeleton className="h-48" />}
            >
              {(networks) => (
                <PlatformWallet
                  available={depositNetworks(networks)}
                  network={network}
                  onChoose={setChosen}
                />
              )}
            </QueryView>
          </CardContent>
        </Card>

        <DepositForm
          available={available}
          network={network}
          onNetworksStale={() => void networksQuery.refetch()}
        />
      </div>

      <Instructions network={network} choices={available?.open ? available.networks.length : 0} />

      <DepositHistory explorers={explorers} />
    </div>
  );
}

// ---- the platform wallet on the chosen network ----

function ClosedNotice({ reason }: { reason: 'not-configured' | 'paused' }) {
  const { text } = useDepositMessages();
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-warning-border bg-warning-muted p-4">
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-warning-ink" />
      <div className="text-sm text-warning-ink">
        {reason === 'not-configured' ? (
          <>
            <p className="font-semibold">{text('deposit.closed.notConfigured.title')}</p>
            <p className="mt-1">{text('deposit.closed.notConfigured.body')}</p>
          </>
        ) : (
          <>
            <p className="font-semibold">{text('deposit.closed.paused.title')}</p>
            <p className="mt-1">{text('deposit.closed.paused.body')}</p>
          </>
        )}
      </div>
    </div>
  );
}

function PlatformWallet({
  available,
  network,
  onChoose,
}: {
  available: DepositNetworks;
  network: ChainNetwork | null;
  onChoose: (network: NetworkType) => void;
}) {
  const { text, rich } = useDepositMessages();
  if (!available.open || !network)
    return <ClosedNotice reason={available.open ? 'paused' : available.reason} />;
  const address = (network.depositAddress ?? '').trim();
  const title = networkTitle(network.network);
  return (
    <div className="space-y-5">
      {available.networks.length > 1 ? (
        <NetworkPicker networks={available.networks} value={network.network} onChange={onChoose} />
      ) : (
        <div>
          <p className="text-sm font-medium text-ink-muted">{text('deposit.wallet.network')}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <Badge tone="blue">{text('deposit.wallet.token')}</Badge>
            <span className="font-semibold text-ink">{title}</span>
          </p>
        </div>
      )}

      <div className="flex flex-col gap-5 sm:flex-row sm:items-start lg:flex-col lg:items-stretch 2xl:flex-row">
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <p id="deposit-address-label" className="text-sm font-medium text-ink-muted">
              {text('deposit.wallet.address', { network: title })}
            </p>
            <p
              aria-labelledby="deposit-address-label"
              className="mt-1 break-all rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-sm text-ink"
            >
              {address}
            </p>
            <div className="mt-3">
              <CopyButton
                value={address}
                label={text('deposit.wallet.copy')}
                copied={{
                  title: text('deposit.wallet.copied'),
                  description: text('deposit.wallet.copiedDescription'),
                }}
              />
            </div>
          </div>
        </div>
        <figure className="flex shrink-0 flex-col items-center gap-2 self-center sm:self-start lg:self-center 2xl:self-start">
          <div className="rounded-lg border border-border bg-surface p-3">
            <QRCodeSVG
              value={address}
              size={148}
              marginSize={0}
              role="img"
              aria-label={text('deposit.wallet.qrCode', { address })}
            />
          </div>
          <figcaption className="text-xs text-ink-muted">{text('deposit.wallet.scan')}</figcaption>
        </figure>
      </div>

      <div className="space-y-2 text-sm">
        <p className="flex gap-2 rounded-md border border-warning-border bg-warning-muted px-3 py-2 text-warning-ink">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-warning-ink" />
          <span className="min-w-0">
            {rich('deposit.wallet.onlyUsdt', {
              contract: network.usdtContract,
              network: title,
              mono: (chunks) => <span className="break-all font-mono text-xs">{chunks}</span>,
            })}
          </span>
        </p>
        <p className="flex gap-2 text-ink-muted">
          <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-ink-subtle" />
          <span>{finalityText(network)}</span>
        </p>
      </div>
    </div>
  );
}

/** The networks that take deposits as one radio group (arrow keys move between them). */
function NetworkPicker({
  networks,
  value,
  onChange,
}: {
  networks: ChainNetwork[];
  value: NetworkType;
  onChange: (network: NetworkType) => void;
}) {
  const { text } = useDepositMessages();
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-ink-muted">{text('deposit.wallet.network')}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
        {networks.map((network) => (
          <label
            key={network.network}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus',
              network.network === value
                ? 'border-brand bg-brand-muted text-brand-ink'
                : 'border-border-strong bg-surface text-ink hover:bg-surface-muted',
            )}
          >
            <input
              type="radio"
              name={name}
              value={network.network}
              checked={network.network === value}
              onChange={() => onChange(network.network)}
              className="h-4 w-4 shrink-0 accent-brand"
            />
            <span className="min-w-0">
              <span className="block font-semibold">{network.label}</span>
              <span className="block text-xs text-ink-muted">{network.chainName}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ---- the claim form and the latest claim ----

function DepositForm({
  available,
  network,
  onNetworksStale,
}: {
  available: DepositNetworks | null;
  network: ChainNetwork | null;
  onNetworksStale: () => void;
}) {
  const { text, rich } = useDepositMessages();
  const [createDeposit, { isLoading }] = useCreateDepositMutation();
  const upload = useUpload('deposit-proof');
  const [proofError, setProofError] = useState<string | undefined>(undefined);
  const [latest, setLatest] = useState<Deposit | null>(null);
  const form = useContractForm<DepositFormInput, DepositFormValues>({
    resolver,
    defaultValues: { amount: '', txid: '', network: network?.network ?? 'TRC20' },
  });
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    getFieldState,
    trigger,
    formState: { errors, isSubmitted },
  } = form;
  const open = network !== null;
  const uploading = upload.state.status === 'uploading';
  const chosen = network?.network ?? null;

  // The transaction id is checked for the network chosen beside the address: a change of network checks it again.
  useEffect(() => {
    if (!chosen || getValues('network') === chosen) return;
    setValue('network', chosen);
    if (getValues('txid').trim() && (isSubmitted || getFieldState('txid').isTouched)) void trigger('txid');
  }, [chosen, getValues, setValue, getFieldState, isSubmitted, trigger]);

  const onSubmit = async (values: DepositFormValues) => {
    if (upload.state.status === 'uploading') return;
    if (upload.state.status === 'failed') {
      setProofError(text('deposit.form.proofNotUploaded'));
      return;
    }
    const proofPath = upload.state.status === 'done' ? upload.state.objectPath : null;
    try {
      const deposit = await createDeposit(depositBody(values, proofPath)).unwrap();
      noteDeposit(deposit);
      setLatest(deposit);
      toast({ title: text('deposit.form.submitted'), variant: 'success' });
      form.reset({ amount: '', txid: '', network: values.network });
      upload.reset();
      setProofError(undefined);
    } catch (error) {
      const failed = text('deposit.form.failed');
      const failure = depositFailure(error, failed);
      if ('field' in failure) form.setError('txid', { type: 'server', message: failure.message });
      else if ('toast' in failure) {
        toast({ title: failure.toast, variant: 'destructive' });
        onNetworksStale();
      } else reportFormError(form, error, { fallback: failed });
    }
  };

  const title = network ? networkTitle(network.network) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('deposit.form.title')}</CardTitle>
        <CardDescription>{text('deposit.form.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {latest ? <LatestDeposit submitted={latest} /> : null}
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          onFocusCapture={() => void import('./schemas.ts')}
          aria-label={text('deposit.form.label')}
        >
          <fieldset disabled={!open} className="min-w-0 space-y-4">
            {available && !open ? (
              <p className="flex items-center gap-2 text-sm text-ink-muted">
                <Info aria-hidden="true" className="h-4 w-4 shrink-0 text-ink-subtle" />
                {text('deposit.form.closed')}
              </p>
            ) : null}
            {title ? (
              <p className="text-sm text-ink-muted">
                {rich('deposit.form.network', {
                  network: title,
                  strong: (chunks) => <span className="font-semibold text-ink">{chunks}</span>,
                })}
              </p>
            ) : null}
            <Field
              label={text('deposit.form.amount')}
              error={errors.amount?.message}
              hint={text('deposit.form.amountHint')}
            >
              {({ id, describedBy, invalid }) => (
                <MoneyInput
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  aria-required="true"
                  min={MIN_AMOUNT}
                  step={AMOUNT_STEP}
                  placeholder="0.00"
                  {...register('amount')}
                />
              )}
            </Field>
            <TextField
              label={text('deposit.form.txid')}
              hint={text('deposit.form.txidHint')}
              error={errors.txid?.message}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              className="font-mono"
              {...register('txid')}
            />
            <FileDropZone
              label={text('deposit.form.proof')}
              hint={text('deposit.form.proofHint')}
              accept={PROOF_ACCEPT}
              maxSize={PROOF_MAX_BYTES}
              upload={dropZoneState(upload.state)}
              onFile={(file) => {
                setProofError(undefined);
                void upload.start(file);
              }}
              onClear={() => {
                setProofError(undefined);
                upload.reset();
              }}
              disabled={!open || isLoading}
              error={proofError}
            />
            <Button type="submit" className="w-full" disabled={!open || isLoading || uploading}>
              {isLoading ? <Spinner size="sm" label={text('deposit.form.submitting')} /> : null}
              {uploading ? text('deposit.form.waitingForUpload') : text('deposit.form.submit')}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * The claim just made, with its verdict as the chain gives it (read from the history's first page, polled while
 * the chain works). A live region: each new verdict is announced.
 */
function LatestDeposit({ submitted }: { submitted: Deposit }) {
  const cached = depositsApi.endpoints.myDeposits.useQueryState(LATEST_PAGE);
  const fromList = cached.data?.items.find((deposit) => deposit.id === submitted.id);
  const deposit = fromList ?? submitted;
  const page = useMyDepositsQuery(LATEST_PAGE, {
    pollingInterval: isVerdictOpen(deposit) ? VERDICT_POLL_MS : 0,
  });
  useDepositWatch(page.data?.items);
  const headingId = useId();
  const { text } = useDepositMessages();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-border bg-surface-muted p-4"
      data-testid="latest-deposit"
    >
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {text('deposit.latest.title', {
          amount: formatUsdt(deposit.claimedAmount),
          network: networkLabel(deposit.network),
        })}
      </h3>
      <div role="status" className="mt-2">
        <ChainVerdictText deposit={deposit} className="text-sm" />
      </div>
    </section>
  );
}

// ---- instructions ----

function Instructions({ network, choices }: { network: ChainNetwork | null; choices: number }) {
  const { text, rich } = useDepositMessages();
  const name = network ? networkTitle(network.network) : text('deposit.howTo.chosenNetwork');
  const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('deposit.howTo.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 ps-5 text-sm text-ink-muted">
          <li>{text(choices > 1 ? 'deposit.howTo.chooseAndCopy' : 'deposit.howTo.copy')}</li>
          <li>{rich('deposit.howTo.send', { network: name, strong })}</li>
          <li>{rich('deposit.howTo.claim', { strong })}</li>
          <li>{text('deposit.howTo.credited')}</li>
        </ol>
      </CardContent>
    </Card>
  );
}

// ---- the history ----

const col = columnHelper<Deposit>();

function TransactionCell({ deposit, template }: { deposit: Deposit; template: string | null }) {
  return deposit.txid ? <ExplorerTxid txid={deposit.txid} template={template} /> : <>{NOT_AVAILABLE}</>;
}

/** Whether a history row holds something focusable: a proof to view or a link to the explorer. */
const hasLinkOrButton = (deposit: Deposit, explorers: ReadonlyMap<NetworkType, string | null>): boolean =>
  Boolean(
    deposit.screenshotUrl ||
    (deposit.txid && explorerTxLink(explorers.get(deposit.network) ?? null, deposit.txid)),
  );

function DepositHistory({ explorers }: { explorers: ReadonlyMap<NetworkType, string | null> }) {
  const list = useListState({ pageSize: HISTORY_PAGE_SIZE });
  const args = { page: list.page, pageSize: list.pageSize };
  // Polled while the chain still works on a deposit shown, and no longer once none is.
  const shown = depositsApi.endpoints.myDeposits.useQueryState(args);
  const deposits = useMyDepositsQuery(args, { pollingInterval: depositPollMs(shown.data?.items) });
  useDepositWatch(deposits.data?.items);
  const proof = useProofViewer();
  const detailLink = useDetailLink();
  const { text } = useDepositMessages();

  const columns = [
    col.accessor('createdAt', {
      header: text('deposit.history.date'),
      // Wraps on a phone, so more of the row (the verdict comes right after the amount) is in view.
      cell: (info) => <DateCell value={info.getValue()} />,
    }),
    col.accessor('amount', {
      header: text('deposit.history.amount'),
      cell: (info) => (
        <DetailAmountLink
          to={detailLink(investorDepositPage(info.row.original.id))}
          amount={info.getValue()}
        />
      ),
    }),
    col.accessor('status', {
      header: text('deposit.history.status'),
      cell: (info) => {
        const deposit = info.row.original;
        return (
          <div className="min-w-[12rem] max-w-[20rem] space-y-1.5">
            <StatusBadge status={deposit.status} />
            <ChainVerdictText deposit={deposit} />
            {deposit.status === 'rejected' &&
            deposit.chain.status !== 'refused' &&
            deposit.rejectionReason ? (
              <p className="text-xs text-danger-ink">
                {text('deposit.history.reason', { reason: deposit.rejectionReason })}
              </p>
            ) : null}
          </div>
        );
      },
    }),
    col.accessor('network', {
      header: text('deposit.history.network'),
      cell: (info) => <span className="whitespace-nowrap">{networkLabel(info.getValue())}</span>,
    }),
    col.accessor('txid', {
      header: text('deposit.history.txid'),
      cell: (info) => (
        <TransactionCell
          deposit={info.row.original}
          template={explorers.get(info.row.original.network) ?? null}
        />
      ),
    }),
    col.display({
      id: 'proof',
      header: text('deposit.history.proof'),
      cell: (info) => {
        const deposit = info.row.original;
        if (!deposit.screenshotUrl)
          return <span className="text-ink-muted">{text('deposit.history.noProof')}</span>;
        return (
          // `relative` keeps the screen-reader text inside the table's scroll area (no sideways page scroll).
          <Button
            variant="outline"
            size="sm"
            className="relative whitespace-nowrap"
            onClick={() => void proof.view(deposit.id)}
            disabled={proof.opening === deposit.id}
          >
            <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" /> {text('deposit.history.viewProof')}
            <span className="sr-only">
              {text('deposit.history.viewProofOf', {
                amount: formatUsdt(deposit.amount),
                date: formatDateTime(deposit.createdAt),
              })}
            </span>
          </Button>
        );
      },
    }),
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('deposit.history.title')}</CardTitle>
        <CardDescription>{text('deposit.history.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ListTable
          sortable={false}
          query={deposits}
          list={list}
          pageSize={list.pageSize}
          noun={text('deposit.history.noun')}
          what={text('deposit.history.what')}
          caption={text('deposit.history.caption')}
          // With no proof to view and no explorer link in it, the table's scroll box takes the keyboard focus.
          scrollLabel={
            deposits.data?.items.some((d) => hasLinkOrButton(d, explorers))
              ? undefined
              : text('deposit.history.caption')
          }
          empty={
            <EmptyState
              icon={<WalletMinimal className="h-8 w-8" />}
              title={text('deposit.history.empty.title')}
              description={text('deposit.history.empty.description')}
            />
          }
          columns={columns}
          rowId={(deposit) => deposit.id}
        />
      </CardContent>
    </Card>
  );
}

// Deposit (spec sections 2, 5, 7, 8, 9): the platform wallet (address, network, copy button, QR code), the
// deposit form (amount, transaction id, proof uploaded for real), the deposit history with each request's
// review status and proof, and the instructions. With no active platform wallet the form is closed.
import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { AlertTriangle, ExternalLink, Info, WalletMinimal } from 'lucide-react';
import type { Deposit } from '@cropvest/contracts/wallet';
import { lazyZodResolver, reportFormError, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { dropZoneState, useUpload } from '@cropvest/web-kit/upload';
import { Badge, StatusBadge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { CopyButton } from '@cropvest/ui/copy-button';
import { columnHelper, DataTable } from '@cropvest/ui/data-table';
import { FileDropZone } from '@cropvest/ui/drop-zone';
import { EmptyState } from '@cropvest/ui/empty-state';
import { Field, TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { Spinner } from '@cropvest/ui/spinner';
import { toast } from '@cropvest/ui/toast';
import { formatDateTime, formatUsdt, NOT_AVAILABLE } from '@cropvest/ui/format';
import {
  useCreateDepositMutation,
  useLazyDepositProofQuery,
  useMyDepositsQuery,
  useWalletSettingsQuery,
} from './api.ts';
import {
  AMOUNT_STEP,
  depositBody,
  depositProblems,
  MIN_AMOUNT,
  networkName,
  PROOF_ACCEPT,
  PROOF_HINT,
  PROOF_MAX_BYTES,
  walletAvailability,
  withFieldChecks,
  type DepositFormInput,
  type DepositFormValues,
  type WalletAvailability,
} from './rules.ts';

const HISTORY_PAGE_SIZE = 10;

const resolver = withFieldChecks<DepositFormInput, DepositFormValues>(
  depositProblems,
  lazyZodResolver(() => import('./schemas.ts').then((m) => m.DepositRequest)),
);

export default function DepositScreen() {
  const wallet = useWalletSettingsQuery();
  const availability = wallet.data === undefined ? null : walletAvailability(wallet.data);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Deposit</h1>
        <p className="mt-1 text-slate-600">
          Send USDT to the platform wallet, then tell us about the transfer. Your balance is credited once an
          admin approves it.
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle level={2}>Platform Wallet</CardTitle>
            <CardDescription>Where to send your USDT.</CardDescription>
          </CardHeader>
          <CardContent>
            <QueryView query={wallet} what="the platform wallet" skeleton={<Skeleton className="h-48" />}>
              {(settings) => <PlatformWallet availability={walletAvailability(settings)} />}
            </QueryView>
          </CardContent>
        </Card>

        <DepositForm availability={availability} />
      </div>

      <Instructions availability={availability} />

      <DepositHistory />
    </div>
  );
}

function PlatformWallet({ availability }: { availability: WalletAvailability }) {
  if (!availability.ready)
    return (
      <div role="status" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
        <div className="text-sm text-amber-950">
          {availability.reason === 'not-configured' ? (
            <>
              <p className="font-semibold">No deposit wallet is set up yet</p>
              <p className="mt-1">
                The platform&apos;s USDT deposit address has not been configured, so deposits are not possible
                right now. Please check back later or contact support.
              </p>
            </>
          ) : (
            <>
              <p className="font-semibold">The deposit wallet is switched off</p>
              <p className="mt-1">
                Deposits are paused. Do not send USDT to an address you saved earlier; please check back later
                or contact support.
              </p>
            </>
          )}
        </div>
      </div>
    );

  const { address, network } = availability;
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start lg:flex-col lg:items-stretch 2xl:flex-row">
      <div className="min-w-0 flex-1 space-y-4">
        <div>
          <p className="text-sm font-medium text-slate-700">Network</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <Badge tone="blue">USDT</Badge>
            <span className="font-semibold text-slate-900">{networkName(network)}</span>
          </p>
        </div>
        <div>
          <p id="deposit-address-label" className="text-sm font-medium text-slate-700">
            Deposit address
          </p>
          <p
            aria-labelledby="deposit-address-label"
            className="mt-1 break-all rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
          >
            {address}
          </p>
          <div className="mt-3">
            <CopyButton
              value={address}
              label="Copy wallet address"
              copied={{ title: 'Copied!', description: 'Wallet address copied to clipboard' }}
            />
          </div>
        </div>
      </div>
      <figure className="flex shrink-0 flex-col items-center gap-2 self-center sm:self-start lg:self-center 2xl:self-start">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <QRCodeSVG
            value={address}
            size={148}
            marginSize={0}
            role="img"
            aria-label={`QR code of the deposit address ${address}`}
          />
        </div>
        <figcaption className="text-xs text-slate-600">Scan with your wallet app</figcaption>
      </figure>
    </div>
  );
}

function DepositForm({ availability }: { availability: WalletAvailability | null }) {
  const [createDeposit, { isLoading }] = useCreateDepositMutation();
  const upload = useUpload('deposit-proof');
  const [proofError, setProofError] = useState<string | undefined>(undefined);
  const form = useContractForm<DepositFormInput, DepositFormValues>({
    resolver,
    defaultValues: { amount: '', txid: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const open = availability?.ready === true;
  const uploading = upload.state.status === 'uploading';

  const onSubmit = async (values: DepositFormValues) => {
    if (upload.state.status === 'uploading') return;
    if (upload.state.status === 'failed') {
      setProofError('This file was not uploaded. Remove it, or choose it again.');
      return;
    }
    const proofPath = upload.state.status === 'done' ? upload.state.objectPath : null;
    try {
      await createDeposit(depositBody(values, proofPath)).unwrap();
      toast({ title: 'Deposit request submitted successfully!', variant: 'success' });
      form.reset();
      upload.reset();
      setProofError(undefined);
    } catch (error) {
      reportFormError(form, error, { fallback: 'Failed to submit deposit request' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Deposit Request</CardTitle>
        <CardDescription>After sending, tell us the amount and the transaction id.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          onFocusCapture={() => void import('./schemas.ts')}
          aria-label="Deposit request"
        >
          <fieldset disabled={!open} className="min-w-0 space-y-4">
            {availability && !open ? (
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <Info aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
                The form opens when a deposit wallet is available.
              </p>
            ) : null}
            <Field label="Amount (USDT)" error={errors.amount?.message} hint="At least 1 USDT.">
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
              label="Transaction ID (optional)"
              hint="The transaction hash your wallet shows for the transfer."
              error={errors.txid?.message}
              autoComplete="off"
              spellCheck={false}
              {...register('txid')}
            />
            <FileDropZone
              label="Proof of payment (optional)"
              hint={PROOF_HINT}
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
              {isLoading ? <Spinner size="sm" label="Submitting…" /> : null}
              {uploading ? 'Waiting for the upload…' : 'Submit Deposit Request'}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}

function Instructions({ availability }: { availability: WalletAvailability | null }) {
  const network = availability?.ready
    ? networkName(availability.network)
    : 'the network shown with the address';
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>How to deposit</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>Copy the platform wallet address above, or scan its QR code with your wallet app.</li>
          <li>
            Send <strong>only USDT</strong> on <strong>{network}</strong> to that address. Other tokens, or
            USDT sent on another network, cannot be credited.
          </li>
          <li>
            Submit the form with the amount you sent and the transaction id; attach a screenshot of the
            transfer as proof if you can.
          </li>
          <li>
            An admin checks the transfer. Approval typically takes 1-24 hours; your balance is credited as
            soon as the deposit is approved.
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}

const col = columnHelper<Deposit>();

function DepositHistory() {
  const list = useListState({ pageSize: HISTORY_PAGE_SIZE });
  const deposits = useMyDepositsQuery({ page: list.page, pageSize: list.pageSize });
  const [fetchProof] = useLazyDepositProofQuery();
  const [opening, setOpening] = useState<string | null>(null);

  const viewProof = async (deposit: Deposit) => {
    // The tab opens now, while the click still counts as the user's, and gets the link once it arrives.
    const tab = window.open('', '_blank');
    setOpening(deposit.id);
    try {
      const link = await fetchProof(deposit.id, false).unwrap();
      if (tab) {
        tab.opener = null;
        tab.location.href = link.url;
      } else window.open(link.url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      tab?.close();
      toastFailure(error, { fallback: 'Could not open the proof. Please try again.' });
    } finally {
      setOpening(null);
    }
  };

  const columns = [
    col.accessor('createdAt', {
      header: 'Date',
      cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
    }),
    col.accessor('amount', {
      header: 'Amount',
      cell: (info) => (
        <span className="whitespace-nowrap font-medium tabular-nums">{formatUsdt(info.getValue())}</span>
      ),
    }),
    col.accessor('txid', {
      header: 'Transaction ID',
      cell: (info) => {
        const txid = info.getValue();
        return txid ? (
          <span className="block max-w-[14rem] truncate font-mono text-xs" title={txid}>
            {txid}
          </span>
        ) : (
          NOT_AVAILABLE
        );
      },
    }),
    col.accessor('status', {
      header: 'Status',
      cell: (info) => {
        const deposit = info.row.original;
        return (
          <div className="space-y-1">
            <StatusBadge status={deposit.status} />
            {deposit.status === 'rejected' && deposit.rejectionReason ? (
              <p className="max-w-[16rem] text-xs text-red-800">Reason: {deposit.rejectionReason}</p>
            ) : null}
          </div>
        );
      },
    }),
    col.display({
      id: 'proof',
      header: 'Proof',
      cell: (info) => {
        const deposit = info.row.original;
        if (!deposit.screenshotUrl) return <span className="text-slate-600">None</span>;
        return (
          // `relative` keeps the screen-reader text inside the table's scroll area (no sideways page scroll).
          <Button
            variant="outline"
            size="sm"
            className="relative whitespace-nowrap"
            onClick={() => void viewProof(deposit)}
            disabled={opening === deposit.id}
          >
            <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" /> View proof
            <span className="sr-only">
              {' '}
              of the {formatUsdt(deposit.amount)} deposit of {formatDateTime(deposit.createdAt)}
            </span>
          </Button>
        );
      },
    }),
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Deposit History</CardTitle>
        <CardDescription>Your deposit requests, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={deposits}
          what="your deposits"
          skeleton={<SkeletonRows rows={3} className="h-10" />}
          isEmpty={(data) => data.total === 0}
          empty={
            <EmptyState
              icon={<WalletMinimal className="h-8 w-8" />}
              title="No deposits yet"
              description="Deposit requests you submit appear here with their review status."
            />
          }
        >
          {(data) => (
            <DataTable
              caption="Your deposits"
              columns={columns}
              rows={data.items}
              rowId={(deposit) => deposit.id}
              page={list.page}
              pageSize={list.pageSize}
              total={data.total}
              onPageChange={list.setPage}
              empty={
                <p className="py-4 text-center text-sm text-slate-600">
                  This page is empty.{' '}
                  <Button variant="link" onClick={() => list.setPage(1)}>
                    Go to the first page
                  </Button>
                </p>
              }
            />
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}

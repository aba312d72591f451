// Export Data (/admin/reports/export, issue 13 section 5): one dataset as CSV, streamed by the service that owns
// it. The admin chooses the dataset, its filter and a range of UTC days; the file is read as it arrives (a
// progress bar of the rows received against the total the server counted first), can be cancelled (the request
// is aborted, which stops the server's reads), and is saved only once complete. Each export is audited.
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Download, X } from 'lucide-react';
import type { ExportDataset } from '@cropvest/contracts/reports/export-datasets';
import { downloadFile } from '@cropvest/web-kit/download';
import { toastMessage } from '@cropvest/web-kit/errors';
import { lazyZodResolver, useContractForm } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { formatCount, formatFileSize } from '@cropvest/ui/format';
import { Field, TextField } from '@cropvest/ui/input';
import { ProgressBar } from '@cropvest/ui/progress';
import { Select, type SelectOption } from '@cropvest/ui/select';
import { toast } from '@cropvest/ui/toast';
import { exportRequest } from '../../api/reports.ts';
import { ACTION_LABELS, ACTIONS } from '../../shared/audit/labels.ts';
import { announcedStep, csvRecordCounter, dataRows, percentOf } from './progress.ts';

interface ExportValues {
  dataset: ExportDataset;
  /** The dataset's one filter (status, role or action); 'all' sends none. */
  filter: string;
  from: string;
  to: string;
}

const ALL = 'all';

interface DatasetChoice {
  label: string;
  filter?: { label: string; param: 'status' | 'role' | 'action'; options: SelectOption[] };
}

const TRANSFER_STATUS: DatasetChoice['filter'] = {
  label: 'Status',
  param: 'status',
  options: [
    { value: ALL, label: 'All statuses' },
    { value: 'pending', label: 'Pending' },
    { value: 'approved', label: 'Approved' },
    { value: 'rejected', label: 'Rejected' },
  ],
};

const DATASETS: Record<ExportDataset, DatasetChoice> = {
  users: {
    label: 'Users',
    filter: {
      label: 'Role',
      param: 'role',
      options: [
        { value: ALL, label: 'All roles' },
        { value: 'investor', label: 'Investors' },
        { value: 'admin', label: 'Admins' },
      ],
    },
  },
  deposits: { label: 'Deposits', filter: TRANSFER_STATUS },
  withdrawals: { label: 'Withdrawals', filter: TRANSFER_STATUS },
  'ledger-entries': { label: 'Ledger entries' },
  investments: {
    label: 'Investments',
    filter: {
      label: 'Status',
      param: 'status',
      options: [
        { value: ALL, label: 'All statuses' },
        { value: 'active', label: 'Active' },
        { value: 'completed', label: 'Completed' },
      ],
    },
  },
  'audit-logs': {
    label: 'Audit logs',
    filter: {
      label: 'Action',
      param: 'action',
      options: [
        { value: ALL, label: 'All actions' },
        ...ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] })),
      ],
    },
  },
};

const DATASET_OPTIONS: SelectOption[] = Object.entries(DATASETS).map(([value, { label }]) => ({
  value,
  label,
}));

type Run =
  | { state: 'idle' }
  | { state: 'running'; label: string; rows: number; bytes: number; total: number | null }
  | { state: 'done'; filename: string; rows: number; bytes: number }
  | { state: 'cancelled'; rows: number }
  | { state: 'failed'; message: string };

const resolver = lazyZodResolver<ExportValues, ExportValues>(() =>
  import('./schemas.ts').then((m) => m.ExportForm),
);

/** The query the owning service takes: the range's days and the filter, each only when chosen. */
function exportParams({ dataset, filter, from, to }: ExportValues): Record<string, string> {
  const param = DATASETS[dataset].filter?.param;
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(param && filter !== ALL ? { [param]: filter } : {}),
  };
}

const rowCount = (rows: number) => `${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}`;

const rowsText = (rows: number, total: number | null) =>
  total === null ? `${rowCount(rows)} received` : `${formatCount(rows)} of ${rowCount(total)} received`;

export default function ExportScreen() {
  const form = useContractForm<ExportValues, ExportValues>({
    resolver,
    defaultValues: { dataset: 'deposits', filter: ALL, from: '', to: '' },
  });
  const {
    control,
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const dataset = watch('dataset');
  const filter = DATASETS[dataset].filter;
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const running = useRef<AbortController | null>(null);
  const exportButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => running.current?.abort(), []);
  // The Cancel button goes away when a run ends: focus returns to the button that starts one, once enabled.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && run.state !== 'running') exportButton.current?.focus();
    wasRunning.current = run.state === 'running';
  }, [run.state]);

  const start = handleSubmit(async (values) => {
    const controller = new AbortController();
    running.current = controller;
    const label = DATASETS[values.dataset].label;
    const counter = csvRecordCounter();
    let total: number | null = null;
    let rows = 0;
    let bytes = 0;
    setRun({ state: 'running', label, rows, bytes, total });
    try {
      const filename = await downloadFile(
        exportRequest(values.dataset, exportParams(values)),
        `cropvest-${values.dataset}.csv`,
        {
          signal: controller.signal,
          onStart: (headers) => {
            const announced = Number.parseInt(headers.get('x-total-count') ?? '', 10);
            total = Number.isInteger(announced) && announced >= 0 ? announced : null;
            setRun({ state: 'running', label, rows, bytes, total });
          },
          onChunk: (chunk) => {
            bytes += chunk.byteLength;
            rows = dataRows(counter.add(chunk));
            setRun({ state: 'running', label, rows, bytes, total });
          },
        },
      );
      setRun({ state: 'done', filename, rows, bytes });
      toast({ title: 'Export saved', description: filename, variant: 'success' });
    } catch (error) {
      setRun(
        controller.signal.aborted
          ? { state: 'cancelled', rows }
          : { state: 'failed', message: toastMessage(error, `Failed to export ${label.toLowerCase()}`) },
      );
    } finally {
      if (running.current === controller) running.current = null;
    }
  });

  const busy = run.state === 'running';
  const percent = run.state === 'running' ? percentOf(run.rows, run.total) : null;
  const step = announcedStep(percent);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Export Data</h1>
        <p className="mt-1 text-ink-muted">
          Download users, deposits, withdrawals, ledger entries, investments or audit logs as a CSV file for
          accounting. Each export is recorded in the audit log.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Choose what to export</CardTitle>
          <CardDescription>
            Dates are days in UTC, both included, on when each record was created; leave them empty to export
            everything. Amounts are exact to 8 decimals.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            aria-label="Export data"
            aria-busy={busy}
            onSubmit={(event) => void start(event)}
            onFocusCapture={() => void import('./schemas.ts')}
            className="space-y-4"
          >
            <fieldset disabled={busy} className="grid min-w-0 gap-4 sm:grid-cols-2 lg:max-w-3xl">
              <Field label="Dataset" error={errors.dataset?.message}>
                {({ id, describedBy, invalid }) => (
                  <Controller
                    control={control}
                    name="dataset"
                    render={({ field }) => (
                      <Select
                        id={id}
                        aria-describedby={describedBy}
                        aria-invalid={invalid}
                        value={field.value}
                        disabled={busy}
                        onValueChange={(value) => {
                          field.onChange(value);
                          setValue('filter', ALL);
                        }}
                        options={DATASET_OPTIONS}
                      />
                    )}
                  />
                )}
              </Field>
              {filter ? (
                <Field label={filter.label}>
                  {({ id }) => (
                    <Controller
                      control={control}
                      name="filter"
                      render={({ field }) => (
                        <Select
                          id={id}
                          value={field.value}
                          disabled={busy}
                          onValueChange={field.onChange}
                          options={filter.options}
                        />
                      )}
                    />
                  )}
                </Field>
              ) : (
                <div aria-hidden="true" className="hidden sm:block" />
              )}
              <TextField
                type="date"
                label="From"
                error={errors.from?.message}
                {...register('from', { deps: ['to'] })}
              />
              <TextField
                type="date"
                label="To"
                error={errors.to?.message}
                {...register('to', { deps: ['from'] })}
              />
            </fieldset>
            <div className="flex flex-wrap gap-3">
              <Button ref={exportButton} type="submit" disabled={busy}>
                <Download aria-hidden="true" className="h-4 w-4" />
                {busy ? 'Exporting…' : 'Export CSV'}
              </Button>
              {busy ? (
                <Button type="button" variant="outline" onClick={() => running.current?.abort()}>
                  <X aria-hidden="true" className="h-4 w-4" />
                  Cancel
                </Button>
              ) : null}
            </div>
          </form>

          <div className="mt-6 space-y-2 lg:max-w-3xl">
            {run.state === 'running' ? (
              <div>
                {percent === null ? null : (
                  <ProgressBar value={percent} label={`Exporting ${run.label.toLowerCase()}`} showValue />
                )}
                <p className="mt-2 text-sm text-ink-muted">
                  {rowsText(run.rows, run.total)} · {formatFileSize(run.bytes)}
                </p>
              </div>
            ) : null}
            {/* Told to screen readers at the start, every quarter and at the end, not at every chunk. */}
            <p role="status" className={run.state === 'running' ? 'sr-only' : 'text-sm text-ink-muted'}>
              {run.state === 'running'
                ? step === null
                  ? `Exporting ${run.label.toLowerCase()}…`
                  : `Exporting ${run.label.toLowerCase()}: ${step}% received`
                : run.state === 'done'
                  ? `Export complete: ${rowCount(run.rows)} (${formatFileSize(run.bytes)}) saved as ${run.filename}.`
                  : run.state === 'cancelled'
                    ? `Export cancelled after ${rowCount(run.rows)}. Nothing was saved.`
                    : ''}
            </p>
            {run.state === 'failed' ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {run.message}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

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
import { actionLabel, ACTIONS } from '../../shared/audit/labels.ts';
import { useAuditTrailMessages } from '../../shared/audit/messages/catalogue.ts';
import { useExportMessages, type ExportMessageId } from './messages/catalogue.ts';
import { announcedStep, csvRecordCounter, dataRows, percentOf } from './progress.ts';

interface ExportValues {
  dataset: ExportDataset;
  /** The dataset's one filter (status, role or action); 'all' sends none. */
  filter: string;
  from: string;
  to: string;
}

const ALL = 'all';

interface FilterChoice {
  label: ExportMessageId;
  param: 'status' | 'role' | 'action';
  options: { value: string; label: ExportMessageId }[];
  /** After its own options, every audit action as the audit trail names it. */
  auditActions?: true;
}

interface DatasetChoice {
  label: ExportMessageId;
  filter?: FilterChoice;
}

const TRANSFER_STATUS: FilterChoice = {
  label: 'export.filter.status',
  param: 'status',
  options: [
    { value: ALL, label: 'export.filter.allStatuses' },
    { value: 'pending', label: 'export.filter.pending' },
    { value: 'approved', label: 'export.filter.approved' },
    { value: 'rejected', label: 'export.filter.rejected' },
  ],
};

const DATASETS: Record<ExportDataset, DatasetChoice> = {
  users: {
    label: 'export.dataset.users',
    filter: {
      label: 'export.filter.role',
      param: 'role',
      options: [
        { value: ALL, label: 'export.filter.allRoles' },
        { value: 'investor', label: 'export.filter.investors' },
        { value: 'admin', label: 'export.filter.admins' },
      ],
    },
  },
  deposits: { label: 'export.dataset.deposits', filter: TRANSFER_STATUS },
  withdrawals: { label: 'export.dataset.withdrawals', filter: TRANSFER_STATUS },
  'ledger-entries': { label: 'export.dataset.ledgerEntries' },
  investments: {
    label: 'export.dataset.investments',
    filter: {
      label: 'export.filter.status',
      param: 'status',
      options: [
        { value: ALL, label: 'export.filter.allStatuses' },
        { value: 'active', label: 'export.filter.active' },
        { value: 'completed', label: 'export.filter.completed' },
      ],
    },
  },
  'audit-logs': {
    label: 'export.dataset.auditLogs',
    filter: {
      label: 'export.filter.action',
      param: 'action',
      options: [{ value: ALL, label: 'export.filter.allActions' }],
      auditActions: true,
    },
  },
};

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

export default function ExportScreen() {
  const { text } = useExportMessages();
  const audit = useAuditTrailMessages();
  const rowCount = (rows: number) => text('export.run.rows', { count: rows });
  const rowsText = (rows: number, total: number | null) =>
    total === null
      ? text('export.run.received', { rows: rowCount(rows) })
      : text('export.run.receivedOf', { received: formatCount(rows), rows: rowCount(total) });
  const datasetOptions: SelectOption[] = Object.entries(DATASETS).map(([value, { label }]) => ({
    value,
    label: text(label),
  }));
  const filterOptions = (choice: FilterChoice): SelectOption[] => [
    ...choice.options.map(({ value, label }) => ({ value, label: text(label) })),
    ...(choice.auditActions
      ? ACTIONS.map((action) => ({ value: action, label: actionLabel(action, audit.text) }))
      : []),
  ];
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
    const label = text(DATASETS[values.dataset].label);
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
      toast({ title: text('export.run.saved'), description: filename, variant: 'success' });
    } catch (error) {
      setRun(
        controller.signal.aborted
          ? { state: 'cancelled', rows }
          : {
              state: 'failed',
              message: toastMessage(error, text('export.run.failed', { dataset: label.toLowerCase() })),
            },
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
        <h1 className="text-2xl font-bold text-ink">{text('export.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('export.intro')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{text('export.card.title')}</CardTitle>
          <CardDescription>{text('export.card.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            aria-label={text('export.form.label')}
            aria-busy={busy}
            onSubmit={(event) => void start(event)}
            onFocusCapture={() => void import('./schemas.ts')}
            className="space-y-4"
          >
            <fieldset disabled={busy} className="grid min-w-0 gap-4 sm:grid-cols-2 lg:max-w-3xl">
              <Field label={text('export.form.dataset')} error={errors.dataset?.message}>
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
                        options={datasetOptions}
                      />
                    )}
                  />
                )}
              </Field>
              {filter ? (
                <Field label={text(filter.label)}>
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
                          options={filterOptions(filter)}
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
                label={text('export.form.from')}
                error={errors.from?.message}
                {...register('from', { deps: ['to'] })}
              />
              <TextField
                type="date"
                label={text('export.form.to')}
                error={errors.to?.message}
                {...register('to', { deps: ['from'] })}
              />
            </fieldset>
            <div className="flex flex-wrap gap-3">
              <Button ref={exportButton} type="submit" disabled={busy}>
                <Download aria-hidden="true" className="h-4 w-4" />
                {busy ? text('export.form.exporting') : text('export.form.submit')}
              </Button>
              {busy ? (
                <Button type="button" variant="outline" onClick={() => running.current?.abort()}>
                  <X aria-hidden="true" className="h-4 w-4" />
                  {text('export.form.cancel')}
                </Button>
              ) : null}
            </div>
          </form>

          <div className="mt-6 space-y-2 lg:max-w-3xl">
            {run.state === 'running' ? (
              <div>
                {percent === null ? null : (
                  <ProgressBar
                    value={percent}
                    label={text('export.run.progress', { dataset: run.label.toLowerCase() })}
                    showValue
                  />
                )}
                <p className="mt-2 text-sm text-ink-muted">
                  {text('export.run.size', {
                    rows: rowsText(run.rows, run.total),
                    size: formatFileSize(run.bytes),
                  })}
                </p>
              </div>
            ) : null}
            {/* Told to screen readers at the start, every quarter and at the end, not at every chunk. */}
            <p role="status" className={run.state === 'running' ? 'sr-only' : 'text-sm text-ink-muted'}>
              {run.state === 'running'
                ? step === null
                  ? text('export.run.exporting', { dataset: run.label.toLowerCase() })
                  : text('export.run.step', { dataset: run.label.toLowerCase(), step: step / 100 })
                : run.state === 'done'
                  ? text('export.run.done', {
                      rows: rowCount(run.rows),
                      size: formatFileSize(run.bytes),
                      filename: run.filename,
                    })
                  : run.state === 'cancelled'
                    ? text('export.run.cancelled', { rows: rowCount(run.rows) })
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

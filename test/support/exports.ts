// The admin CSV exports as the suites of every owning service call them: the file through the gateway (or the
// service directly), parsed; an admin of the suite's own, so its data_export audit entries are the suite's alone.
import { parse } from 'csv-parse/sync';
import { EXPORT_COLUMNS, EXPORT_PATHS, type ExportDataset } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { eventually, freshIp, secondAdmin, stack, stackClient, type Session } from './api.ts';

export interface ExportAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The data rows, each keyed by the dataset's column names (empty unless the answer was a CSV). */
  rows: Record<string, string>[];
  /** The header row as sent. */
  header: string[];
}

export async function exportCsv(
  dataset: ExportDataset,
  query: Record<string, string>,
  token: string | undefined,
  base = stack().gatewayUrl,
): Promise<ExportAnswer> {
  const search = new URLSearchParams(query).toString();
  const response = await fetch(`${base}${EXPORT_PATHS[dataset]}${search ? `?${search}` : ''}`, {
    headers: { 'x-forwarded-for': freshIp(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await response.text();
  const isCsv =
    response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/csv');
  const records: string[][] = isCsv ? parse(text, { relax_column_count: false }) : [];
  const header = records[0] ?? [];
  const rows = records
    .slice(1)
    .map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] as string])));
  return { status: response.status, headers: response.headers, text, rows, header };
}

/** The dataset's columns as the header row must read. */
export const columnsOf = (dataset: ExportDataset): string[] => [...EXPORT_COLUMNS[dataset]];

/** A fresh admin of the suite's own (secondAdmin), so its data_export audit entries are the suite's alone. */
export const freshAdmin = (label: string): Promise<Session> => secondAdmin(`${label} exporter`);

/** The admin's data_export audit entries, newest first, once there are `count` of them. */
export async function exportAudits(admin: Session, count: number) {
  return eventually(
    async () => {
      const { items } = await stackClient().ok(identityOperations.auditLogs, {
        token: admin.accessToken,
        query: { action: 'data_export', adminId: admin.user.id, pageSize: 100 },
      });
      return items.length >= count && items;
    },
    15_000,
    `${count} data_export audit entries of ${admin.user.email}`,
  );
}

// Files streamed straight from PostgreSQL: the admin CSV exports and the wallet's account statement. Rows are
// read in keyset pages inside one read-only snapshot as the client takes the bytes (back-pressure all the way
// to the database), never gathered in memory; a client that goes away ends the reads and the snapshot.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import {
  calendarDayStart,
  EXPORT_BUSY,
  EXPORT_COLUMNS,
  type ExportAuditDetails,
  type ExportDataset,
  type z,
} from '@cropvest/contracts';
import { currentUser, type AuthUser } from './auth.ts';
import { ForbiddenError, ServiceUnavailableError } from './errors.ts';
import { requestMeta, type RequestMeta } from './http.ts';
import { parseInput } from './validate.ts';
import type { Logger } from './logger.ts';
import type { ServiceDeps } from './runtime.ts';

/** A CSV cell: text (money as its exact decimal string), or empty. Numbers are passed as their text. */
export type CsvCell = string | null;

/**
 * Cells a spreadsheet would read as a formula (OWASP "CSV injection"): starting with = + - @, a tab or a carriage
 * return, or their full-width forms, which some spreadsheets fold to the ASCII ones.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain signed decimal ("-12.50000000") is a number to every spreadsheet, never a formula; it stays exact. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** Prefixes a cell that would start a formula with an apostrophe, so it is shown as the text it is. */
export const guardFormula = (cell: string): string =>
  FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;

/** Rows, a page at a time: the unit the exports read, turn into CSV and send. */
export type CsvPage = readonly (readonly CsvCell[])[];

const csvOptions = { cast: { string: guardFormula } };

/**
 * Rows per piece of CSV text: about 40 KB, under V8's large-object size (128 KB). A larger string goes straight
 * to the old generation and stays until a full collection, so a million-row export's memory would grow with it.
 */
const ROWS_PER_PIECE = 256;

async function* csvText(columns: readonly string[], pages: AsyncIterable<CsvPage>): AsyncGenerator<string> {
  yield stringify([[...columns]]);
  for await (const page of pages)
    for (let start = 0; start < page.length; start += ROWS_PER_PIECE)
      yield stringify(page.slice(start, start + ROWS_PER_PIECE) as CsvCell[][], csvOptions);
}

/**
 * Turns pages of rows into CSV text: the header row, then each row quoted where it needs it (csv-stringify) and
 * guarded against formulas, a few hundred rows per csv-stringify call (per-row work is the cost of a million-row
 * export). The pages are pulled one at a time as the returned stream is read, so a slow reader slows the
 * reads down; destroying the stream (the client left) returns the page iterator, which runs its `finally`.
 * `failed` hears a failure after the first byte, which can only cut the file short: the client then sees an
 * incomplete download rather than a file that looks whole.
 */
export function csvStream(
  columns: readonly string[],
  pages: AsyncIterable<CsvPage>,
  failed: (error: Error) => void,
): Readable {
  return Readable.from(csvText(columns, pages), { objectMode: false }).on(
    'error',
    (error: NodeJS.ErrnoException) => {
      // A client leaving early is no failure.
      if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') failed(error);
    },
  );
}

/** Gathers rows into pages of `size` (a source that yields rows one by one, such as the statement's). */
export async function* inPages<Row>(rows: AsyncIterable<Row>, size: number): AsyncGenerator<Row[]> {
  let page: Row[] = [];
  for await (const row of rows) {
    page.push(row);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/**
 * Rows per query of an export. A page lives while the next is read, so a large one survives V8's young-generation collections
 * and piles up in the old generation: over 1,000,000 ledger entries (bench:exports) pages of 2,000 grew the
 * wallet's memory by about 190 MB, pages of 1,000 by about 50 MB at 57,000 rows/s, pages of 500 by under 40 MB
 * but below 50,000 rows/s.
 */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every page of a keyset-paged read: `readPage(after)` answers the rows after the key `after` (undefined: from
 * the start) in key order, at most `pageSize`; the next page starts after the last row's key. The next page is
 * read while this one is taken (one page ahead: the database and the CSV work side by side, on one connection,
 * one query at a time), so memory holds two pages; a consumer that stops asking stops the reads (no query
 * starts after the one in flight).
 */
export async function* keysetPages<Row, Key>(
  readPage: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  pageSize: number,
): AsyncGenerator<Row[]> {
  let next: Promise<Row[]> | undefined = readPage(undefined);
  try {
    while (next) {
      const rows: Row[] = await next;
      next = rows.length < pageSize ? undefined : readPage(keyOf(rows[rows.length - 1] as Row));
      if (rows.length > 0) yield rows;
    }
  } finally {
    // A reader that left early: the page read ahead still completes (or fails) on its own; nobody waits for it.
    next?.catch(() => undefined);
  }
}

/** What a download refused for want of a slot says (a 503). */
export interface DownloadBusy {
  message: string;
  code: string;
}

/**
 * Downloads being streamed by this process. Each holds a pooled connection (its snapshot) until its last byte is
 * taken, so a service gives downloads at most `max` connections and its other calls keep the rest.
 */
export class DownloadSlots {
  private inUse = 0;

  constructor(private readonly max: number) {}

  /** Takes a slot, or refuses with a 503 when all are taken; the answer gives it back (once, however often called). */
  take(busy: DownloadBusy): () => void {
    if (this.inUse >= this.max) throw new ServiceUnavailableError(busy.message, busy.code);
    this.inUse++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse--;
    };
  }
}

/** What a download needs of its service: the database, the size of its pool, and where to log. */
export interface DownloadDeps {
  db: Knex;
  config: { DATABASE_POOL_MAX: number };
  logger: Logger;
}

const slotsByPool = new WeakMap<Knex, DownloadSlots>();

/** The download slots of a service's database pool: half its connections (at least one), shared by its downloads. */
function slotsOf(deps: Pick<DownloadDeps, 'db' | 'config'>): DownloadSlots {
  let slots = slotsByPool.get(deps.db);
  if (!slots)
    slotsByPool.set(
      deps.db,
      (slots = new DownloadSlots(Math.max(1, Math.floor(deps.config.DATABASE_POOL_MAX / 2)))),
    );
  return slots;
}

/** A read-only snapshot: every read of one download sees the same moment of the database. */
export interface DownloadSnapshot {
  trx: Knex.Transaction;
  /** Ends the snapshot (hands its connection back) and frees the slot; safe to call more than once. */
  close: () => void;
}

/**
 * Takes one of the service's download slots (or refuses with `busy`, a 503) and opens a repeatable-read,
 * read-only snapshot. Read-only, so committing it changes nothing; it only hands the connection back.
 */
export async function openDownloadSnapshot(
  deps: DownloadDeps,
  busy: DownloadBusy,
): Promise<DownloadSnapshot> {
  const release = slotsOf(deps).take(busy);
  let trx: Knex.Transaction;
  try {
    trx = await deps.db.transaction({ isolationLevel: 'repeatable read', readOnly: true });
  } catch (error) {
    release();
    throw error;
  }
  let closed = false;
  return {
    trx,
    close: () => {
      if (closed) return;
      closed = true;
      release();
      trx
        .commit()
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'download snapshot close failed'));
    },
  };
}

export interface DownloadFile {
  filename: string;
  contentType: string;
  body: Readable;
  /** The number of data rows the file holds, when known before the first byte (sent as X-Total-Count). */
  rowCount?: number;
}

/** `cropvest-<name>-<YYYY-MM-DD>.csv`, the day (UTC) the file was made. */
export const datedCsvFilename = (name: string, at: Date = new Date()): string =>
  `cropvest-${name}-${at.toISOString().slice(0, 10)}.csv`;

/**
 * A download that makes no progress for this long is cut, which ends its snapshot: a client that stops reading
 * must not keep a database connection forever (the gateway cuts an idle upstream sooner).
 */
const STALLED_DOWNLOAD_MS = 60_000;

/**
 * Answers with the file as an attachment. The body is a stream, so Koa sends no Content-Length and the answer
 * goes out chunked as it is produced; Koa destroys the body when the client goes away, which ends the reads.
 */
export function sendDownload(ctx: Context, file: DownloadFile): void {
  ctx.set('Content-Type', file.contentType);
  ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
  ctx.set('Cache-Control', 'no-store');
  if (file.rowCount !== undefined) ctx.set('X-Total-Count', String(file.rowCount));
  ctx.res.setTimeout(STALLED_DOWNLOAD_MS);
  ctx.body = file.body;
}

const DAY_MS = 86_400_000;

/** The creation-time bounds of an export's range of UTC days (`to` included): [start, end), each optional. */
export function exportRange(query: { from?: string; to?: string }): { start?: Date; end?: Date } {
  const from = query.from ? calendarDayStart(query.from) : null;
  const to = query.to ? calendarDayStart(query.to) : null;
  return {
    ...(from !== null ? { start: new Date(from) } : {}),
    ...(to !== null ? { end: new Date(to + DAY_MS) } : {}),
  };
}

export interface CsvExport {
  dataset: ExportDataset;
  /** The filters as asked (the audit entry records them). */
  filters: Record<string, unknown>;
  /** How many rows the export holds, read in the same snapshot as the rows. */
  count: (trx: Knex.Transaction) => Promise<number>;
  /** The rows in the dataset's column order (EXPORT_COLUMNS), a keyset page at a time (keysetPages). */
  pages: (trx: Knex.Transaction) => AsyncIterable<CsvPage>;
}

/** What one dataset's export is made of; `keysetExport` turns it into the export. */
export interface KeysetExportSpec<Row, Key> {
  dataset: ExportDataset;
  /** The dataset's rows after `after` (from the start when undefined), filtered as asked. */
  rows: (trx: Knex.Transaction, after: Key | undefined) => Knex.QueryBuilder;
  /** One page of `rows`: the joins, the key order and the columns (the limit is added here). */
  page: (rows: Knex.QueryBuilder, trx: Knex.Transaction) => Knex.QueryBuilder;
  /** The key of a row, which the next page starts after. */
  key: (row: Row) => Key;
  /** The row's cells in the dataset's column order (EXPORT_COLUMNS). */
  cells: (row: Row) => CsvCell[];
}

/** An export read in keyset pages of EXPORT_PAGE_SIZE; its count is the same rows counted. */
export function keysetExport<Row, Key>(spec: KeysetExportSpec<Row, Key>): Omit<CsvExport, 'filters'> {
  return {
    dataset: spec.dataset,
    count: async (trx) =>
      Number(((await spec.rows(trx, undefined).count({ n: '*' }).first()) as { n: string | number }).n),
    pages: async function* (trx) {
      const readPage = (after: Key | undefined) =>
        spec.page(spec.rows(trx, after), trx).limit(EXPORT_PAGE_SIZE) as Promise<Row[]>;
      for await (const rows of keysetPages(readPage, spec.key, EXPORT_PAGE_SIZE)) yield rows.map(spec.cells);
    },
  };
}

/**
 * Opens an admin export of a dataset the service owns: takes a download slot and a snapshot, counts the rows in
 * it, records who exported what with which filters and how many rows (a `data_export` audit entry, committed
 * before the first byte), and answers the CSV, streamed from the same snapshot so the file holds exactly the
 * rows counted. Everything that can fail with a clean JSON answer happens before the first byte.
 */
export async function openCsvExport(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'logger' | 'events'>,
  admin: AuthUser,
  meta: RequestMeta,
  spec: CsvExport,
): Promise<DownloadFile> {
  const { trx, close } = await openDownloadSnapshot(deps, EXPORT_BUSY);
  const filters = Object.fromEntries(
    Object.entries(spec.filters)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
  let rowCount: number;
  try {
    rowCount = await spec.count(trx);
    const details: ExportAuditDetails = { dataset: spec.dataset, filters, rowCount };
    await deps.events.writing(() =>
      deps.db.transaction((audit) =>
        deps.events.audit(
          audit,
          {
            adminId: admin.id,
            action: 'data_export',
            targetType: 'export',
            targetId: spec.dataset,
            details: { ...details },
            ipAddress: meta.ip,
          },
          meta.traceparent,
        ),
      ),
    );
  } catch (error) {
    close();
    throw error;
  }
  const body = csvStream(EXPORT_COLUMNS[spec.dataset], spec.pages(trx), (error) =>
    deps.logger.error({ err: error, dataset: spec.dataset, filters }, 'export failed'),
  );
  body.once('close', close);
  return {
    filename: datedCsvFilename(spec.dataset),
    contentType: 'text/csv; charset=utf-8',
    body,
    rowCount,
  };
}

/**
 * The key of a row in creation order: its creation time as PostgreSQL's own text (a JS Date would drop the
 * microseconds, and the next page would repeat rows of the same millisecond) and its uuid, which breaks ties.
 */
export interface CreationKey {
  at: string;
  id: string;
}

/** A row read with its creation key: select `creationKeyColumn(trx, time)` beside its id. */
export interface CreationKeyed {
  id: string;
  key_at: string;
}

/** The select of a row's creation time as PostgreSQL's text, the first half of its key. */
export const creationKeyColumn = (trx: Knex.Transaction, time: string): Knex.Raw =>
  trx.raw(`${time}::text AS key_at`);

export const creationKeyOf = (row: CreationKeyed): CreationKey => ({ at: row.key_at, id: row.id });

/** Rows after `after` in (time, id) order, created within `range`; `time` and `id` are the columns, aliased. */
export const createdWithin =
  (time: string, id: string, range: { start?: Date; end?: Date }, after: CreationKey | undefined) =>
  (query: Knex.QueryBuilder): void => {
    if (range.start) query.where(time, '>=', range.start);
    if (range.end) query.where(time, '<', range.end);
    if (after) query.whereRaw(`(${time}, ${id}) > (?::timestamptz, ?::uuid)`, [after.at, after.id]);
  };

/** Rows after `after` in the order of `sequence` (an identity column), created within `range`. */
export const sequencedWithin =
  (time: string, sequence: string, range: { start?: Date; end?: Date }, after: number | undefined) =>
  (query: Knex.QueryBuilder): void => {
    if (range.start) query.where(time, '>=', range.start);
    if (range.end) query.where(time, '<', range.end);
    if (after !== undefined) query.where(sequence, '>', after);
  };

/** A timestamp cell: ISO 8601 in UTC, empty when there is none. */
export const isoCell = (at: Date | null): string | null => at?.toISOString() ?? null;

/**
 * The route of one admin export: validates the query with its contract (bad input: a 400 and nothing recorded),
 * opens the export as the signed-in admin and answers the CSV.
 */
export function csvExportRoute<S extends z.ZodType<Record<string, unknown>>>(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'logger' | 'events'>,
  schema: S,
  exportOf: (query: z.output<S>) => Omit<CsvExport, 'filters'>,
): Middleware {
  return async (ctx) => {
    const admin = currentUser(ctx.state as { user?: AuthUser });
    // The router checks the role first; an export route mounted without that check still refuses.
    if (admin.role !== 'admin') throw new ForbiddenError('Admin access required');
    const query = parseInput(schema, ctx.query);
    const file = await openCsvExport(deps, admin, requestMeta(ctx), {
      ...exportOf(query),
      filters: query,
    });
    sendDownload(ctx, file);
  };
}

// Files streamed straight from PostgreSQL: the admin CSV exports and the wallet's account statement. Rows are
// read in keyset pages inside one read-only snapshot as the client takes the bytes (back-pressure all the way
// to the database), never gathered in memory; a client that goes away ends the reads and the snapshot.
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { ServiceUnavailableError } from './errors.ts';
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

/**
 * Turns rows into CSV text: the header row, then each row quoted where it needs it (csv-stringify) and guarded
 * against formulas. The rows are pulled one at a time as the returned stream is read, so a slow reader slows
 * the reads down; destroying the stream (the client left) returns the row iterator, which runs its `finally`.
 * `failed` hears a failure after the first byte, which can only cut the file short: the client then sees an
 * incomplete download rather than a file that looks whole.
 */
export function csvStream(
  columns: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
  failed: (error: Error) => void,
): Readable {
  return pipeline(
    Readable.from(rows),
    stringify({ header: true, columns: [...columns], cast: { string: guardFormula } }),
    (error: NodeJS.ErrnoException | null | undefined) => {
      // A client leaving early is no failure.
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') failed(error);
    },
  );
}

/**
 * Every row of a keyset-paged read: `readPage(after)` answers the rows after the key `after` (undefined: from
 * the start) in key order, at most one page; the next page starts after the last row's key. Memory holds one
 * page; a consumer that stops asking stops the reads (no query runs after the page in flight).
 */
export async function* keysetRows<Row, Key>(
  readPage: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  pageSize: number,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const rows = await readPage(after);
    for (const row of rows) yield row;
    if (rows.length < pageSize) return;
    after = keyOf(rows[rows.length - 1] as Row);
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

const slotsByPool = new WeakMap<Knex, DownloadSlots>();

/** The download slots of a service's database pool: half its connections (at least one), shared by its downloads. */
function slotsOf(deps: Pick<ServiceDeps, 'db' | 'config'>): DownloadSlots {
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
  deps: Pick<ServiceDeps, 'db' | 'config' | 'logger'>,
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

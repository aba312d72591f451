// The investor's account statement: the movements of their available balance over a range of UTC days, with
// the opening and closing balances, streamed as CSV or PDF straight from the ledger. The lines are read in
// pages as the client takes them (back-pressure all the way to the database), never gathered in memory.
import { pipeline, Readable } from 'node:stream';
import type { StatementQuery } from '@cropvest/contracts';
import { ServiceUnavailableError, type AuthUser, type Knex } from '@cropvest/service-kit';
import { ledgerLines, openSnapshot, readStatementBounds, type StatementBounds } from '../db/statement.ts';
import { RunningBalance, statementLine, statementPeriod, type StatementLine } from '../domain/statement.ts';
import { csvRows, csvWriter } from './statement-csv.ts';
import { pdfChunks } from './statement-pdf.ts';
import type { WalletContext } from './context.ts';

/** Ledger entries read per query. */
const BATCH_SIZE = 2000;

export interface StatementHeader {
  userId: string;
  holder: { name: string; email: string } | null;
  from: string;
  to: string;
  /** When the opening and closing balances stand: the period's bounds, or the snapshot's time if sooner. */
  openingAt: string;
  opening: string;
  closingAt: string;
  closing: string;
  generatedAt: string;
}

export interface StatementFile {
  filename: string;
  contentType: string;
  body: Readable;
}

/**
 * Statements being streamed by this process. Each holds a pooled connection (its snapshot) until its last
 * byte is taken, so at most half the pool serves statements and the wallet's other calls keep the rest.
 */
let streaming = 0;

async function* linesOf(trx: Knex.Transaction, bounds: StatementBounds): AsyncGenerator<StatementLine> {
  if (!bounds.accountId) return;
  const running = new RunningBalance(bounds.opening);
  for await (const line of ledgerLines(
    trx,
    bounds.accountId,
    bounds.openingId,
    bounds.closingId,
    BATCH_SIZE,
  )) {
    running.add(line);
    yield statementLine(line);
  }
  running.closesAt(bounds.closing);
}

const earlier = (a: Date, b: Date): string => (a < b ? a : b).toISOString();

/**
 * Opens the caller's statement: everything that can fail with a clean JSON answer (too busy, the database)
 * happens here, before the first byte; the file is then produced as the body is read. The snapshot ends when
 * the body closes, whether it was read to the end, failed, or the client went away.
 */
export async function openStatement(
  ctx: WalletContext,
  user: AuthUser,
  query: StatementQuery,
): Promise<StatementFile> {
  if (streaming >= Math.max(1, Math.floor(ctx.config.DATABASE_POOL_MAX / 2)))
    throw new ServiceUnavailableError(
      'Many statements are being prepared right now. Please try again in a minute.',
      'STATEMENT_BUSY',
    );
  streaming++;
  let trx: Knex.Transaction | undefined;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    streaming--;
    // Read-only, so committing changes nothing; it only hands the connection back.
    trx
      ?.commit()
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'statement snapshot close failed'));
  };

  const period = statementPeriod(query.from, query.to);
  let bounds: StatementBounds;
  try {
    trx = await openSnapshot(ctx.db);
    bounds = await readStatementBounds(trx, user.id, period);
  } catch (error) {
    close();
    throw error;
  }
  const header: StatementHeader = {
    userId: user.id,
    holder: bounds.holder,
    from: query.from,
    to: query.to,
    openingAt: earlier(period.start, bounds.takenAt),
    opening: bounds.opening,
    closingAt: earlier(new Date(period.end.getTime() - 1), bounds.takenAt),
    closing: bounds.closing,
    generatedAt: bounds.takenAt.toISOString(),
  };

  const lines = linesOf(trx, bounds);
  const source = Readable.from(query.format === 'csv' ? csvRows(header, lines) : pdfChunks(header, lines));
  source.once('close', close);
  // A failure after the first byte cannot become an error answer: the response is cut short, so the client
  // sees an incomplete download rather than a statement that looks whole. A client leaving early is no failure.
  const failed = (error: NodeJS.ErrnoException | null | undefined) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
      ctx.logger.error({ err: error, userId: user.id, from: query.from, to: query.to }, 'statement failed');
  };
  const body = query.format === 'csv' ? pipeline(source, csvWriter(), failed) : source.once('error', failed);
  return {
    filename: `cropvest-statement-${query.from}-to-${query.to}.${query.format}`,
    contentType: query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
    body,
  };
}

// The investor's account statement: the movements of their available balance over a range of UTC days, with
// the opening and closing balances, streamed as CSV or PDF straight from the ledger. The lines are read in
// pages as the client takes them (back-pressure all the way to the database), never gathered in memory.
import { Readable } from 'node:stream';
import { STATEMENT_CSV_COLUMNS, type StatementQuery } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import {
  csvStream,
  inPages,
  openDownloadSnapshot,
  type DownloadFile,
  type Knex,
} from '@cropvest/service-kit/db';
import { ledgerLines, readStatementBounds, type StatementBounds } from '../db/statement.ts';
import {
  statementLines,
  statementPeriod,
  type StatementHeader,
  type StatementLine,
  type StatementPeriod,
} from '../domain/statement.ts';
import { statementLosses } from '../db/realised-losses.ts';
import { csvRows } from './statement-csv.ts';
import { pdfChunks } from './statement-pdf.ts';
import type { WalletContext } from './context.ts';

/** Ledger entries read per query. */
const BATCH_SIZE = 2000;

const STATEMENT_BUSY = {
  message: 'Many statements are being prepared right now. Please try again in a minute.',
  code: 'STATEMENT_BUSY',
};

async function* linesOf(
  trx: Knex.Transaction,
  userId: string,
  period: StatementPeriod,
  bounds: StatementBounds,
): AsyncGenerator<StatementLine> {
  if (!bounds.accountId) return;
  yield* statementLines(
    bounds,
    ledgerLines(trx, bounds.accountId, bounds.openingId, bounds.closingId, BATCH_SIZE),
    statementLosses(trx, userId, period, BATCH_SIZE),
  );
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
): Promise<DownloadFile> {
  const period = statementPeriod(query.from, query.to);
  // Many statements at once would take every pooled connection; past the wallet's download slots the
  // caller is asked to come back (503).
  const { trx, close } = await openDownloadSnapshot(ctx, STATEMENT_BUSY);
  let bounds: StatementBounds;
  try {
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

  const lines = linesOf(trx, user.id, period, bounds);
  // A failure after the first byte cannot become an error answer: the response is cut short, so the client
  // sees an incomplete download rather than a statement that looks whole. A client leaving early is no failure.
  const failed = (error: Error) =>
    ctx.logger.error({ err: error, userId: user.id, from: query.from, to: query.to }, 'statement failed');
  let body: Readable;
  if (query.format === 'csv') {
    body = csvStream(STATEMENT_CSV_COLUMNS, inPages(csvRows(header, lines), BATCH_SIZE), failed);
    body.once('close', close);
  } else {
    body = Readable.from(pdfChunks(header, lines));
    body.once('close', close).once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') failed(error);
    });
  }
  return {
    filename: `cropvest-statement-${query.from}-to-${query.to}.${query.format}`,
    contentType: query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
    body,
  };
}

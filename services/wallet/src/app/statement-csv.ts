// The statement as CSV: the header row, the opening balance, one row per movement, the closing balance.
import { stringify, type Stringifier } from 'csv-stringify';
import { STATEMENT_CLOSING_ROW, STATEMENT_CSV_COLUMNS, STATEMENT_OPENING_ROW } from '@cropvest/contracts';
import type { StatementLine } from '../domain/statement.ts';
import type { StatementHeader } from './statement.ts';

/** The rows in column order; pulled one at a time, so a slow reader slows the ledger reads down. */
export async function* csvRows(
  header: StatementHeader,
  lines: AsyncIterable<StatementLine>,
): AsyncGenerator<string[]> {
  yield [header.openingAt, STATEMENT_OPENING_ROW, '', '', header.opening];
  for await (const line of lines) yield [line.at, line.type, line.reference, line.amount, line.balance];
  yield [header.closingAt, STATEMENT_CLOSING_ROW, '', '', header.closing];
}

/** Turns the rows into CSV text (quoting what needs it), header row first. */
export const csvWriter = (): Stringifier => stringify({ header: true, columns: [...STATEMENT_CSV_COLUMNS] });

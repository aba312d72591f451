// The statement's CSV rows: the opening balance, one row per movement or realised loss, the closing balance (the
// kit's csvStream adds the header row and the quoting).
import { STATEMENT_CLOSING_ROW, STATEMENT_OPENING_ROW } from '@cropvest/contracts';
import type { StatementHeader, StatementLine } from '../domain/statement.ts';

/** A line's cells in the order of STATEMENT_CSV_COLUMNS (the PDF draws the same cells). */
export const statementRow = (line: StatementLine): string[] => [
  line.at,
  line.type,
  line.reference,
  line.amount,
  line.balance,
  line.realisedLoss,
];

/** The rows in column order; pulled one at a time, so a slow reader slows the ledger reads down. */
export async function* csvRows(
  header: StatementHeader,
  lines: AsyncIterable<StatementLine>,
): AsyncGenerator<string[]> {
  yield [header.openingAt, STATEMENT_OPENING_ROW, '', '', header.opening, ''];
  for await (const line of lines) yield statementRow(line);
  yield [header.closingAt, STATEMENT_CLOSING_ROW, '', '', header.closing, ''];
}

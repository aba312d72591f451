// The account statement's rules: the instants a range of UTC days covers, the words for each movement, signed
// amounts, the running balance every line must follow from, and where a realised loss (a row that moves no
// money, docs/decisions/0096) stands among the movements. No I/O.
import { calendarDayStart, money, STATEMENT_REALISED_LOSS_ROW, toMoneyString } from '@cropvest/contracts';
import type { TransferKind } from './transfer-kind.ts';

const DAY_MS = 86_400_000;

export interface StatementPeriod {
  /** Midnight UTC of the first day. */
  start: Date;
  /** Midnight UTC after the last day (exclusive). */
  end: Date;
}

/** The instants of the days `from`..`to` (already validated by the contract's StatementQuery). */
export function statementPeriod(from: string, to: string): StatementPeriod {
  const start = calendarDayStart(from);
  const last = calendarDayStart(to);
  if (start === null || last === null) throw new Error(`statement days ${from}..${to} were not validated`);
  return { start: new Date(start), end: new Date(last + DAY_MS) };
}

/** What the investor reads in the Type column. A settled withdrawal leaves the hold, never the available balance. */
export const MOVEMENT_LABELS: Record<TransferKind, string> = {
  deposit: 'Deposit',
  withdrawal_hold: 'Withdrawal requested',
  withdrawal_release: 'Withdrawal returned (rejected)',
  withdrawal_settle: 'Withdrawal paid out',
  investment: 'Investment',
  harvest_principal: 'Harvest principal',
  harvest_interest: 'Harvest interest',
  investment_cancel: 'Investment cancelled (principal returned)',
  adjustment: 'Balance adjustment',
  disbursement: 'Principal sent to the operator',
  proceeds: 'Harvest proceeds received',
  reserve_contribution: 'Reserve fund contribution',
  reserve_allocation: 'Reserve allocated to a plan',
};

/** One movement of the available balance as the ledger holds it. */
export interface LedgerLine {
  id: number;
  createdAt: Date;
  kind: TransferKind;
  referenceId: string | null;
  memo: string | null;
  /** Signed, numeric(18,8) as Postgres prints it. */
  amount: string;
  balanceAfter: string;
}

/** A realised loss as the statement reads it: after which of the user's ledger entries it was recorded. */
export interface StatementLoss {
  investmentId: string;
  amount: string;
  /** The last entry of the user's available balance when the loss was recorded (0: none). */
  afterEntryId: number;
  createdAt: Date;
}

/** One row as the statement shows it: a movement, or a realised loss. */
export interface StatementLine {
  at: string;
  type: string;
  reference: string;
  /** Signed with + or -, 8 decimals; empty on a realised loss, which moves no money. */
  amount: string;
  balance: string;
  /** A realised loss's amount, 8 decimals; empty on a movement. */
  realisedLoss: string;
}

/** A spreadsheet runs a cell that starts with one of these as a formula; free text gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The deposit, withdrawal or investment id; for an admin's balance adjustment, its reason (the ledger's memo). */
function referenceOf(line: LedgerLine): string {
  if (line.referenceId) return line.referenceId;
  const text = line.memo ?? '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export const signed = (amount: string): string => (amount.startsWith('-') ? amount : `+${amount}`);

export const statementLine = (line: LedgerLine): StatementLine => ({
  at: line.createdAt.toISOString(),
  type: MOVEMENT_LABELS[line.kind],
  reference: referenceOf(line),
  amount: signed(line.amount),
  balance: line.balanceAfter,
  realisedLoss: '',
});

/** A realised loss's row: the investment it belongs to, no amount moved, the balance as it stands. */
export const realisedLossLine = (loss: StatementLoss, balance: string): StatementLine => ({
  at: loss.createdAt.toISOString(),
  type: STATEMENT_REALISED_LOSS_ROW,
  reference: loss.investmentId,
  amount: '',
  balance,
  realisedLoss: toMoneyString(loss.amount),
});

/**
 * Adds the lines up from the opening balance, in ledger order, and refuses a line whose recorded balance does
 * not follow (a gap or a reordering): a statement that does not add up must never reach the investor.
 */
export class RunningBalance {
  private total;

  constructor(opening: string) {
    this.total = money(opening);
  }

  add(line: Pick<LedgerLine, 'id' | 'amount' | 'balanceAfter'>): void {
    this.total = this.total.plus(line.amount);
    if (!this.total.equals(line.balanceAfter))
      throw new Error(
        `statement line ${line.id}: the lines add up to ${toMoneyString(this.total)} but the ledger recorded ${line.balanceAfter}`,
      );
  }

  /** The balance the lines added so far end on, 8 decimals. */
  get balance(): string {
    return toMoneyString(this.total);
  }

  /** Throws unless the lines added so far end on `closing`. */
  closesAt(closing: string): void {
    if (!this.total.equals(closing))
      throw new Error(`the statement's lines add up to ${toMoneyString(this.total)}, not ${closing}`);
  }
}

/**
 * The statement's rows between its opening and closing balances: the movements in ledger order, each realised
 * loss right after the entry it followed when it was recorded (its payout); a loss recorded before any movement
 * of the period comes first. Both inputs are read in that order. The movements alone make the running balance,
 * which refuses a line that does not follow and a total that does not end on `closing`; a loss row repeats the
 * balance as it stands.
 */
export async function* statementLines(
  balances: { opening: string; closing: string },
  movements: AsyncIterable<LedgerLine>,
  losses: AsyncIterable<StatementLoss>,
): AsyncGenerator<StatementLine> {
  const running = new RunningBalance(balances.opening);
  const pending = losses[Symbol.asyncIterator]();
  try {
    let loss = await pending.next();
    for await (const line of movements) {
      for (; !loss.done && loss.value.afterEntryId < line.id; loss = await pending.next())
        yield realisedLossLine(loss.value, running.balance);
      running.add(line);
      yield statementLine(line);
    }
    for (; !loss.done; loss = await pending.next()) yield realisedLossLine(loss.value, running.balance);
  } finally {
    await pending.return?.();
  }
  running.closesAt(balances.closing);
}

/** The statement's heading: whose it is, the days it covers and the balances it opens and closes with. */
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

// When an admin may assign a transfer nobody claimed to an investor (docs/decisions/0084), and whether a second
// admin must agree. Pure: the transaction's recorded logs and what else holds it come in, the verdict goes out.
import { compareAmounts, MIN_TRANSFER_AMOUNT, sumAmounts } from '@cropvest/contracts';

export interface RecordedLog {
  amount: string;
  claimed_by: string | null;
  /** The scanner recorded it longer than UNMATCHED_AFTER_MINUTES ago. */
  unmatched_window_passed: boolean;
}

export type AssignmentVerdict =
  | { kind: 'refused'; status: 404 | 409; code: string; message: string }
  | { kind: 'assignable'; amount: string; needsSecondApproval: boolean };

export function judgeAssignment(
  logs: readonly RecordedLog[],
  context: {
    /** A deposit claim that is being checked, or was verified or approved, names the transaction. */
    liveClaim: boolean;
    secondApprovalThreshold: string;
  },
): AssignmentVerdict {
  if (logs.length === 0)
    return {
      kind: 'refused',
      status: 404,
      code: 'TRANSFER_NOT_FOUND',
      message: 'No transfer of this transaction to a platform address was recorded on this network',
    };
  if (context.liveClaim || logs.some((log) => log.claimed_by !== null))
    return {
      kind: 'refused',
      status: 409,
      code: 'TRANSFER_CLAIMED',
      message: 'This transfer was claimed by a deposit, a payout or another assignment, or is being claimed',
    };
  if (logs.some((log) => !log.unmatched_window_passed))
    return {
      kind: 'refused',
      status: 409,
      code: 'TRANSFER_TOO_RECENT',
      message: 'This transfer arrived too recently: the investor who sent it may still claim it',
    };
  const amount = sumAmounts(logs.map((log) => log.amount));
  if (compareAmounts(amount, MIN_TRANSFER_AMOUNT) < 0)
    return {
      kind: 'refused',
      status: 409,
      code: 'BELOW_MINIMUM',
      message: `This transfer moved less than the ${MIN_TRANSFER_AMOUNT} USDT minimum deposit`,
    };
  return {
    kind: 'assignable',
    amount,
    needsSecondApproval: compareAmounts(amount, context.secondApprovalThreshold) >= 0,
  };
}

// Helpers only the wallet's integration suites use: the wallet's NATS commands sent directly, and a typed
// client's refusal narrowed to the status a test expects, for the suites that read its message (a success is
// narrowed by test/support/answers.ts). Funding, balances, KYC approval, the second admin and the ledger check,
// which other services' suites need too, are in test/support.
import type { ErrorBody } from '@cropvest/contracts';
import { sendCommand } from '@cropvest/service-kit/bus';
import type { Answer } from '../../../test/support/client.ts';
import { nats } from '../../../test/support/connections.ts';

/** A valid TRON mainnet address (base58check, version byte 0x41). */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Another valid TRC-20 address, for a suite that moves the platform's wallet and back. */
export const OTHER_TRON_ADDRESS = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';

export const command = async <T>(subject: string, input: unknown): Promise<T> =>
  sendCommand<T>(await nats(), subject, input);

/** The error body of an answer refused with exactly `status`; throws with what came instead. */
export function refused<Op>(answer: Answer<Op>, status: number): ErrorBody {
  if (!answer.ok && answer.status === status) return answer.body;
  throw new Error(`expected a ${status} refusal, answered ${answer.status} ${JSON.stringify(answer.body)}`);
}

// Helpers only the wallet's integration suites use: the wallet's NATS commands sent directly. Funding, balances,
// KYC approval, the second admin and the ledger check, which other services' suites need too, are in test/support.
import { sendCommand } from '@cropvest/service-kit/bus';
import { nats } from '../../../test/support/connections.ts';

/** A valid TRON mainnet address (base58check, version byte 0x41). */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export const command = async <T = any>(subject: string, input: unknown): Promise<T> =>
  sendCommand<T>(await nats(), subject, input);

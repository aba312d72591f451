// Helpers only the wallet's integration suites use: a second admin, for two admins racing on one review, and
// the wallet's NATS commands sent directly. Funding, balances, KYC approval and the ledger check, which other
// services' suites need too, are in test/support.
import { sendCommand } from '@cropvest/service-kit';
import { adminSession, api, login, registerInvestor, type Session } from '../../../test/support/api.ts';
import { nats } from '../../../test/support/connections.ts';

/** A valid TRON mainnet address (base58check, version byte 0x41). */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A second admin: a fresh account promoted by the first admin, then signed in again. */
export async function secondAdmin(): Promise<Session> {
  const user = await registerInvestor({ name: 'Second Admin' });
  const promoted = await api(
    'PATCH',
    `/api/admin/users/${user.user.id}`,
    (await adminSession()).accessToken,
    { role: 'admin' },
  );
  if (promoted.status !== 200)
    throw new Error(`promote failed: ${promoted.status} ${JSON.stringify(promoted.body)}`);
  return login(user.user.email, user.password);
}

export const command = async <T = any>(subject: string, input: unknown): Promise<T> =>
  sendCommand<T>(await nats(), subject, input);

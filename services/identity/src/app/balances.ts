// The balance a user sees (ARCHITECTURE.md section 7, read-your-writes): the wallet's available balance as it
// is now, not the projection, which trails each movement by the outbox relay's latency.
import { WALLET_BALANCE_SUBJECT, type WalletBalances } from '@cropvest/contracts';
import { sendCommand } from '@cropvest/service-kit/bus';
import { setBalanceProjection } from '../db/users.ts';
import type { IdentityContext } from './context.ts';

/**
 * Asks the wallet for the user's available balance and writes it to the projection too, so the admin lists
 * agree at once. Answers undefined when the wallet does not answer in time: the caller shows the projection,
 * and the `wallet.balance_changed` consumer brings it up to date.
 */
export async function liveBalance(ctx: IdentityContext, userId: string): Promise<string | undefined> {
  let wallet: WalletBalances;
  try {
    wallet = await sendCommand<WalletBalances>(
      ctx.bus.nc,
      WALLET_BALANCE_SUBJECT,
      { userId },
      ctx.config.WALLET_BALANCE_TIMEOUT_MS,
    );
  } catch (error) {
    ctx.logger.warn({ err: error, userId }, 'the wallet did not give the balance; showing the projection');
    return undefined;
  }
  await setBalanceProjection(ctx.db, userId, wallet);
  return wallet.available;
}

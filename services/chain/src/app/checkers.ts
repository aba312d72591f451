// Looks due deposit claims, payouts and funding transfers up, one loop per network, so a slow or failing network never delays another
// (decision 0081). A loop leases a few of each at a time (replicas share the work through the lease), checks them,
// and sleeps until the next one is due, at most CHAIN_RECHECK_MS; something new kicks it awake.
import { NETWORK_TYPES, type NetworkName } from '@cropvest/contracts/chain/networks';
import { leaseDue, nextDueAt } from '../db/checks.ts';
import type { ClaimRow } from '../db/claims.ts';
import type { PayoutRow } from '../db/payouts.ts';
import type { FundingCheckRow } from '../db/funding-checks.ts';
import { checkClaim } from './claims.ts';
import { checkPayout } from './payouts.ts';
import { checkFundingTransfer } from './funding-transfers.ts';
import type { ChainContext } from './context.ts';

const BATCH = 20;

export class Checkers {
  private ctx: ChainContext | undefined;
  private readonly timers = new Map<NetworkName, NodeJS.Timeout>();
  private readonly running = new Map<NetworkName, Promise<void>>();
  /** A kick that came while the loop ran: it goes round once more at once. */
  private readonly kicked = new Set<NetworkName>();
  private stopped = false;

  start(ctx: ChainContext): void {
    this.ctx = ctx;
    for (const network of NETWORK_TYPES) this.schedule(network, 0);
  }

  /** Something became due on `network` (a claim or a payout was recorded): look now, not at the next tick. */
  kick(network: NetworkName): void {
    if (!this.ctx || this.stopped) return;
    if (this.running.has(network)) this.kicked.add(network);
    else this.schedule(network, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    await Promise.allSettled(this.running.values());
  }

  private schedule(network: NetworkName, delayMs: number): void {
    clearTimeout(this.timers.get(network));
    this.timers.set(
      network,
      setTimeout(() => void this.run(network), Math.max(0, delayMs)),
    );
  }

  private async run(network: NetworkName): Promise<void> {
    const ctx = this.ctx as ChainContext;
    const loop = (async () => {
      // Longer than one lookup with all its retries can take, so a lease never runs out under a live check.
      const leaseMs = ctx.config.CHAIN_REQUEST_TIMEOUT_MS * (ctx.config.CHAIN_REQUEST_RETRIES + 2) + 10_000;
      for (;;) {
        this.kicked.delete(network);
        const [claims, payouts, funding] = await Promise.all([
          leaseDue<ClaimRow>(ctx.db, 'deposit_claims', network, BATCH, leaseMs),
          leaseDue<PayoutRow>(ctx.db, 'payout_checks', network, BATCH, leaseMs),
          leaseDue<FundingCheckRow>(ctx.db, 'funding_checks', network, BATCH, leaseMs),
        ]);
        await Promise.all([
          ...claims.map((claim) => checkClaim(ctx, claim)),
          ...payouts.map((payout) => checkPayout(ctx, payout)),
          ...funding.map((check) => checkFundingTransfer(ctx, check)),
        ]);
        const more = [claims, payouts, funding].some((batch) => batch.length === BATCH);
        if (this.stopped || (!more && !this.kicked.has(network))) return;
      }
    })();
    this.running.set(network, loop);
    try {
      await loop;
    } catch (error) {
      ctx.logger.error({ err: error, network }, 'chain check failed');
    } finally {
      this.running.delete(network);
    }
    if (this.stopped) return;
    const due = await nextDueAt(ctx.db, network).catch(() => null);
    const untilDue = due ? due.getTime() - Date.now() : Number.POSITIVE_INFINITY;
    this.schedule(network, Math.min(untilDue, ctx.config.CHAIN_RECHECK_MS));
  }
}

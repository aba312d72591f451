// The reserves' schedule (docs/decisions/0082): every replica looks once a tick, refreshes the gauges from the
// database, reconciles when a run is due and builds the day's proof when it is due; the advisory locks let one replica
// do each. Builds an admin starts are tracked here too, so a shutdown waits for them.
import { buildProof } from './proofs.ts';
import { reconcile, refreshReserveGauges, RESERVES_TICK_MS } from './reconcile.ts';
import type { ChainContext } from './context.ts';

export class ReserveJobs {
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  start(ctx: ChainContext): void {
    const tick = async () => {
      await refreshReserveGauges(ctx).catch((error: unknown) =>
        ctx.logger.warn({ err: error }, 'reserve gauges not refreshed'),
      );
      await reconcile(ctx, { kind: 'schedule' }).catch((error: unknown) =>
        ctx.logger.error({ err: error }, 'reconciliation failed; the next tick tries again'),
      );
      await buildProof(ctx, { kind: 'schedule' }).catch((error: unknown) =>
        ctx.logger.error({ err: error }, 'proof of liabilities build failed; the next tick tries again'),
      );
    };
    const loop = () => {
      if (this.stopped) return;
      this.track(
        tick().finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, RESERVES_TICK_MS);
        }),
      );
    };
    loop();
  }

  /** Keeps `work` until it settles, so `stop` waits for it. */
  track(work: Promise<unknown>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.running]);
  }
}

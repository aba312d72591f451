// Activations in groups (docs/decisions/0115-hot-plan-purchase-path.md). Every activation adds to the same
// rollup rows (the plan's day in `report_daily`, its terms in `report_active_terms`), so on a popular plan's
// launch they queued on those row locks, each held through its own commit. One activation statement is in
// flight at a time per service instance; the settlements that finish meanwhile wait for it and go together in
// the next one: one run of the rollup triggers and one commit for the group. Alone, an activation goes at once.
import type { EventEnvelope } from '@cropvest/contracts';
import { activateAll, type Activation, type InvestmentRow } from '../db/investments.ts';
import type { PlansContext } from './context.ts';

/** At most this many activations in one statement. */
const GROUP_SIZE = 200;

interface Waiting extends Activation {
  settle: (row: InvestmentRow | undefined, error?: unknown) => void;
}

class ActivationQueue {
  private waiting: Waiting[] = [];
  private flushing = false;

  constructor(private readonly ctx: PlansContext) {}

  activate(activation: Activation): Promise<InvestmentRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({
        ...activation,
        settle: (row, error) => (error === undefined ? resolve(row) : reject(error)),
      });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, GROUP_SIZE);
      try {
        const rows = await this.ctx.events.writing(() => activateAll(this.ctx.db, group));
        const activated = new Map(rows.map((row) => [row.id, row]));
        for (const item of group) item.settle(activated.get(item.id));
      } catch (error) {
        for (const item of group) item.settle(undefined, error);
      }
    }
    this.flushing = false;
  }
}

const queues = new WeakMap<PlansContext, ActivationQueue>();

/**
 * pending -> active with its `investment.created`, only by the holder of the lease, in the next group; answers
 * the row when this call made the change (undefined: the lease was lost).
 */
export function activateInGroup(
  ctx: PlansContext,
  id: string,
  leaseToken: string,
  event: EventEnvelope,
): Promise<InvestmentRow | undefined> {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new ActivationQueue(ctx);
    queues.set(ctx, queue);
  }
  return queue.activate({ id, leaseToken, event });
}

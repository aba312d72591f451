import type { Knex, ServiceDeps } from '@cropvest/service-kit';
import type { ObjectStore } from '@cropvest/service-kit/uploads';
import type { PlansConfig } from '../config.ts';

/** What the plans service's use cases need: the service deps plus the object store for plan images. */
export interface PlansContext extends ServiceDeps<PlansConfig> {
  store: ObjectStore;
}

/** Who is asking, for audit rows and trace context. */
export interface RequestMeta {
  ip: string | null;
  traceparent: string | null;
}

export const SOURCE = 'plans';

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a use case in one transaction, retrying a deadlock or serialization failure (Postgres rolled the
 * whole transaction back, so a retry is safe), then lets the outbox relay go.
 */
export async function inTransaction<T>(
  ctx: Pick<PlansContext, 'db' | 'eventsWritten'>,
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await ctx.db.transaction(work);
      ctx.eventsWritten();
      return result;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
    }
  }
}

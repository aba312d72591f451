import type { Knex, ServiceDeps } from '@cropvest/service-kit';
import type { ObjectStore } from '@cropvest/service-kit/uploads';
import type { WalletConfig } from '../config.ts';

/** What the wallet's use cases need: the service deps plus the object store for uploads and proof links. */
export interface WalletContext extends ServiceDeps<WalletConfig> {
  store: ObjectStore;
  /** Signs proof links for the address browsers reach (S3_PUBLIC_ENDPOINT, else the same store). */
  linkStore: ObjectStore;
}

/** Who is asking, for audit rows and trace context. */
export interface RequestMeta {
  ip: string | null;
  traceparent: string | null;
}

export const SOURCE = 'wallet';

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a use case in one transaction, retrying a deadlock or serialization failure (Postgres picked this
 * transaction as the victim and rolled it back whole, so a retry is safe), then lets the outbox relay go.
 */
export async function inTransaction<T>(
  ctx: Pick<WalletContext, 'db' | 'eventsWritten'>,
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

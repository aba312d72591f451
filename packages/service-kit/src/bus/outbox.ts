// Transactional outbox (ARCHITECTURE.md section 6): an event row is written in the same transaction as the
// change it describes; the relay publishes it to JetStream with Nats-Msg-Id = event id, and marks it sent
// only after JetStream acknowledged. A crash between the two re-sends the same id, which JetStream drops.
import { headers } from '@nats-io/nats-core';
import knexFactory, { type Knex } from 'knex';
import type { Logger } from 'pino';
import { eventSubject, type EventData, type EventEnvelope, type EventType } from '@cropvest/contracts';
import type { Migration } from '../db.ts';
import type { Bus } from './connection.ts';
import type { Metrics } from '../metrics.ts';

export const OUTBOX_TABLE = 'outbox';
export const INBOX_TABLE = 'inbox';

/** Tables the bus needs in every service's schema; services list these before their own migrations. */
export const busMigrations: Migration[] = [
  {
    name: '000_bus_outbox_inbox',
    up: async (knex) => {
      await knex.schema.createTable(OUTBOX_TABLE, (t) => {
        t.uuid('id').primary();
        t.text('type').notNullable();
        t.jsonb('envelope').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('sent_at', { useTz: true });
        t.integer('attempts').notNullable().defaultTo(0);
        t.text('last_error');
      });
      await knex.raw(`CREATE INDEX outbox_unsent ON ${OUTBOX_TABLE} (created_at) WHERE sent_at IS NULL`);
      await knex.schema.createTable(INBOX_TABLE, (t) => {
        t.text('consumer').notNullable();
        t.uuid('event_id').notNullable();
        t.timestamp('handled_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['consumer', 'event_id']);
      });
    },
  },
  {
    // The relay reads unsent rows in (created_at, id) order; events written by one transaction share created_at
    // (a harvest batch writes 1,000), so an index on created_at alone left a sort of each such group per batch.
    name: '000_bus_outbox_unsent_in_order',
    up: async (knex) => {
      await knex.raw(`DROP INDEX outbox_unsent`);
      await knex.raw(`CREATE INDEX outbox_unsent ON ${OUTBOX_TABLE} (created_at, id) WHERE sent_at IS NULL`);
    },
  },
];

/** How often at most the relay counts its backlog for the metrics while a long backlog drains. */
const BACKLOG_METRICS_INTERVAL_MS = 1000;

/** Writes an event into the outbox inside the caller's transaction. */
export async function enqueueEvent(trx: Knex.Transaction, event: EventEnvelope): Promise<void> {
  await enqueueEvents(trx, [event]);
}

/** Writes many events to the outbox in one statement (a set-based write announces each row it changed). */
export async function enqueueEvents(trx: Knex.Transaction, events: EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  await trx(OUTBOX_TABLE).insert(
    events.map((event) => ({ id: event.id, type: event.type, envelope: JSON.stringify(event) })),
  );
}

/**
 * The outbox write as one step of a data-modifying statement: `INSERT … SELECT … FROM <source>` writes the
 * event only when `source` (a CTE of that statement) returned a row, so a single-statement change (a guarded
 * UPDATE … RETURNING) and its announcement commit together without a transaction's round trips.
 */
export function announcedBy(source: string, event: EventEnvelope): { sql: string; bindings: string[] } {
  return {
    sql: `INSERT INTO ${OUTBOX_TABLE} (id, type, envelope) SELECT ?, ?, ?::jsonb FROM ${source}`,
    bindings: [event.id, event.type, JSON.stringify(event)],
  };
}

/**
 * `announcedBy` for a set-based change: each event is written when `source` returned the row whose `column`
 * (compared as text) is the event's key, so rows the change skipped announce nothing.
 */
export function announcedEach(
  source: string,
  column: string,
  events: { key: string; event: EventEnvelope }[],
): { sql: string; bindings: string[][] } {
  return {
    sql: `INSERT INTO ${OUTBOX_TABLE} (id, type, envelope)
          SELECT e.id, e.type, e.envelope
            FROM unnest(?::uuid[], ?::text[], ?::jsonb[], ?::text[]) AS e(id, type, envelope, key)
            JOIN ${source} ON ${source}.${column}::text = e.key`,
    bindings: [
      events.map(({ event }) => event.id),
      events.map(({ event }) => event.type),
      events.map(({ event }) => JSON.stringify(event)),
      events.map(({ key }) => key),
    ],
  };
}

/** Sends one envelope to JetStream and waits for its acknowledgement. */
export async function publishEnvelope(
  bus: Bus,
  event: EventEnvelope,
): Promise<{ duplicate: boolean; seq: number }> {
  const h = headers();
  if (event.traceparent) h.set('traceparent', event.traceparent);
  const ack = await bus.js.publish(eventSubject(event.type as EventType), JSON.stringify(event), {
    msgID: event.id,
    headers: h,
  });
  return { duplicate: ack.duplicate, seq: ack.seq };
}

export interface OutboxRelayOptions {
  db: Knex;
  bus: Bus;
  logger: Logger;
  metrics?: Metrics;
  /**
   * How often an idle relay looks for rows nobody kicked it for (a stopped replica's); after a pass that failed to
   * send, the next comes after a quarter of it.
   */
  pollIntervalMs?: number;
  batchSize?: number;
}

/** The USDT each money event moves (a harvest pays back the principal and the interest). */
const MONEY_MOVED: { [T in EventType]?: (data: EventData<T>) => string[] } = {
  'deposit.approved': (data) => [data.amount],
  'withdrawal.approved': (data) => [data.amount],
  'investment.created': (data) => [data.principal],
  'investment.harvested': (data) => [data.principal, data.interest],
};

/** The business metrics of a published event, counted once: by the relay that got JetStream's acknowledgement. */
function countMoney(metrics: Metrics, envelope: EventEnvelope): void {
  const amounts = (MONEY_MOVED[envelope.type as EventType] as ((data: unknown) => string[]) | undefined)?.(
    envelope.data,
  );
  if (!amounts) return;
  metrics.moneyEvents.inc({ event: envelope.type });
  for (const amount of amounts) metrics.moneyMoved.inc({ event: envelope.type }, Number(amount));
}

/**
 * The relay's own connection, configured as the service's pool (search_path, time zone). Taking one from the
 * service's pool queued each pass behind every request waiting there: under 200 approvals a second the wallet's
 * queue held about 250 of them, and each pass waited about a second for its turn (decision 0119).
 */
function ownConnection(db: Knex): Knex {
  const config = (db.client as { config: Knex.Config }).config;
  return knexFactory({ ...config, pool: { ...config.pool, min: 0, max: 1 } });
}

export class OutboxRelay {
  private connection: Knex | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Whether the last pass left rows it failed to send (the bus refused or was unreachable). */
  private lastPassFailed = false;
  private backlogMeasuredAt = 0;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;

  constructor(private readonly options: OutboxRelayOptions) {
    // Every committed change kicks its own replica's relay, so the poll only finds what a stopped replica left. At
    // 500 ms the idle polls of a stack's seven relays, with their database sessions, took about 2 processor-seconds
    // a minute.
    this.pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.batchSize = options.batchSize ?? 100;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for a pass now (called after a transaction that wrote events commits). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling after sending everything committed so far. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.drainOnce();
    await this.connection?.destroy();
    this.connection = undefined;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drainOnce().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const soon = this.again;
        this.again = false;
        if (soon) this.schedule(0);
        else this.schedule(this.lastPassFailed ? this.pollIntervalMs / 4 : this.pollIntervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Sends batches until the outbox has no unsent row this relay can claim. */
  private async drainOnce(): Promise<void> {
    this.lastPassFailed = false;
    try {
      while (await this.sendBatch()) {
        /* keep going while full batches come back */
      }
    } catch (error) {
      this.lastPassFailed = true;
      this.options.logger.warn({ err: error }, 'outbox relay pass failed; will retry');
    }
  }

  private async sendBatch(): Promise<boolean> {
    const { bus, logger, metrics } = this.options;
    this.connection ??= ownConnection(this.options.db);
    return this.connection.transaction(async (trx) => {
      // Claims and marks the next rows in one statement: the mark commits only with the acknowledgements below
      // (a crash rolls it back), and SKIP LOCKED lets several replicas relay side by side without sending a row
      // twice at once. RETURNING keeps no order of its own, hence the outer ORDER BY.
      const { rows }: { rows: { id: string; envelope: EventEnvelope }[] } = await trx.raw(
        `WITH claimed AS (
           SELECT id FROM ${OUTBOX_TABLE} WHERE sent_at IS NULL ORDER BY created_at, id LIMIT ?
              FOR UPDATE SKIP LOCKED
         ), marked AS (
           UPDATE ${OUTBOX_TABLE} o SET sent_at = now(), attempts = o.attempts + 1, last_error = NULL
             FROM claimed WHERE o.id = claimed.id
           RETURNING o.id, o.envelope, o.created_at
         )
         SELECT id, envelope FROM marked ORDER BY created_at, id`,
        [this.batchSize],
      );
      // Publishes are pipelined on one connection, so JetStream stores them in outbox order while the
      // acknowledgements come back together; a batch costs one round trip, not one per event.
      const results = await Promise.allSettled(rows.map((row) => publishEnvelope(bus, row.envelope)));
      const failed: { row: (typeof rows)[number]; error: unknown }[] = [];
      rows.forEach((row, i) => {
        const result = results[i];
        if (result?.status === 'rejected') failed.push({ row, error: result.reason });
        else if (metrics) {
          metrics.eventsPublished.inc({ type: row.envelope.type });
          countMoney(metrics, row.envelope);
        }
      });
      if (failed.length) this.lastPassFailed = true;
      for (const { row, error } of failed) {
        // Retried on the next pass, with the same Nats-Msg-Id: a copy JetStream already has is dropped.
        const message = error instanceof Error ? error.message : String(error);
        await trx(OUTBOX_TABLE).where({ id: row.id }).update({ sent_at: null, last_error: message });
        logger.warn(
          { err: error, eventId: row.id, type: row.envelope.type },
          'publishing an outbox event failed',
        );
      }
      const full = failed.length === 0 && rows.length === this.batchSize;
      // Counting the backlog reads every unsent row, so at most once a second: a pass per committed change
      // (hundreds a second) paid a round trip each for it. Idle polls keep the figure fresh once drained.
      if (metrics && Date.now() - this.backlogMeasuredAt >= BACKLOG_METRICS_INTERVAL_MS) {
        this.backlogMeasuredAt = Date.now();
        const [backlog] = await trx(OUTBOX_TABLE)
          .whereNull('sent_at')
          .select(
            trx.raw('count(*) AS count'),
            trx.raw('coalesce(extract(epoch FROM now() - min(created_at)), 0) AS age'),
          );
        metrics.outboxPending.set(Number(backlog?.count ?? 0));
        metrics.outboxOldestAge.set(Number(backlog?.age ?? 0));
      }
      return full;
    });
  }
}

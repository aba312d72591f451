// Durable JetStream consumers with explicit ack and an inbox (ARCHITECTURE.md section 6): the handled event
// id is written in the same transaction as the handler's effect, so a redelivery changes nothing.
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import {
  EventEnvelope,
  eventSchemas,
  eventSubject,
  type EventData,
  type EventType,
} from '@cropvest/contracts';
import { EVENT_STREAM, type Bus } from './connection.ts';
import { INBOX_TABLE } from './outbox.ts';
import type { Metrics } from '../metrics.ts';

export interface Subscription<T extends EventType = EventType> {
  /** Durable name, unique per service and event type, e.g. `identity-audit-recorded`. */
  durable: string;
  type: T;
  handle: (trx: Knex.Transaction, event: EventEnvelope<EventData<T>>) => Promise<void>;
}

/** Keeps type inference per subscription when a service lists several in one array. */
export function subscribe<T extends EventType>(subscription: Subscription<T>): Subscription {
  return subscription as unknown as Subscription;
}

export interface ConsumerRunnerOptions {
  db: Knex;
  bus: Bus;
  logger: Logger;
  metrics?: Metrics;
  /** Calls back after a handler's transaction commits (e.g. to kick the outbox relay). */
  afterCommit?: () => void;
}

const REDELIVERY_DELAY_MS = 1000;

export class ConsumerRunner {
  private readonly active: { messages: ConsumerMessages; loop: Promise<void> }[] = [];

  constructor(private readonly options: ConsumerRunnerOptions) {}

  async start(subscriptions: Subscription[]): Promise<void> {
    for (const subscription of subscriptions) {
      const { jsm, js } = this.options.bus;
      const config = {
        durable_name: subscription.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        // nats-server 2.9 knows only one filter subject per consumer.
        filter_subject: eventSubject(subscription.type),
        ack_wait: nanos(30_000),
        max_deliver: -1,
      };
      try {
        await jsm.consumers.info(EVENT_STREAM, subscription.durable);
        await jsm.consumers.update(EVENT_STREAM, subscription.durable, {
          ack_wait: config.ack_wait,
          max_deliver: config.max_deliver,
        });
      } catch {
        await jsm.consumers.add(EVENT_STREAM, config);
      }
      const consumer = await js.consumers.get(EVENT_STREAM, subscription.durable);
      const messages = await consumer.consume({ max_messages: 64 });
      const loop = (async () => {
        for await (const message of messages) await this.handle(subscription, message);
      })();
      this.active.push({ messages, loop });
    }
  }

  /** Stops pulling, lets the message in hand finish, and returns. */
  async stop(): Promise<void> {
    for (const { messages } of this.active) await messages.close();
    await Promise.allSettled(this.active.map(({ loop }) => loop));
    this.active.length = 0;
  }

  private async handle(subscription: Subscription, message: JsMsg): Promise<void> {
    const { db, logger, metrics } = this.options;
    let envelope: EventEnvelope<EventData<EventType>>;
    try {
      const raw = EventEnvelope.parse(message.json());
      envelope = { ...raw, data: eventSchemas[subscription.type].parse(raw.data) as EventData<EventType> };
    } catch (error) {
      // A malformed event can never succeed; acknowledge it and leave a loud trace instead of looping.
      logger.error(
        { err: error, consumer: subscription.durable, seq: message.seq },
        'dropping malformed event',
      );
      metrics?.eventsConsumed.inc({ consumer: subscription.durable, outcome: 'malformed' });
      message.term();
      return;
    }
    try {
      const handled = await db.transaction(async (trx) => {
        const inserted = await trx(INBOX_TABLE)
          .insert({ consumer: subscription.durable, event_id: envelope.id })
          .onConflict(['consumer', 'event_id'])
          .ignore()
          .returning('event_id');
        if (inserted.length === 0) return false;
        await subscription.handle(trx, envelope);
        return true;
      });
      message.ack();
      metrics?.eventsConsumed.inc({
        consumer: subscription.durable,
        outcome: handled ? 'handled' : 'duplicate',
      });
      if (handled) this.options.afterCommit?.();
    } catch (error) {
      logger.warn(
        { err: error, consumer: subscription.durable, eventId: envelope.id },
        'event handler failed; will be redelivered',
      );
      metrics?.eventsConsumed.inc({ consumer: subscription.durable, outcome: 'failed' });
      message.nak(REDELIVERY_DELAY_MS);
    }
  }
}

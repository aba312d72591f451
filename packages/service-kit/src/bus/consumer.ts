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
import { extractedContext, inSpan, SpanKind, type TraceContext } from '../tracing.ts';

export interface Subscription<T extends EventType = EventType> {
  /** Durable name, unique per service and event type, e.g. `identity-audit-recorded`. */
  durable: string;
  type: T;
  handle: (trx: Knex.Transaction, event: EventEnvelope<EventData<T>>) => Promise<void>;
  /**
   * Up to how many events already waiting are handled in one transaction (default 1). For high-volume events
   * whose handlers are independent (a harvest day's payouts and notifications): one commit for many events.
   * A batch that fails is handled again one event at a time, so one bad event never holds up the others.
   */
  batch?: number;
  /**
   * Handles a batch's fresh events together (set-based writes), instead of `handle` once per event; `handle`
   * still takes the events one by one after a failed batch.
   */
  handleMany?: (trx: Knex.Transaction, events: EventEnvelope<EventData<T>>[]) => Promise<void>;
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
      // A full batch can wait in the client while the one before it is handled.
      const messages = await consumer.consume({ max_messages: Math.max(64, 2 * (subscription.batch ?? 1)) });
      const loop =
        (subscription.batch ?? 1) > 1
          ? this.batchLoop(subscription, messages, subscription.batch as number)
          : (async () => {
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

  /**
   * Pulls messages into a queue while the previous batch is being handled, so a backlog is taken `size` at a
   * time and a lone event is handled at once, as with no batching.
   */
  private async batchLoop(subscription: Subscription, messages: ConsumerMessages, size: number) {
    const queue: JsMsg[] = [];
    let working: Promise<void> | undefined;
    // Resolved after each batch: a full queue waits for the batch in hand only, then fills again while the next
    // one is handled (waiting for the whole queue to drain left the next batch a single message).
    let room: { wait: Promise<void>; free: () => void } | undefined;
    const work = async () => {
      while (queue.length > 0) {
        await this.handleBatch(subscription, queue.splice(0, size));
        room?.free();
        room = undefined;
      }
      working = undefined;
    };
    for await (const message of messages) {
      queue.push(message);
      working ??= work();
      if (queue.length >= size) {
        if (!room) {
          let free = () => {};
          const wait = new Promise<void>((resolve) => (free = resolve));
          room = { wait, free };
        }
        await room.wait;
      }
    }
    await working;
  }

  private async handleBatch(subscription: Subscription, batch: JsMsg[]): Promise<void> {
    const { db, logger, metrics } = this.options;
    const parsed = batch.flatMap((message) => {
      const envelope = this.parse(subscription, message);
      return envelope ? [{ message, envelope }] : [];
    });
    if (parsed.length === 0) return;
    let handled: number;
    try {
      // One span for the batch: a child of its first event's producer (a lone event, the usual case, is exactly
      // that), linked to the producers of the others.
      handled = await inSpan(
        `consume ${subscription.type}`,
        {
          kind: SpanKind.CONSUMER,
          parent: producerContext(parsed[0]!.message),
          links: parsed.slice(1).map(({ message }) => producerContext(message)),
          attributes: {
            'messaging.consumer.group.name': subscription.durable,
            'messaging.batch.message_count': parsed.length,
          },
        },
        () =>
          db.transaction(async (trx) => {
            const fresh = new Set(
              (
                await trx(INBOX_TABLE)
                  .insert(
                    parsed.map(({ envelope }) => ({ consumer: subscription.durable, event_id: envelope.id })),
                  )
                  .onConflict(['consumer', 'event_id'])
                  .ignore()
                  .returning('event_id')
              ).map((row: { event_id: string }) => row.event_id),
            );
            // Deleting as it goes: a batch may hold two copies of one event (a redelivery); the first is handled.
            const events = parsed.flatMap(({ envelope }) => (fresh.delete(envelope.id) ? [envelope] : []));
            if (subscription.handleMany) await subscription.handleMany(trx, events);
            else for (const event of events) await subscription.handle(trx, event);
            return events.length;
          }),
      );
    } catch (error) {
      logger.warn(
        { err: error, consumer: subscription.durable, events: parsed.length },
        'event batch failed; handling its events one by one',
      );
      for (const { message } of parsed) await this.handle(subscription, message);
      return;
    }
    for (const { message } of parsed) message.ack();
    metrics?.eventsConsumed.inc({ consumer: subscription.durable, outcome: 'handled' }, handled);
    metrics?.eventsConsumed.inc(
      { consumer: subscription.durable, outcome: 'duplicate' },
      parsed.length - handled,
    );
    if (handled) this.options.afterCommit?.();
  }

  /** The event in a message, checked against its schema; a malformed one is dropped (it can never succeed). */
  private parse(subscription: Subscription, message: JsMsg): EventEnvelope<EventData<EventType>> | undefined {
    const { logger, metrics } = this.options;
    // Every delivery passes here once, in both the batch and the one-by-one paths.
    if (message.info.deliveryCount > 1) metrics?.eventsRedelivered.inc({ consumer: subscription.durable });
    metrics?.consumerPending.set({ consumer: subscription.durable }, message.info.pending);
    try {
      const raw = EventEnvelope.parse(message.json());
      return { ...raw, data: eventSchemas[subscription.type].parse(raw.data) as EventData<EventType> };
    } catch (error) {
      // Acknowledge it and leave a loud trace instead of looping.
      logger.error(
        { err: error, consumer: subscription.durable, seq: message.seq },
        'dropping malformed event',
      );
      metrics?.eventsConsumed.inc({ consumer: subscription.durable, outcome: 'malformed' });
      message.term();
      return undefined;
    }
  }

  private async handle(subscription: Subscription, message: JsMsg): Promise<void> {
    const { db, logger, metrics } = this.options;
    const envelope = this.parse(subscription, message);
    if (!envelope) return;
    try {
      const handled = await inSpan(
        `consume ${envelope.type}`,
        {
          kind: SpanKind.CONSUMER,
          parent: producerContext(message),
          attributes: { 'messaging.consumer.group.name': subscription.durable },
        },
        () =>
          db.transaction(async (trx) => {
            const inserted = await trx(INBOX_TABLE)
              .insert({ consumer: subscription.durable, event_id: envelope.id })
              .onConflict(['consumer', 'event_id'])
              .ignore()
              .returning('event_id');
            if (inserted.length === 0) return false;
            await subscription.handle(trx, envelope);
            return true;
          }),
      );
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

/** The span that stored a message's event, from the `traceparent` the outbox relay put in its headers. */
function producerContext(message: JsMsg): TraceContext {
  return extractedContext({ traceparent: message.headers?.get('traceparent') || undefined });
}

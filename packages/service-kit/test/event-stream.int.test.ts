// The event stream on a nats-server of this suite's own, on a store directory of its own: a start reconciles an
// existing stream to the platform's settings without losing an event, and a durable consumer keeps its place
// across a server restart on the same store.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AckPolicy, DeliverPolicy, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import {
  connectBus,
  DUPLICATE_WINDOW_MS,
  EVENT_MAX_AGE_MS,
  EVENT_STREAM,
  ensureEventStream,
  type Bus,
} from '../src/bus/connection.ts';

const storeDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-stream-'));
let server: { process: ChildProcess; url: string };
const buses: Bus[] = [];

/**
 * nats-server with JetStream on `storeDir`, on the given port or (-1) one it picks; resolves when it says it is
 * ready, with the address it listens on.
 */
function startServer(port = -1): Promise<typeof server> {
  const child = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let log = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      log += chunk;
      const listening = /Listening for client connections on ([\d.]+:\d+)/.exec(log);
      if (listening && log.includes('Server is ready'))
        resolve({ process: child, url: `nats://${listening[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`nats-server exited (${code}) at start:\n${log}`)));
  });
}

/** Stops the server as an orchestrator does (SIGTERM) and waits until it has exited. */
async function stopServer(): Promise<void> {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

async function connectToServer(eventStream?: { replicas: number }): Promise<Bus> {
  const bus = await connectBus({ url: server.url, name: 'stream-test', eventStream });
  buses.push(bus);
  return bus;
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.nc.close()));
  await stopServer();
  rmSync(storeDir, { recursive: true, force: true });
});

const publishEvents = async (bus: Bus, from: number, count: number) => {
  for (let i = from; i < from + count; i++)
    await bus.js.publish('events.test.numbered', JSON.stringify({ n: i }), { msgID: `numbered-${i}` });
};

describe('the event stream at start', () => {
  it('updates a stream made with old settings to the owned ones, keeping its events, and many starts at once agree', async () => {
    const bus = await connectToServer();
    // The stream as an earlier release left it: narrower subjects, a week of events, a shorter duplicate window.
    await bus.jsm.streams.add({
      name: EVENT_STREAM,
      subjects: ['events.test.>'],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      num_replicas: 1,
      max_age: nanos(7 * 24 * 60 * 60 * 1000),
      duplicate_window: nanos(60_000),
    });
    await publishEvents(bus, 1, 20);

    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => ensureEventStream(bus.jsm, { replicas: 1 })),
    );
    expect(outcomes.filter((o) => o.action === 'updated').length).toBeGreaterThan(0);
    expect(outcomes.every((o) => o.action !== 'created')).toBe(true);

    const info = await bus.jsm.streams.info(EVENT_STREAM);
    expect(info.config).toMatchObject({
      subjects: ['events.>'],
      num_replicas: 1,
      max_age: nanos(EVENT_MAX_AGE_MS),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      storage: StorageType.File,
    });
    expect([info.state.messages, info.state.first_seq, info.state.last_seq]).toEqual([20, 1, 20]);
    // A start with the settings already in place changes nothing.
    expect(await ensureEventStream(bus.jsm, { replicas: 1 })).toEqual({ action: 'unchanged', changes: [] });
    // And a service's connect does the same reconcile.
    const serviceBus = await connectToServer({ replicas: 1 });
    expect((await serviceBus.jsm.streams.info(EVENT_STREAM)).state.messages).toBe(20);
  });

  it('refuses to start with more replicas than the servers can keep, and the stream stays as it was', async () => {
    const bus = await connectToServer();
    // A single server would store an update to three replicas and still keep one copy.
    await expect(ensureEventStream(bus.jsm, { replicas: 3 })).rejects.toThrow(
      /NATS_STREAM_REPLICAS is 3 but NATS is a single server/,
    );
    const info = await bus.jsm.streams.info(EVENT_STREAM);
    expect([info.config.num_replicas, info.state.messages]).toEqual([1, 20]);
  });

  it('refuses to start on a stream whose storage it cannot change, naming it', async () => {
    const bus = await connectToServer();
    const name = EVENT_STREAM;
    const before = await bus.jsm.streams.info(name);
    await bus.jsm.streams.delete(name);
    try {
      await bus.jsm.streams.add({ ...before.config, storage: StorageType.Memory });
      await expect(ensureEventStream(bus.jsm, { replicas: 1 })).rejects.toThrow(
        /storage "memory" but the platform needs "file"/,
      );
    } finally {
      await bus.jsm.streams.delete(name);
      await ensureEventStream(bus.jsm, { replicas: 1 });
    }
  });
});

describe('a durable consumer across a NATS restart', () => {
  it('continues exactly after the last acked event: nothing lost, nothing acked delivered again', async () => {
    const bus = await connectToServer({ replicas: 1 });
    const before = (await bus.jsm.streams.info(EVENT_STREAM)).state.messages;
    await publishEvents(bus, 100, 10);
    const durable = 'restart-test';
    // As the services' consumers are made (consumer.ts): explicit acks, from the first event, one subject.
    await bus.jsm.consumers.add(EVENT_STREAM, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: 'events.test.numbered',
      ack_wait: nanos(30_000),
    });
    const take = async (consumerBus: Bus, count: number): Promise<number[]> => {
      const consumer = await consumerBus.js.consumers.get(EVENT_STREAM, durable);
      const seen: number[] = [];
      const batch = await consumer.fetch({ max_messages: count, expires: 5000 });
      for await (const message of batch) {
        seen.push((message.json() as { n: number }).n);
        // Acked and confirmed by the server before the stop, as a handled event is.
        await message.ackAck();
      }
      return seen;
    };
    expect(await take(bus, 4)).toEqual([100, 101, 102, 103]);

    // The server stops as an orchestrator stops it (SIGTERM) and starts again on the same port and store.
    await stopServer();
    server = await startServer(Number(new URL(server.url).port));
    const after = await connectToServer({ replicas: 1 });
    const info = await after.jsm.consumers.info(EVENT_STREAM, durable);
    expect([info.ack_floor.stream_seq, info.num_pending, info.num_ack_pending]).toEqual([
      info.delivered.stream_seq,
      6,
      0,
    ]);
    expect(await take(after, 6)).toEqual([104, 105, 106, 107, 108, 109]);
    const done = await after.jsm.consumers.info(EVENT_STREAM, durable);
    expect([done.num_pending, done.num_ack_pending, done.num_redelivered]).toEqual([0, 0, 0]);
    expect((await after.jsm.streams.info(EVENT_STREAM)).state.messages).toBe(before + 10);
  });
});

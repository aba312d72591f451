// The mail relay on a throwaway copy of notify's tables: mails are claimed in batches and sent side by side, each
// recorded once; a failed send waits for its retry while the rest of its batch is recorded as sent; two relays on
// one queue (two replicas) never send a mail twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { createMetrics } from '@cropvest/service-kit/runtime';
import type { Knex } from '@cropvest/service-kit/db';
import { eventually } from '../../../test/support/api.ts';
import { scratchDatabase } from '../../../packages/service-kit/test/support.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { enqueueMails } from '../src/db/mail.ts';
import { MailRelay } from '../src/mail/relay.ts';
import type { MailTransport, OutgoingMail } from '../src/mail/transport.ts';

const logger = pino({ level: 'silent' });
let db: Knex;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await scratchDatabase(migrations));
});
afterAll(() => drop());

/** A transport that records every send, takes a moment per mail and refuses the addresses it is told to. */
function recordingTransport(refused: Set<string> = new Set()) {
  const sent: OutgoingMail[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const transport: MailTransport = {
    describe: 'recording',
    send: async (mail) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      if (refused.has(mail.to)) throw new Error('550 mailbox unavailable');
      sent.push(mail);
    },
    close: () => {},
  };
  return { transport, sent, mostInFlight: () => mostInFlight };
}

const relayOn = (transport: MailTransport) =>
  new MailRelay(
    db,
    transport,
    logger,
    60_000,
    createMetrics(`notify-relay-test-${randomUUID().slice(0, 6)}`),
  );

async function queue(addresses: string[]): Promise<void> {
  await db.transaction((trx) =>
    enqueueMails(
      trx,
      addresses.map((to) => ({
        kind: 'plan.harvest_paid',
        userId: null,
        to,
        subject: 'Harvest',
        body: to,
      })),
    ),
  );
}

const unsent = async (): Promise<number> =>
  Number((await db('mail_outbox').whereNull('sent_at').count<{ n: string }[]>({ n: '*' }))[0]?.n);

/** Runs relays on these transports until `left` mails are unsent, then stops them. */
async function relayUntil(transports: MailTransport[], left: number, what: string): Promise<void> {
  const relays = transports.map(relayOn);
  for (const relay of relays) relay.start();
  try {
    await eventually(async () => (await unsent()) === left, 20_000, what);
  } finally {
    await Promise.all(relays.map((relay) => relay.stop()));
  }
}

describe('mail relay', () => {
  it('sends a backlog in batches, side by side, each mail once and recorded without its body', async () => {
    const addresses = Array.from({ length: 130 }, (_, i) => `backlog-${i}@relay.example`);
    await queue(addresses);
    const { transport, sent, mostInFlight } = recordingTransport();
    await relayUntil([transport], 0, 'every mail sent');
    expect(sent.map((mail) => mail.to).sort()).toEqual([...addresses].sort());
    // More than one mail was with the transport at a time: a batch is sent side by side.
    expect(mostInFlight()).toBeGreaterThan(1);
    const rows = await db('mail_outbox')
      .whereIn('to_address', addresses)
      .select('body', 'attempts', 'last_error');
    expect(rows.every((row) => row.body === null && row.attempts === 1 && row.last_error === null)).toBe(
      true,
    );
  });

  it('keeps a refused mail for its retry and records the rest of its batch as sent', async () => {
    const addresses = Array.from({ length: 10 }, (_, i) => `mixed-${i}@relay.example`);
    const refused = 'mixed-3@relay.example';
    await queue(addresses);
    const { transport, sent } = recordingTransport(new Set([refused]));
    await relayUntil([transport], 1, 'all but the refused mail sent');
    expect(sent.map((mail) => mail.to).sort()).toEqual(addresses.filter((a) => a !== refused).sort());
    const row = await db('mail_outbox')
      .where({ to_address: refused })
      .first('body', 'attempts', 'last_error', db.raw('next_attempt_at > now() AS waits'));
    expect(row).toMatchObject({
      body: refused,
      attempts: 1,
      last_error: '550 mailbox unavailable',
      waits: true,
    });
    await db('mail_outbox').where({ to_address: refused }).delete();
  });

  it('never sends a mail twice when two relays share the queue', async () => {
    const addresses = Array.from({ length: 200 }, (_, i) => `replica-${i}@relay.example`);
    await queue(addresses);
    const first = recordingTransport();
    const second = recordingTransport();
    await relayUntil([first.transport, second.transport], 0, 'every mail sent');
    const all = [...first.sent, ...second.sent].map((mail) => mail.to);
    expect(all.sort()).toEqual([...addresses].sort());
  });
});

// NATS is not a trusted network (ARCHITECTURE.md section 6, docs/decisions/0050-bus-permissions.md): against
// the real stack, an anonymous client cannot connect, and each service's own credentials can publish and
// subscribe only to what packages/service-kit/src/bus/permissions.ts grants it. That every service CAN do its
// work with those credentials is what the rest of the integration suite shows.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  IDENTITY_REVOCATIONS_SUBJECT,
  WALLET_ADJUST_SUBJECT,
  type WalletAdjustCommand,
} from '@cropvest/contracts';
import {
  BUS_MATRIX,
  BUS_PRINCIPALS,
  durableName,
  EVENT_STREAM,
  inboxPrefix,
  TEST_PRINCIPAL,
  type Principal,
} from '@cropvest/service-kit/bus';
import { login, stack } from '../support/api.ts';
import { closeConnections } from '../support/connections.ts';
import { balances } from '../support/wallet.ts';

const passwords = (): Record<string, string> =>
  JSON.parse(readFileSync(stack().natsCredentialsFile, 'utf8')) as Record<string, string>;

const open: NatsConnection[] = [];
async function connectAs(principal: Principal): Promise<NatsConnection> {
  const nc = await connect({
    servers: stack().natsUrl.split(','),
    user: principal,
    pass: passwords()[principal],
    inboxPrefix: inboxPrefix(principal),
  });
  open.push(nc);
  return nc;
}

/** What a refused request or JetStream call rejects with: the server's permission violation, named. */
const refusedPublish = (subject: string) =>
  expect.objectContaining({ message: `Permissions Violation for Publish to "${subject}"` });

/**
 * Subscribes and takes the server's verdict: the error that closed the subscription, or null. The flush is the
 * sentinel: the server answers a connection's messages in order, so a refusal of the SUB (-ERR) arrives before the
 * PONG to the flush's PING, and the client closes the subscription as it reads it.
 */
async function trySubscribe(nc: NatsConnection, subject: string): Promise<Error | null> {
  const sub = nc.subscribe(subject);
  await nc.flush();
  if (!sub.isClosed()) {
    sub.unsubscribe();
    return null;
  }
  return (await sub.closed) ?? null;
}

let investorId: string;
beforeAll(async () => {
  investorId = (await login(stack().investorEmail, stack().investorPassword)).user.id;
});
afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close()));
  await closeConnections();
});

describe('connecting', () => {
  it('refuses a client without credentials', async () => {
    await expect(connect({ servers: stack().natsUrl.split(',') })).rejects.toMatchObject({
      name: 'AuthorizationError',
      message: 'Authorization Violation',
    });
  });

  it("refuses a service's user with a wrong password", async () => {
    await expect(
      connect({ servers: stack().natsUrl.split(','), user: 'wallet', pass: 'nWrongPassword0123456789' }),
    ).rejects.toMatchObject({ name: 'AuthorizationError' });
  });
});

describe('cmd.wallet.adjust (the reported attack)', () => {
  const adjust = (): WalletAdjustCommand => ({
    idempotencyKey: `attack-${randomUUID()}`,
    userId: investorId,
    adminId: randomUUID(),
    balance: '1000000',
    reason: 'made-up admin credits the demo investor',
  });

  it('only identity may send it: every other user is refused and the balance does not move', async () => {
    const before = await balances(investorId);
    const others = [...BUS_PRINCIPALS, TEST_PRINCIPAL].filter((p) => p !== 'identity');
    for (const principal of others) {
      const nc = await connectAs(principal);
      await expect(
        nc.request(WALLET_ADJUST_SUBJECT, JSON.stringify(adjust()), { timeout: 3000 }),
      ).rejects.toEqual(refusedPublish(WALLET_ADJUST_SUBJECT));
    }
    expect(await balances(investorId)).toEqual(before);
    expect(BUS_MATRIX.identity.calls).toContain(WALLET_ADJUST_SUBJECT);
  });
});

describe("a service's credentials cannot speak for another service", () => {
  it('plans cannot publish a deposit approval, to JetStream or as a plain message', async () => {
    const plans = await connectAs('plans');
    const watcher = await connectAs(TEST_PRINCIPAL);
    const seen: string[] = [];
    watcher.subscribe('events.deposit.approved', { callback: (_err, msg) => void seen.push(msg.string()) });
    await watcher.flush();

    const forged = JSON.stringify({ id: randomUUID(), type: 'deposit.approved', forgedBy: 'plans' });
    await expect(jetstream(plans).publish('events.deposit.approved', forged)).rejects.toEqual(
      refusedPublish('events.deposit.approved'),
    );
    plans.publish('events.deposit.approved', forged);
    // The sentinel: once plans' flush is answered the server has dealt with the publish, and a delivery it made
    // to the watcher comes before the answer to the watcher's own flush, so nothing can still be on its way.
    await plans.flush();
    await watcher.flush();
    expect(seen.filter((message) => message.includes('"forgedBy":"plans"'))).toEqual([]);
  });

  it('plans can still send the command it owns (the wallet answers, here with a validation error)', async () => {
    const plans = await connectAs('plans');
    const reply = await plans.request('cmd.wallet.debit', JSON.stringify({}), { timeout: 5000 });
    expect(reply.json()).toMatchObject({ ok: false, error: { status: 400 } });
  });

  it('notify cannot send any command but the load of ended sessions every token verifier makes', async () => {
    const notify = await connectAs('notify');
    const commands = new Set(Object.values(BUS_MATRIX).flatMap((grant) => [...grant.serves, ...grant.calls]));
    commands.delete(IDENTITY_REVOCATIONS_SUBJECT);
    expect(commands.size).toBeGreaterThanOrEqual(7);
    const revocations = await notify.request(IDENTITY_REVOCATIONS_SUBJECT, '{}', { timeout: 3000 });
    expect(revocations.json()).toMatchObject({ ok: true, result: { sessionVersions: expect.any(Array) } });
    for (const subject of commands)
      await expect(notify.request(subject, '{}', { timeout: 3000 })).rejects.toEqual(refusedPublish(subject));
    await expect(notify.request('cmd.wallet.new-verb', '{}', { timeout: 3000 })).rejects.toEqual(
      refusedPublish('cmd.wallet.new-verb'),
    );
  });

  it('a service cannot answer commands it does not serve, or listen to events it does not consume', async () => {
    const plans = await connectAs('plans');
    // Pretending to be the wallet (answering debits), reading reset tokens, reading notify's replies.
    for (const subject of [
      'cmd.wallet.debit',
      'events.user.password_reset_requested',
      'events.>',
      `${inboxPrefix('notify')}.>`,
      '_INBOX.>',
    ])
      expect([subject, (await trySubscribe(plans, subject))?.message]).toEqual([
        subject,
        `Permissions Violation for Subscription to "${subject}"`,
      ]);
  });
});

describe('the JetStream API is limited the same way', () => {
  it("plans cannot point its own consumer at another subject, nor read or remove other's consumers or the stream", async () => {
    const plans = await connectAs('plans');
    const jsm = await jetstreamManager(plans);
    const own = durableName('plans', 'kyc.reviewed');
    // Its own consumer, as it was made: allowed.
    expect((await jsm.consumers.info(EVENT_STREAM, own)).config.filter_subject).toBe('events.kyc.reviewed');
    await expect(
      jsm.consumers.add(EVENT_STREAM, {
        durable_name: own,
        filter_subject: 'events.user.password_reset_requested',
      }),
    ).rejects.toEqual(
      refusedPublish(`$JS.API.CONSUMER.CREATE.${EVENT_STREAM}.${own}.events.user.password_reset_requested`),
    );
    const notifyResets = durableName('notify', 'user.password_reset_requested');
    await expect(jsm.consumers.info(EVENT_STREAM, notifyResets)).rejects.toEqual(
      refusedPublish(`$JS.API.CONSUMER.INFO.${EVENT_STREAM}.${notifyResets}`),
    );
    await expect(jsm.consumers.delete(EVENT_STREAM, own)).rejects.toEqual(
      refusedPublish(`$JS.API.CONSUMER.DELETE.${EVENT_STREAM}.${own}`),
    );
    await expect(jsm.streams.purge(EVENT_STREAM)).rejects.toEqual(
      refusedPublish(`$JS.API.STREAM.PURGE.${EVENT_STREAM}`),
    );
    await expect(jsm.streams.delete(EVENT_STREAM)).rejects.toEqual(
      refusedPublish(`$JS.API.STREAM.DELETE.${EVENT_STREAM}`),
    );
  });

  it('the gateway has no JetStream access at all', async () => {
    const gateway = await connectAs('gateway');
    await expect(jetstreamManager(gateway)).rejects.toEqual(refusedPublish('$JS.API.INFO'));
  });
});

import { describe, expect, it, jest } from '@jest/globals';
import type { Msg, NatsConnection, SubscriptionOptions } from '@nats-io/transport-node';
import { pino } from 'pino';
import { StatsQuery, WalletDebitCommand } from '@cropvest/contracts';
import { serveCommand } from '../src/bus/rpc.ts';

type Reply = { ok: boolean; result?: unknown; error?: { status: number; code: string; message: string } };

/** A connection whose one subscription is fed by hand; answers the reply the command sent. */
function fakeConnection() {
  let callback: SubscriptionOptions['callback'];
  const nc = {
    subscribe: (_subject: string, options: SubscriptionOptions) => {
      callback = options.callback;
      return { unsubscribe: () => undefined };
    },
  } as unknown as NatsConnection;
  const send = (payload: unknown) =>
    new Promise<Reply>((resolve) => {
      const msg = {
        headers: undefined,
        json: () => payload,
        respond: (data: string) => {
          resolve(JSON.parse(data) as Reply);
          return true;
        },
      } as unknown as Msg;
      void callback?.(null, msg);
    });
  return { nc, send };
}

const logger = pino({ level: 'silent' });

describe('serveCommand', () => {
  it('refuses a command its schema does not accept with a 400, before the handler runs', async () => {
    const { nc, send } = fakeConnection();
    const handle = jest.fn(async () => ({ debited: true }));
    serveCommand(nc, logger, { subject: 'cmd.test.debit', schema: WalletDebitCommand, handle });
    const reply = await send({ userId: 'not-a-uuid', amount: '-1' });
    expect(reply).toMatchObject({ ok: false, error: { status: 400 } });
    expect(handle).not.toHaveBeenCalled();
  });

  it('refuses arguments a command that takes none was sent', async () => {
    const { nc, send } = fakeConnection();
    const handle = jest.fn(async () => ({ total: 1 }));
    serveCommand(nc, logger, { subject: 'cmd.test.stats', schema: StatsQuery, handle });
    expect(await send({ unexpected: true })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(handle).not.toHaveBeenCalled();
    expect(await send({})).toEqual({ ok: true, result: { total: 1 } });
    expect(handle).toHaveBeenCalledTimes(1);
  });
});

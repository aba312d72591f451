import { describe, expect, it, jest } from '@jest/globals';
import type { Knex } from 'knex';
import { serviceEvents } from '../src/bus/emitter.ts';
import { OUTBOX_TABLE } from '../src/bus/outbox.ts';

const USER = '0190a1b2-0000-7000-8000-000000000001';
const ADMIN = '0190a1b2-0000-7000-8000-000000000002';

/** A transaction that records the outbox rows written to it. */
function recordingTransaction() {
  const rows: { id: string; type: string; envelope: string }[] = [];
  const trx = ((table: string) => {
    expect(table).toBe(OUTBOX_TABLE);
    return {
      insert: async (inserted: typeof rows) => {
        rows.push(...inserted);
      },
    };
  }) as unknown as Knex.Transaction;
  const envelopes = () => rows.map((row) => JSON.parse(row.envelope) as Record<string, unknown>);
  return { trx, rows, envelopes };
}

describe('the service event emitter', () => {
  it("writes every event with the service's name as its source, and who and what it is about", async () => {
    const events = serviceEvents('wallet', () => undefined);
    const { trx, rows, envelopes } = recordingTransaction();
    const id = await events.emit(
      trx,
      'user.banned',
      { userId: USER, isBanned: true },
      { actorId: ADMIN, subjectId: USER, traceparent: null },
    );
    expect(rows).toEqual([{ id, type: 'user.banned', envelope: expect.any(String) }]);
    expect(envelopes()[0]).toMatchObject({
      id,
      type: 'user.banned',
      source: 'wallet',
      actorId: ADMIN,
      subjectId: USER,
      traceparent: null,
      data: { userId: USER, isBanned: true },
    });
  });

  it('writes many events of one type in one outbox write, each with its own subject', async () => {
    const events = serviceEvents('identity', () => undefined);
    const { trx, envelopes } = recordingTransaction();
    const ids = await events.emitMany(trx, 'user.banned', [
      { data: { userId: USER, isBanned: true }, meta: { subjectId: USER } },
      { data: { userId: ADMIN, isBanned: false } },
    ]);
    expect(envelopes().map((e) => [e.id, e.source, e.subjectId, e.actorId])).toEqual([
      [ids[0], 'identity', USER, null],
      [ids[1], 'identity', null, null],
    ]);
  });

  it('records an admin action as audit.recorded, the admin its actor and the target its subject', async () => {
    const events = serviceEvents('plans', () => undefined);
    const { trx, envelopes } = recordingTransaction();
    await events.audit(trx, { adminId: ADMIN, action: 'plan_create', targetId: USER }, '00-trace');
    expect(envelopes()[0]).toMatchObject({
      type: 'audit.recorded',
      source: 'plans',
      actorId: ADMIN,
      subjectId: USER,
      traceparent: '00-trace',
      data: {
        adminId: ADMIN,
        action: 'plan_create',
        targetId: USER,
        targetType: null,
        details: {},
        ipAddress: null,
      },
    });
  });

  it('refuses an event its contract does not accept, writing nothing', async () => {
    const events = serviceEvents('wallet', () => undefined);
    const { trx, rows } = recordingTransaction();
    await expect(
      events.emit(trx, 'user.banned', { userId: 'not-a-uuid', isBanned: true } as never),
    ).rejects.toThrow();
    expect(rows).toEqual([]);
  });

  it('wakes the relay once the work that wrote events has finished, and not when it failed', async () => {
    const wake = jest.fn();
    const events = serviceEvents('chain', wake);
    let finish: (value: string) => void = () => undefined;
    const running = events.writing(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(wake).not.toHaveBeenCalled();
    finish('done');
    await expect(running).resolves.toBe('done');
    expect(wake).toHaveBeenCalledTimes(1);
    await expect(events.writing(() => Promise.reject(new Error('rolled back')))).rejects.toThrow(
      'rolled back',
    );
    expect(wake).toHaveBeenCalledTimes(1);
  });
});

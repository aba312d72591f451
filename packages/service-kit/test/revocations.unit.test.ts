import { describe, expect, it } from '@jest/globals';
import type { NatsConnection } from '@nats-io/transport-node';
import type { SessionRevocationSnapshot } from '@cropvest/contracts';
import { createLogger } from '../src/logger.ts';
import { SessionRevocations } from '../src/revocations.ts';

const USER = '0b9c4a8e-5a57-4c1e-9d55-1f2f3c4d5e6f';
const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const token = (sessionVersion: number, sessionId = 'session-a') => ({ id: USER, sessionId, sessionVersion });

function revocations(snapshot: SessionRevocationSnapshot | Error) {
  return new SessionRevocations({
    logger: createLogger('test', 'silent'),
    nc: {} as NatsConnection,
    load: async () => {
      if (snapshot instanceof Error) throw snapshot;
      return snapshot;
    },
  });
}
const codeOf = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('session revocations', () => {
  it('refuse every token until the first load succeeds (503), then only the revoked ones', async () => {
    const view = revocations(new Error('identity is away'));
    await view.reload();
    expect(view.isLoaded).toBe(false);
    expect(codeOf(() => view.check(token(0)))).toBe('STARTING');

    const loaded = revocations({
      sessionVersions: [{ userId: USER, version: 2, until: later(60_000) }],
      revokedSessions: [{ sessionId: 'session-gone', until: later(60_000) }],
    });
    await loaded.reload();
    expect(codeOf(() => loaded.check(token(1)))).toBe('SESSION_REVOKED');
    expect(codeOf(() => loaded.check(token(2)))).toBeNull();
    expect(codeOf(() => loaded.check(token(2, 'session-gone')))).toBe('SESSION_REVOKED');
  });

  it('merge events in any order: a lower version or an earlier end never loosens the view', async () => {
    const view = revocations({ sessionVersions: [], revokedSessions: [] });
    await view.reload();
    view.apply({ userId: USER, sessionIds: [], sessionVersion: 3, until: later(60_000) });
    view.apply({ userId: USER, sessionIds: [], sessionVersion: 1, until: later(1_000) });
    expect(codeOf(() => view.check(token(2)))).toBe('SESSION_REVOKED');
    expect(codeOf(() => view.check(token(3)))).toBeNull();
  });

  it('ignore entries whose tokens have all expired', async () => {
    const view = revocations({
      sessionVersions: [{ userId: USER, version: 5, until: later(-1) }],
      revokedSessions: [{ sessionId: 'session-a', until: later(-1) }],
    });
    await view.reload();
    expect(codeOf(() => view.check(token(0)))).toBeNull();
  });
});

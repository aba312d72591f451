// Runs in the "replicas" project (two gateways, test/replicas.global-setup.ts). The sign-in and registration limit
// is one count per client address in the gateway's schema (docs/decisions/0086-edge-behind-proxies.md): attempts
// spread over both gateways meet it at the configured number, and with one trusted proxy hop (the test stack runs
// TRUSTED_PROXY_HOPS=1) what a client writes into X-Forwarded-For itself neither spends nor escapes it.
import { afterAll, describe, expect, it } from '@jest/globals';
import { ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { freshIp, stackClient, uniqueEmail } from '../../test/support/api.ts';
import type { RawOptions } from '../../test/support/client.ts';
import { closeConnections, serviceDb } from '../../test/support/connections.ts';
import { replicaUrls } from '../../test/support/processes.ts';

const limit = Number(process.env.AUTH_RATE_LIMIT_PER_MINUTE);

/** The header as a load balancer that appends forwards it: what the client sent, then the address it saw. */
const forwardedFor = (clientSent: string, appended: string) => ({
  'x-forwarded-for': `${clientSent}, ${appended}`,
});

afterAll(closeConnections);

// Raw: each call goes to one gateway of the two (`base`) with the X-Forwarded-For a load balancer would send, which
// the typed client, calling the stack's one gateway from an address of its own, cannot express.
const send = (path: string, options: RawOptions) => stackClient().raw('POST', path, { ip: '', ...options });
/** The error code of a refusal, none for an answer that is not an error body. */
const codeOf = (body: unknown): string | undefined => ErrorBody.safeParse(body).data?.code;

describe('the sign-in limit behind two gateways and a load balancer that appends', () => {
  it('holds at the configured number across both gateways, whatever address the client claims', async () => {
    const gateways = replicaUrls().gateway as string[];
    expect(gateways).toHaveLength(2);
    expect(limit).toBeGreaterThan(2);
    const client = freshIp();

    // Every attempt claims another address of its own, and they alternate between the gateways.
    const answers = [];
    for (let attempt = 0; attempt < limit; attempt++)
      answers.push(
        await send(identityOperations.login.path, {
          base: gateways[attempt % 2],
          headers: forwardedFor(freshIp(), client),
          body: { email: uniqueEmail('nobody'), password: 'not-the-password' },
        }),
      );
    expect(answers.filter((answer) => codeOf(answer.body) === 'RATE_LIMITED')).toEqual([]);
    expect(answers.every((answer) => answer.status === 401)).toBe(true);

    // The next attempt is refused on either gateway, a registration as well as a sign-in.
    for (const base of gateways) {
      const refused = await send(identityOperations.register.path, {
        base,
        headers: forwardedFor(freshIp(), client),
        body: { name: 'Past The Limit', email: uniqueEmail('limited'), password: 'secret-pass-1' },
      });
      expect([base, refused.status, codeOf(refused.body)]).toEqual([base, 429, 'RATE_LIMITED']);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const rows = await serviceDb('gateway')('auth_rate_limits').where({ key: `auth:${client}` });
    expect(rows.map((row: { points: number }) => row.points)).toEqual([limit + 2]);

    // Another client naming the limited address as its own is counted as itself.
    const other = await send(identityOperations.login.path, {
      base: gateways[1],
      headers: forwardedFor(client, freshIp()),
      body: { email: uniqueEmail('nobody'), password: 'not-the-password' },
    });
    expect([other.status, codeOf(other.body)]).toEqual([401, 'INVALID_CREDENTIALS']);
  });
});

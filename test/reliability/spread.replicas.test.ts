// Runs in the "replicas" project (two processes of every service): the gateway really spreads requests over
// both, so the money races and the accrual that run beside this file exercise two replicas, not one.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { registerInvestor, stackClient } from '../support/api.ts';
import { replicaUrls } from '../support/processes.ts';

/** Local ports with an established TCP connection accepted on them (the gateway keeps its connections alive). */
function portsWithConnections(): Set<number> {
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === '01' && local) ports.add(Number.parseInt(local.split(':')[1] as string, 16));
    }
  }
  return ports;
}

describe('two replicas behind the gateway', () => {
  it('every replica of the wallet, plans and identity answers requests sent through the gateway', async () => {
    const replicas = replicaUrls();
    expect(replicas.wallet).toHaveLength(2);
    expect(replicas.plans).toHaveLength(2);
    const investor = await registerInvestor();
    const client = stackClient();
    const token = investor.accessToken;
    for (let i = 0; i < 8; i++) {
      const answers = await Promise.all([
        client.call(walletOperations.myDeposits, { token }),
        client.call(plansOperations.plans, { token }),
        client.call(identityOperations.me, { token }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    }
    const connected = portsWithConnections();
    for (const service of ['wallet', 'plans', 'identity'])
      for (const url of replicas[service] as string[])
        expect([service, connected.has(Number(new URL(url).port))]).toEqual([service, true]);
  });
});

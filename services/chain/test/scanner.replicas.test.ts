// Two chain services scan the same networks (decision 0084): the network's advisory lock lets one page through at a
// time, each page's transfers are recorded with the cursor that moves past them, and whichever replica reads a
// transfer, it is recorded exactly once.
import { afterAll, expect, it } from '@jest/globals';
import type { NetworkType } from '@cropvest/contracts';
import { txidKey } from '@cropvest/contracts';
import { eventually } from '../../../test/support/api.ts';
import { chainOf, chains } from '../../../test/support/chain.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { replicaUrls } from '../../../test/support/processes.ts';

afterAll(closeConnections);

it('two replicas scanning record every transfer to the platform exactly once', async () => {
  expect(replicaUrls().chain).toHaveLength(2);
  const networks: NetworkType[] = ['TRC20', 'ERC20', 'BEP20'];
  const sent: { network: NetworkType; txid: string; logs: number }[] = [];
  for (const network of networks) {
    const to = chainOf(network).platformAddress;
    for (let i = 0; i < 8; i++) {
      const { txid } = await chains().transfer({ network, to, amount: `6.${500 + i}` });
      sent.push({ network, txid, logs: 1 });
    }
    const batch = await chains().batch({
      network,
      transfers: Array.from({ length: 12 }, (_, i) => ({ to, amount: `1.${700 + i}` })),
    });
    sent.push({ network, txid: batch.txid, logs: 12 });
  }

  const rowsOf = (network: NetworkType) =>
    serviceDb('chain')('chain_transfers')
      .where({ network })
      .whereIn(
        'txid_key',
        sent.filter((s) => s.network === network).map((s) => txidKey(s.txid)),
      )
      .select<{ txid_key: string; log_index: number }[]>('txid_key', 'log_index');
  const expected = (network: NetworkType) =>
    sent.filter((s) => s.network === network).reduce((sum, s) => sum + s.logs, 0);
  for (const network of networks)
    await eventually(
      async () => (await rowsOf(network)).length >= expected(network),
      60_000,
      `every ${network} transfer to be recorded`,
    );

  for (const network of networks) {
    const rows = await rowsOf(network);
    expect(rows).toHaveLength(expected(network));
    expect(new Set(rows.map((row) => `${row.txid_key}:${row.log_index}`)).size).toBe(rows.length);
    for (const { txid, logs } of sent.filter((s) => s.network === network))
      expect(rows.filter((row) => row.txid_key === txidKey(txid))).toHaveLength(logs);
  }
});

// The scanner's reliability (decisions 0081, 0084): a network whose endpoint is down has its faults counted and is
// scanned again at the next interval, while the other networks go on; the chain service killed in the middle of a
// catch-up that spans many pages resumes from its cursor and records every transfer exactly once. Exclusive: it
// takes an endpoint down and kills the chain service.
import { afterAll, afterEach, expect, it } from '@jest/globals';
import type { NetworkType } from '@cropvest/contracts';
import { txidKey } from '@cropvest/contracts';
import { eventually, stack } from '../../../test/support/api.ts';
import { chainOf, chains } from '../../../test/support/chain.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { killService } from '../../../test/support/processes.ts';

afterEach(async () => {
  await chains().faults('ERC20', 'none');
});
afterAll(closeConnections);

const chainDb = () => serviceDb('chain');

/** Failed calls to `network`'s endpoint the chain service counted (its counters start again after a restart). */
async function endpointFailures(network: NetworkType): Promise<number> {
  const text = await (await fetch(stack().metrics.chain as string)).text();
  return [...text.matchAll(/^cropvest_chain_rpc_errors_total\{([^}]*)\} (\d+)/gm)]
    .filter(([, labels]) => labels?.includes(`network="${network}"`))
    .reduce((sum, [, , count]) => sum + Number(count), 0);
}

/** The rows the scanner recorded for these transactions, by transaction id key. */
const recordedRows = (network: NetworkType, txids: string[]) =>
  chainDb()('chain_transfers')
    .where({ network })
    .whereIn('txid_key', txids.map(txidKey))
    .select<{ txid_key: string; log_index: number }[]>('txid_key', 'log_index');

const nextBlock = async (network: NetworkType): Promise<bigint> => {
  const row = (await chainDb()('scan_cursors').where({ network }).first('cursor')) as
    { cursor: { next: string } } | undefined;
  return BigInt(row?.cursor.next ?? 0);
};

it('an endpoint that is down is counted and scanned again later, and never holds up another network', async () => {
  const failures = await endpointFailures('ERC20');
  await chains().faults('ERC20', 'down');
  const stuck = await chains().transfer({
    network: 'ERC20',
    to: chainOf('ERC20').platformAddress,
    amount: '3.25',
  });
  await eventually(
    async () => (await endpointFailures('ERC20')) > failures,
    30_000,
    'the failed scans to be counted',
  );

  const other = await chains().transfer({
    network: 'TRC20',
    to: chainOf('TRC20').platformAddress,
    amount: '4.25',
  });
  await eventually(
    async () => (await recordedRows('TRC20', [other.txid])).length === 1,
    30_000,
    'TRC-20 scanned',
  );
  expect(await recordedRows('ERC20', [stuck.txid])).toEqual([]);

  await chains().faults('ERC20', 'none');
  await eventually(
    async () => (await recordedRows('ERC20', [stuck.txid])).length === 1,
    30_000,
    'ERC-20 scanned',
  );
});

it('killed in the middle of a catch-up over many pages, it resumes from its cursor and records each transfer once', async () => {
  const { platformAddress } = chainOf('ERC20');
  // Held back while the transfers are made, so the scan has them all to catch up with at once.
  await chains().faults('ERC20', 'down');
  const from = await nextBlock('ERC20');
  const txids: string[] = [];
  for (let i = 0; i < 40; i++) {
    const sent = await chains().transfer({ network: 'ERC20', to: platformAddress, amount: `2.${1000 + i}` });
    txids.push(sent.txid);
    // Empty blocks between them: with 20 blocks a call and 10 calls a page, each page holds about two transfers.
    await chains().mine('ERC20', 100);
  }
  const { blockNumber: head } = await chains().mine('ERC20', chainOf('ERC20').confirmationsHint);

  await chains().faults('ERC20', 'none');
  const atKill = await eventually(
    async () => {
      const rows = (await recordedRows('ERC20', txids)).length;
      return rows > 0 && rows < txids.length ? rows : undefined;
    },
    60_000,
    'the scan to be part of the way through',
  );
  const cursorAtKill = await nextBlock('ERC20');
  // Every position the cursor takes from here on: a scan that started over would show one below the kill's.
  const seen: bigint[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      seen.push(await nextBlock('ERC20'));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await killService('chain');
  await eventually(
    async () => (await recordedRows('ERC20', txids)).length >= txids.length,
    60_000,
    'every transfer to be recorded after the restart',
  );
  sampling = false;
  await sampler;
  // Once each, per network, transaction and log; and every transaction sent is there.
  const rows = await recordedRows('ERC20', txids);
  const perLog = new Map<string, number>();
  for (const row of rows)
    perLog.set(`${row.txid_key}:${row.log_index}`, (perLog.get(`${row.txid_key}:${row.log_index}`) ?? 0) + 1);
  expect([...perLog.values()].every((count) => count === 1)).toBe(true);
  expect(new Set(rows.map((row) => row.txid_key))).toEqual(new Set(txids.map(txidKey)));
  expect(rows).toHaveLength(txids.length);
  // It was stopped part of the way through a scan that spanned many pages, and went on from where it stood.
  expect(atKill).toBeLessThan(txids.length);
  expect(cursorAtKill).toBeGreaterThan(from);
  expect(cursorAtKill).toBeLessThan(BigInt(head));
  expect(seen.every((next) => next >= cursorAtKill)).toBe(true);
  // And it goes on to the final blocks: the page that recorded the last transfer may end before them (a loaded
  // machine scans them a moment later).
  const caughtUp = BigInt(head) - BigInt(chainOf('ERC20').confirmationsHint);
  await eventually(
    async () => (await nextBlock('ERC20')) > caughtUp,
    30_000,
    'the scan to catch up to the head',
  );
});

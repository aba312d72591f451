// The scanner's rules (decision 0084) against a scripted chain, on the stack's PostgreSQL in a schema of its own
// (the chain service's migrations, nothing the running service reads): a catch-up page after page, each page's
// transfers recorded once with the cursor that moves past them; a rewind followed only with CHAIN_RESET_ON_REWIND,
// else counted and the cursor kept; an endpoint fault counted and nothing moved; a network another replica is
// scanning left alone.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { serviceEvents } from '@cropvest/service-kit/bus';
import { advisoryLock, createDatabase, migrate, type Knex } from '@cropvest/service-kit/db';
import { createLogger, createMetrics } from '@cropvest/service-kit/runtime';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { stack } from '../../../test/support/api.ts';
import {
  ChainEndpointError,
  type ChainAdapter,
  type IncomingTransfer,
  type ScanCursor,
  type ScanPage,
} from '../src/adapters/types.ts';
import type { ChainConfig, NetworkSettings } from '../src/config.ts';
import type { ChainContext } from '../src/app/context.ts';
import { createChainMetrics, type ChainMetrics } from '../src/app/metrics.ts';
import { scanNetwork } from '../src/app/scanner.ts';
import { chainSchema } from '../src/db/migrations/001_chain.ts';
import { payoutChecks } from '../src/db/migrations/002_payout_checks.ts';
import { reserves } from '../src/db/migrations/003_reserves.ts';
import { unmatchedTransfers } from '../src/db/migrations/004_unmatched_transfers.ts';

const NETWORK: NetworkName = 'ERC20';
const PLATFORM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SCHEMA = `chain_scanner_${randomBytes(4).toString('hex')}`;

let db: Knex;
beforeAll(async () => {
  db = createDatabase({ url: stack().databaseUrl, schema: SCHEMA, migrations: [], poolMax: 4 });
  await migrate(db, SCHEMA, [chainSchema, payoutChecks, reserves, unmatchedTransfers]);
  await db('platform_addresses').insert({
    network: NETWORK,
    address: PLATFORM,
    address_key: PLATFORM.toLowerCase(),
  });
});
afterAll(async () => {
  await db.raw(`DROP SCHEMA "${SCHEMA}" CASCADE`);
  await db.destroy();
});
beforeEach(async () => {
  await db('chain_transfers').delete();
  await db('scan_cursors').delete();
});

/** A chain that answers the pages it is given, in order, and notes the cursor and addresses of each call. */
function scriptedChain(pages: (ScanPage | Error)[]) {
  const calls: { cursor: ScanCursor | null; addresses: readonly string[] }[] = [];
  const adapter = {
    network: NETWORK,
    scanIncoming: async (addresses: readonly string[], cursor: ScanCursor | null) => {
      calls.push({ cursor, addresses });
      const page = pages.shift();
      if (!page) throw new Error('scanned past the script');
      if (page instanceof Error) throw page;
      return page;
    },
  } as unknown as ChainAdapter;
  return { adapter, calls };
}

function contextWith(
  adapter: ChainAdapter,
  resetOnRewind = false,
): { ctx: ChainContext; metrics: ChainMetrics } {
  const chainMetrics = createChainMetrics(createMetrics('chain-scanner-test'));
  const settings = { network: NETWORK, decimals: 6 } as NetworkSettings;
  const ctx = {
    db,
    logger: createLogger('chain-scanner-test', 'silent'),
    events: serviceEvents('chain', () => undefined),
    config: { CHAIN_RESET_ON_REWIND: resetOnRewind } as ChainConfig,
    chainMetrics,
    networks: new Map([[NETWORK, { settings, adapter }]]),
  } as unknown as ChainContext;
  return { ctx, metrics: chainMetrics };
}

let block = 100n;
const transfer = (amount: bigint, logIndex = 0): IncomingTransfer => ({
  txHash: `0x${randomBytes(32).toString('hex')}`,
  logIndex,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  from: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  to: PLATFORM,
  rawAmount: amount,
  blockNumber: block++,
  blockTime: new Date(),
});
const page = (
  transfers: IncomingTransfer[],
  next: number,
  caughtUp: boolean,
  extra: Partial<ScanPage> = {},
) => ({
  transfers,
  cursor: { next: String(next) },
  caughtUp,
  ...extra,
});

const cursorNow = async () =>
  (
    (await db('scan_cursors').where({ network: NETWORK }).first('cursor')) as
      { cursor: ScanCursor } | undefined
  )?.cursor ?? null;
const valueOf = async (metric: { get: () => Promise<{ values: { value: number }[] }> }) =>
  (await metric.get()).values.reduce((sum, { value }) => sum + value, 0);

describe('the scanner', () => {
  it('catches up page after page, each page recorded once with the cursor past it', async () => {
    const first = transfer(1_500_000n);
    const second = transfer(2_000_001n, 3);
    const third = transfer(7_000_000n);
    const chain = scriptedChain([
      page([first, second], 10, false, { behindBlocks: 20 }),
      // A log seen again (as after a restart mid-page) is recorded once.
      page([third, first], 20, false, { behindBlocks: 10 }),
      page([], 30, true, { behindBlocks: 0 }),
    ]);
    const { ctx, metrics } = contextWith(chain.adapter);
    await scanNetwork(ctx, NETWORK, () => false);

    expect(chain.calls.map((call) => call.cursor)).toEqual([null, { next: '10' }, { next: '20' }]);
    expect(chain.calls[0]?.addresses).toEqual([PLATFORM]);
    expect(await cursorNow()).toEqual({ next: '30' });
    const rows = await db('chain_transfers')
      .orderBy('amount')
      .select('txid', 'log_index', 'amount', 'claimed_by');
    expect(rows).toEqual([
      { txid: first.txHash, log_index: 0, amount: '1.50000000', claimed_by: null },
      { txid: second.txHash, log_index: 3, amount: '2.00000100', claimed_by: null },
      { txid: third.txHash, log_index: 0, amount: '7.00000000', claimed_by: null },
    ]);
    expect(await valueOf(metrics.scanTransfers)).toBe(3);
    expect(await valueOf(metrics.scanLagBlocks)).toBe(0);
  });

  it('leaves a log a deposit claim recorded first as that claim has it', async () => {
    const claimed = transfer(9_000_000n);
    await db('chain_transfers').insert({
      id: '00000000-0000-4000-8000-00000000aa01',
      network: NETWORK,
      txid: claimed.txHash,
      txid_key: claimed.txHash.slice(2),
      log_index: 0,
      contract: claimed.contract,
      from_address: claimed.from,
      to_address: claimed.to,
      raw_amount: '9000000',
      amount: '9.00000000',
      block_number: claimed.blockNumber.toString(),
      claimed_by_kind: 'deposit',
      claimed_by: '00000000-0000-4000-8000-00000000bb01',
    });
    const { ctx, metrics } = contextWith(scriptedChain([page([claimed], 5, true)]).adapter);
    await scanNetwork(ctx, NETWORK, () => false);
    expect(await db('chain_transfers').select('claimed_by_kind', 'claimed_by')).toEqual([
      { claimed_by_kind: 'deposit', claimed_by: '00000000-0000-4000-8000-00000000bb01' },
    ]);
    expect(await valueOf(metrics.scanTransfers)).toBe(0);
    expect(await cursorNow()).toEqual({ next: '5' });
  });

  it('does not follow a rewind deeper than finality: counted, the cursor kept, nothing recorded', async () => {
    await db('scan_cursors').insert({ network: NETWORK, cursor: JSON.stringify({ next: '500' }) });
    const chain = scriptedChain([page([], 500, true, { rewound: true })]);
    const { ctx, metrics } = contextWith(chain.adapter);
    await scanNetwork(ctx, NETWORK, () => false);
    expect(chain.calls).toHaveLength(1);
    expect(await cursorNow()).toEqual({ next: '500' });
    expect(await valueOf(metrics.scanRewinds)).toBe(1);
  });

  it('follows a local chain that started afresh when told to (CHAIN_RESET_ON_REWIND)', async () => {
    await db('scan_cursors').insert({ network: NETWORK, cursor: JSON.stringify({ next: '500' }) });
    const fresh = transfer(3_000_000n);
    const chain = scriptedChain([page([], 0, false, { rewound: true }), page([fresh], 12, true)]);
    const { ctx, metrics } = contextWith(chain.adapter, true);
    await scanNetwork(ctx, NETWORK, () => false);
    expect(chain.calls.map((call) => call.cursor)).toEqual([{ next: '500' }, { next: '0' }]);
    expect(await cursorNow()).toEqual({ next: '12' });
    expect(await db('chain_transfers').pluck('txid')).toEqual([fresh.txHash]);
    expect(await valueOf(metrics.scanRewinds)).toBe(0);
  });

  it('counts an endpoint fault and moves nothing: the page is read again at the next interval', async () => {
    await db('scan_cursors').insert({ network: NETWORK, cursor: JSON.stringify({ next: '40' }) });
    const chain = scriptedChain([
      new ChainEndpointError(NETWORK, 'timeout', 'eth_getLogs: no answer in time'),
    ]);
    const { ctx, metrics } = contextWith(chain.adapter);
    await scanNetwork(ctx, NETWORK, () => false);
    expect(await cursorNow()).toEqual({ next: '40' });
    expect(await valueOf(metrics.rpcErrors)).toBe(1);
    expect(await db('chain_transfers').count({ count: '*' })).toEqual([{ count: 0 }]);
  });

  it('leaves a network alone while another replica scans it', async () => {
    const chain = scriptedChain([page([transfer(1_000_000n)], 9, true)]);
    const { ctx } = contextWith(chain.adapter);
    await db.transaction(async (other) => {
      await advisoryLock(other, `chain.scan.${NETWORK}`);
      await scanNetwork(ctx, NETWORK, () => false);
    });
    expect(chain.calls).toHaveLength(0);
    await scanNetwork(ctx, NETWORK, () => false);
    expect(chain.calls).toHaveLength(1);
    expect(await cursorNow()).toEqual({ next: '9' });
  });
});

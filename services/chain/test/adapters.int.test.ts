// The network adapters (decision 0081) against the local chains (decision 0083): what a transaction's lookup says
// (its Transfer logs, success, confirmations up to final, not found before and after a reorganisation), scans of
// incoming USDT that give each final transfer once across pages and restarts, balances at the final block, and
// every endpoint fault ending as a ChainEndpointError (not a verdict) on that network alone. The suite runs a
// local chains process of its own: it pauses blocks, reorganises and breaks endpoints.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { getAddress, parseUnits, toHex } from 'viem';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { NetworkSettings } from '../src/config.ts';
import { createAdapter } from '../src/adapters/index.ts';
import type { AdapterOptions } from '../src/adapters/types.ts';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import {
  ChainEndpointError,
  type ChainAdapter,
  type IncomingTransfer,
  type ScanCursor,
  type TransactionLookup,
} from '../src/adapters/types.ts';
import { eventually } from '../../../test/support/api.ts';
import { startLocalChains, type RunningLocalChains } from '../../../test/support/local-chains.ts';

const TRON_API_KEY = 'local-test-key';
const NETWORKS: NetworkName[] = ['ERC20', 'BEP20', 'TRC20'];
const OPTIONS: AdapterOptions = { timeoutMs: 5_000, retries: 2, scanBlockRange: 5, resetOnRewind: false };

let chains: RunningLocalChains;
beforeAll(async () => {
  chains = await startLocalChains({ LOCAL_TRON_API_KEY: TRON_API_KEY });
});
afterAll(async () => {
  await chains?.stop();
});

function settingsOf(network: NetworkName): NetworkSettings {
  const summary = chains.summary.networks[network];
  return {
    network,
    watched: true,
    endpoint: summary.endpoint,
    apiKey: network === 'TRC20' ? TRON_API_KEY : undefined,
    usdtContract: summary.usdtContract,
    decimals: summary.decimals,
    confirmations: summary.confirmationsHint,
    blockSeconds: 1,
    explorerTxUrl: '',
  };
}

const adapterFor = (
  network: NetworkName,
  options: Partial<AdapterOptions> = {},
  settings: Partial<NetworkSettings> = {},
) => createAdapter({ ...settingsOf(network), ...settings }, { ...OPTIONS, ...options });

/** An address nobody has used, in the network's form: each test's own recipient. */
const freshAddress = (network: NetworkName): string => {
  const bytes = toHex(randomBytes(20));
  return network === 'TRC20' ? tronAddressFromHex(bytes) : getAddress(bytes);
};

const unknownTxid = (network: NetworkName): string =>
  network === 'TRC20' ? randomBytes(32).toString('hex') : toHex(randomBytes(32));

type Found = Extract<TransactionLookup, { kind: 'found' }>;

async function lookupWhen(
  adapter: ChainAdapter,
  txid: string,
  condition: (lookup: Found) => boolean,
  what: string,
): Promise<Found> {
  return eventually(
    async () => {
      const lookup = await adapter.lookupTransaction(txid);
      return lookup.kind === 'found' && condition(lookup) ? lookup : undefined;
    },
    20_000,
    what,
  );
}

/** Every page of a scan from `cursor` until it has caught up, with the cursor after each page. */
async function scanAll(adapter: ChainAdapter, addresses: string[], cursor: ScanCursor | null, limit: number) {
  const pages: { transfers: IncomingTransfer[]; cursor: ScanCursor }[] = [];
  for (let page = 0; page < 200; page++) {
    const result = await adapter.scanIncoming(addresses, cursor, limit);
    expect(result.rewound).toBeFalsy();
    cursor = result.cursor;
    pages.push({ transfers: result.transfers, cursor });
    if (result.caughtUp) return pages;
  }
  throw new Error('the scan never caught up');
}

const keyOf = (t: { txHash: string; logIndex: number }) => `${t.txHash}#${t.logIndex}`;

describe.each(NETWORKS)('the %s adapter', (network) => {
  const summary = () => chains.summary.networks[network];
  const units = (amount: string) => parseUnits(amount, summary().decimals);
  let adapter: ChainAdapter;
  beforeAll(() => {
    adapter = adapterFor(network);
  });
  afterEach(async () => {
    await chains.client.faults(network, 'none');
    await chains.client.autoBlocks(network, true);
  });

  it('finds a USDT transfer with its Transfer log, confirmations growing to final', async () => {
    const to = freshAddress(network);
    await chains.client.autoBlocks(network, false);
    const sent = await chains.client.transfer({ network, to, amount: '150.5' });

    const first = await adapter.lookupTransaction(sent.txid);
    expect(first).toMatchObject({
      kind: 'found',
      success: true,
      blockNumber: BigInt(sent.blockNumber),
      confirmations: 1,
      requiredConfirmations: summary().confirmationsHint,
      final: false,
      transfers: [
        {
          logIndex: 0,
          contract: summary().usdtContract,
          from: summary().faucetAddress,
          to,
          rawAmount: units('150.5'),
        },
      ],
    });
    expect((first as Found).txHash.replace(/^0x/, '')).toBe(sent.txid.replace(/^0x/, '').toLowerCase());
    expect((first as Found).blockTime).toBeInstanceOf(Date);

    await chains.client.mine(network, 1);
    expect(await adapter.lookupTransaction(sent.txid)).toMatchObject({ confirmations: 2, final: false });

    await chains.client.autoBlocks(network, true);
    const final = await lookupWhen(adapter, sent.txid, (lookup) => lookup.final, 'the transfer to be final');
    expect(final.confirmations).toBeGreaterThanOrEqual(summary().confirmationsHint);
  });

  it('finds a reverted transfer failed, with no Transfer log and no USDT moved', async () => {
    const to = freshAddress(network);
    const sent = await chains.client.transfer({ network, to, amount: '20', revert: true });
    const lookup = await lookupWhen(adapter, sent.txid, (l) => l.final, 'the reverted transfer to be final');
    expect(lookup).toMatchObject({ success: false, transfers: [] });
    expect(await adapter.balanceOf(to)).toBe(0n);
  });

  it("gives a look-alike token's log with the look-alike's contract, which a scan for USDT leaves out", async () => {
    const to = freshAddress(network);
    const sent = await chains.client.transfer({ network, to, amount: '99', token: 'lookalike' });
    const lookup = await lookupWhen(
      adapter,
      sent.txid,
      (l) => l.final,
      'the look-alike transfer to be final',
    );
    expect(lookup.transfers).toEqual([
      {
        logIndex: 0,
        contract: summary().lookAlikeContract,
        from: summary().faucetAddress,
        to,
        rawAmount: units('99'),
      },
    ]);
    expect(summary().lookAlikeContract).not.toBe(summary().usdtContract);
    const pages = await scanAll(adapter, [to], null, 50);
    expect(pages.flatMap((p) => p.transfers)).toEqual([]);
    expect(await adapter.balanceOf(to)).toBe(0n);
  });

  it('gives every Transfer log of a batch, each at its own position', async () => {
    const [a, b] = [freshAddress(network), freshAddress(network)];
    const sent = await chains.client.batch({
      network,
      transfers: [
        { to: a, amount: '1' },
        { to: b, amount: '2' },
        { to: a, amount: '3', token: 'lookalike' },
      ],
    });
    const lookup = await lookupWhen(adapter, sent.txid, () => true, 'the batch');
    const { usdtContract: usdt, lookAlikeContract: lookAlike, faucetAddress: faucet } = summary();
    expect(lookup.success).toBe(true);
    expect(lookup.transfers).toEqual([
      { logIndex: 0, contract: usdt, from: faucet, to: a, rawAmount: units('1') },
      { logIndex: 1, contract: usdt, from: faucet, to: b, rawAmount: units('2') },
      { logIndex: 2, contract: lookAlike, from: faucet, to: a, rawAmount: units('3') },
    ]);
  });

  it("names the owner as a transferFrom log's sender, not the spender that sent the transaction", async () => {
    const to = freshAddress(network);
    const sent = await chains.client.transferFrom({
      network,
      owner: 'faucet',
      spender: 'platform',
      to,
      amount: '4',
    });
    const lookup = await lookupWhen(adapter, sent.txid, () => true, 'the transferFrom');
    expect(lookup.transfers).toEqual([
      {
        logIndex: 0,
        contract: summary().usdtContract,
        from: summary().faucetAddress,
        to,
        rawAmount: units('4'),
      },
    ]);
  });

  it('does not find a transaction no node knows', async () => {
    expect(await adapter.lookupTransaction(unknownTxid(network))).toEqual({ kind: 'not_found' });
  });

  it('no longer finds a transaction a reorganisation took away before it was final', async () => {
    await chains.client.autoBlocks(network, false);
    const { id } = await chains.client.snapshot(network);
    const sent = await chains.client.transfer({ network, to: freshAddress(network), amount: '300' });
    expect(await adapter.lookupTransaction(sent.txid)).toMatchObject({ kind: 'found', final: false });
    await chains.client.revert(network, id);
    expect(await adapter.lookupTransaction(sent.txid)).toEqual({ kind: 'not_found' });
    await chains.client.mine(network, summary().confirmationsHint + 1);
    expect(await adapter.lookupTransaction(sent.txid)).toEqual({ kind: 'not_found' });
  });

  it('scans each final incoming USDT transfer once across pages, and goes on from a saved cursor', async () => {
    const [a, b, other] = [freshAddress(network), freshAddress(network), freshAddress(network)];
    const expected: string[] = [];
    for (const [to, amount] of [
      [a, '10'],
      [b, '11'],
      [a, '12'],
      [b, '13'],
    ] as const)
      expected.push(
        keyOf({ txHash: (await chains.client.transfer({ network, to, amount })).txid, logIndex: 0 }),
      );
    // Two logs to `a` in one transaction (its rows may be split between pages), one to someone else.
    const batch = await chains.client.batch({
      network,
      transfers: [
        { to: a, amount: '14' },
        { to: other, amount: '15' },
        { to: a, amount: '16' },
      ],
    });
    expected.push(keyOf({ txHash: batch.txid, logIndex: 0 }), keyOf({ txHash: batch.txid, logIndex: 2 }));
    // Neither a look-alike nor a failed transfer is incoming USDT.
    await chains.client.transfer({ network, to: a, amount: '17', token: 'lookalike' });
    const last = await chains.client.transfer({ network, to: b, amount: '18', revert: true });
    await lookupWhen(adapter, last.txid, (l) => l.final, 'every transfer to be final');

    const pages = await scanAll(adapter, [a, b], null, 2);
    const seen = pages.flatMap((p) => p.transfers);
    const normalise = (key: string) => key.replace(/^0x/, '').toLowerCase();
    expect(seen.map(keyOf).map(normalise).sort()).toEqual(expected.map(normalise).sort());
    expect(pages.length).toBeGreaterThan(1);
    for (const transfer of seen) {
      expect([a, b]).toContain(transfer.to);
      expect(transfer).toMatchObject({ contract: summary().usdtContract, from: summary().faucetAddress });
      expect(transfer.blockTime).toBeInstanceOf(Date);
    }
    expect(
      seen.find((t) => normalise(keyOf(t)) === normalise(keyOf({ txHash: batch.txid, logIndex: 2 })))
        ?.rawAmount,
    ).toBe(units('16'));

    // A restart from the cursor saved after the first page reads the rest, none of the first page again.
    const again = await scanAll(adapter, [a, b], pages[0]?.cursor ?? null, 2);
    expect(again.flatMap((p) => p.transfers).map(keyOf)).toEqual(
      pages
        .slice(1)
        .flatMap((p) => p.transfers)
        .map(keyOf),
    );

    // From the caught-up cursor: nothing until a new transfer is final, then that one only.
    const caughtUp = pages.at(-1)?.cursor ?? null;
    await chains.client.autoBlocks(network, false);
    const late = await chains.client.transfer({ network, to: a, amount: '19' });
    expect((await scanAll(adapter, [a, b], caughtUp, 10)).flatMap((p) => p.transfers)).toEqual([]);
    await chains.client.mine(network, summary().confirmationsHint);
    const after = (await scanAll(adapter, [a, b], caughtUp, 10)).flatMap((p) => p.transfers);
    expect(after.map(keyOf).map(normalise)).toEqual([normalise(keyOf({ txHash: late.txid, logIndex: 0 }))]);
  });

  it('calls a cursor ahead of the final head a rewind, and starts over when told to', async () => {
    const ahead: ScanCursor =
      network === 'TRC20'
        ? { addresses: { [summary().platformAddress]: { newest: 0, seen: [], block: 10_000_000 } } }
        : { next: '10000000' };
    const watched = [summary().platformAddress];
    expect(await adapter.scanIncoming(watched, ahead, 10)).toEqual({
      transfers: [],
      cursor: ahead,
      caughtUp: true,
      rewound: true,
    });
    const resetting = adapterFor(network, { resetOnRewind: true });
    const reset = await resetting.scanIncoming(watched, ahead, 10);
    expect(reset).toMatchObject({ transfers: [], caughtUp: false, rewound: true });
    const next = await resetting.scanIncoming(watched, reset.cursor, 10);
    expect(next.rewound).toBeFalsy();
  });

  it('reads the USDT balance at the final block', async () => {
    const to = freshAddress(network);
    const first = await chains.client.transfer({ network, to, amount: '5' });
    await lookupWhen(adapter, first.txid, (l) => l.final, 'the first transfer to be final');
    expect(await adapter.balanceOf(to)).toBe(units('5'));

    await chains.client.autoBlocks(network, false);
    await chains.client.transfer({ network, to, amount: '7' });
    expect(await adapter.balanceOf(to)).toBe(units('5'));
    await chains.client.mine(network, summary().confirmationsHint);
    expect(await adapter.balanceOf(to)).toBe(units('12'));
    // The final block has the confirmations that make it final, its own included.
    const { block, finalBlock } = await adapter.head();
    expect(block - finalBlock + 1n).toBe(BigInt(summary().confirmationsHint));
  });

  describe('when its endpoint fails', () => {
    const others = NETWORKS.filter((n) => n !== network);

    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error('expected a ChainEndpointError');
        },
        (error: unknown) => error,
      );

    it('raises ChainEndpointError while it is down, and the other networks answer meanwhile', async () => {
      await chains.client.faults(network, 'down');
      const error = await failure(
        adapterFor(network, { retries: 1 }).lookupTransaction(unknownTxid(network)),
      );
      expect(error).toBeInstanceOf(ChainEndpointError);
      expect(error).toMatchObject({ network, reason: 'unreachable' });
      for (const other of others) expect(await adapterFor(other).head()).toHaveProperty('block');
    });

    it('raises ChainEndpointError when it answers slower than the timeout', async () => {
      await chains.client.faults(network, 'slow');
      const error = await failure(adapterFor(network, { timeoutMs: 300, retries: 0 }).head());
      expect(error).toMatchObject({ network, reason: 'timeout' });
    });

    it('raises ChainEndpointError for answers that are not JSON or not the expected shape', async () => {
      await chains.client.faults(network, 'garbage');
      const garbled = adapterFor(network, { retries: 0 });
      for (let i = 0; i < 2; i++) {
        const error = await failure(garbled.lookupTransaction(unknownTxid(network)));
        expect(error).toMatchObject({ network, reason: 'malformed' });
      }
    });

    it('raises ChainEndpointError while rate limited past its retries, and succeeds when the limit lifts within them', async () => {
      await chains.client.faults(network, 'rate-limit');
      const error = await failure(adapterFor(network, { retries: 1 }).head());
      expect(error).toMatchObject({ network, reason: 'rate_limited' });

      await chains.client.faults(network, 'rate-limit', 1_500);
      const startedAt = Date.now();
      expect(await adapterFor(network, { retries: 4 }).lookupTransaction(unknownTxid(network))).toEqual({
        kind: 'not_found',
      });
      // It waited as Retry-After asked rather than failing at once.
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    });

    if (network === 'TRC20')
      it('is refused without the API key (401), which is no verdict either', async () => {
        const error = await failure(adapterFor(network, {}, { apiKey: undefined }).head());
        expect(error).toMatchObject({ network, reason: 'http_status' });
      });
  });
});

// The scanner (docs/decisions/0081, 0084): every CHAIN_SCAN_INTERVAL_MS each watched network reads the USDT that
// reached the platform's addresses in final blocks, page after page until it has caught up, and records every transfer
// once. One loop and timer per network, so a slow or failing endpoint never holds up another network's scan.
//
// A page is one transaction: it takes the network's advisory lock (one replica scans a network at a time; another
// that finds it taken waits for its next turn), reads the cursor, asks the chain, records the page's transfers and
// moves the cursor past them. A process killed mid-page loses the page and nothing else; the next scan reads it again
// from the same cursor, and the unique key makes a transfer recorded twice impossible anyway.
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { advisoryLock } from '@cropvest/service-kit/db';
import { ChainEndpointError, type ScanPage } from '../adapters/types.ts';
import { unitsToMoney } from '../domain/amounts.ts';
import { platformAddresses } from '../db/networks.ts';
import { readCursor, recordTransfers, saveCursor } from '../db/scans.ts';
import { inTransaction, type ChainContext } from './context.ts';

/** Transfers one page asks for: enough to catch up quickly, few enough to keep a page's transaction short. */
const PAGE_TRANSFERS = 500;

export class Scanner {
  private ctx: ChainContext | undefined;
  private readonly timers = new Map<NetworkName, NodeJS.Timeout>();
  private readonly running = new Map<NetworkName, Promise<void>>();
  private stopped = false;

  start(ctx: ChainContext): void {
    this.ctx = ctx;
    for (const network of ctx.networks.keys()) this.schedule(network, 0);
  }

  /** Lets the page in hand finish (or roll back) and starts no other. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    await Promise.allSettled(this.running.values());
  }

  private schedule(network: NetworkName, delayMs: number): void {
    this.timers.set(
      network,
      setTimeout(() => void this.run(network), delayMs),
    );
  }

  private async run(network: NetworkName): Promise<void> {
    const ctx = this.ctx as ChainContext;
    const scan = scanNetwork(ctx, network, () => this.stopped);
    this.running.set(network, scan);
    try {
      await scan;
    } catch (error) {
      ctx.logger.error({ err: error, network }, 'chain scan failed');
    } finally {
      this.running.delete(network);
    }
    if (!this.stopped) this.schedule(network, ctx.config.CHAIN_SCAN_INTERVAL_MS);
  }
}

/** Scans `network` page by page until it has caught up, another replica holds it, or a page could not be read. */
export async function scanNetwork(
  ctx: ChainContext,
  network: NetworkName,
  stopped: () => boolean,
): Promise<void> {
  for (;;) {
    const page = await scanPage(ctx, network);
    if (!page || page.caughtUp || stopped()) return;
  }
}

/** One page, recorded with its cursor; null when there is nothing to go on with now. */
async function scanPage(ctx: ChainContext, network: NetworkName): Promise<ScanPage | null> {
  const watched = ctx.networks.get(network);
  if (!watched) return null;
  const { adapter, settings } = watched;
  try {
    const scanned = await inTransaction(ctx, async (trx) => {
      if (!(await advisoryLock(trx, `chain.scan.${network}`, { wait: false }))) return null;
      const cursor = await readCursor(trx, network);
      const addresses = (await platformAddresses(trx))
        .filter((address) => address.network === network)
        .map((address) => address.address);
      const page = await adapter.scanIncoming(addresses, cursor, PAGE_TRANSFERS);
      if (page.rewound && !ctx.config.CHAIN_RESET_ON_REWIND) {
        // Finality said these blocks would never change: a person must look. The cursor stays where it is.
        ctx.chainMetrics.scanRewinds.inc({ network });
        ctx.logger.error(
          { network, cursor },
          "the chain's final head is below the scan cursor (a rewind deeper than finality); the scan does not follow it",
        );
        return null;
      }
      // A local chain started afresh (decision 0083): the adapter has already restarted its cursor.
      if (page.rewound)
        ctx.logger.warn({ network }, 'the local chain started afresh; scanning it from its start');
      const recorded = await recordTransfers(trx, network, page.transfers, (raw) =>
        unitsToMoney(raw, settings.decimals),
      );
      await saveCursor(trx, network, page.cursor);
      return { page, recorded };
    });
    if (!scanned) return null;
    const { page, recorded } = scanned;
    if (recorded) ctx.chainMetrics.scanTransfers.inc({ network }, recorded);
    if (page.behindBlocks !== undefined) ctx.chainMetrics.scanLagBlocks.set({ network }, page.behindBlocks);
    return page;
  } catch (error) {
    if (!(error instanceof ChainEndpointError)) throw error;
    ctx.chainMetrics.rpcErrors.inc({ network, reason: error.reason });
    ctx.logger.warn(
      { err: error, network },
      'chain scan failed; it goes on from its cursor at the next interval',
    );
    return null;
  }
}

// Reconciliation (docs/decisions/0082): the USDT every platform address holds at each network's final block, beside
// what the ledger owes (the wallet's balances and the interest plans accrued), stored run by run. A network whose
// endpoint fails is recorded as unread, never as zero. A shortfall is audited once, when it starts.
import {
  CHAIN_ACTOR_ID,
  PLANS_LIABILITIES_SUBJECT,
  PlansLiabilities,
  WALLET_LIABILITIES_SUBJECT,
  WalletLiabilities,
  sumAmounts,
} from '@cropvest/contracts';
import { sendCommand } from '@cropvest/service-kit/bus';
import { advisoryLock, type Knex } from '@cropvest/service-kit/db';
import { v7 as uuidv7 } from 'uuid';
import { ChainEndpointError } from '../adapters/types.ts';
import type { NetworkSettings } from '../config.ts';
import { unitsToMoney } from '../domain/amounts.ts';
import { assess, liabilitiesTotal, reconcileDue, shortfallEpisode } from '../domain/reserves.ts';
import { platformAddresses } from '../db/networks.ts';
import {
  insertRun,
  lastDecidedStatus,
  lastRunStartedAt,
  latestRunRow,
  type AddressRow,
  type NetworkRow,
  type StoredRun,
} from '../db/reconciliations.ts';
import { inTransaction, type ChainContext, type RequestMeta } from './context.ts';

/** One replica at a time reconciles. */
const LOCK = 'chain.reconciliation';

/** How often the schedule looks whether a run is due (runs stay RECONCILE_INTERVAL_MINUTES apart). */
export const RESERVES_TICK_MS = 60_000;

export type Trigger = { kind: 'schedule' } | { kind: 'admin'; adminId: string; meta: RequestMeta };

interface NetworkReading {
  network: Omit<
    NetworkRow,
    'reconciliation_id' | 'deposits_credited' | 'withdrawals_paid' | 'withdrawals_unverified'
  >;
  addresses: Omit<AddressRow, 'reconciliation_id'>[];
}

/**
 * Runs one reconciliation and stores it. A scheduled run answers null when another replica is running one or the
 * last run is recent; an admin's waits for a run in progress to finish, then runs.
 */
export async function reconcile(
  ctx: ChainContext,
  trigger: Extract<Trigger, { kind: 'admin' }>,
): Promise<StoredRun>;
export async function reconcile(ctx: ChainContext, trigger: Trigger): Promise<StoredRun | null>;
export async function reconcile(ctx: ChainContext, trigger: Trigger): Promise<StoredRun | null> {
  const stored = await inTransaction(ctx, async (trx) => {
    if (trigger.kind === 'schedule') {
      if (!(await advisoryLock(trx, LOCK, { wait: false }))) return null;
      const due = reconcileDue(
        await lastRunStartedAt(trx),
        ctx.config.RECONCILE_INTERVAL_MINUTES * 60_000,
        RESERVES_TICK_MS,
        new Date(),
      );
      if (!due) return null;
    } else await advisoryLock(trx, LOCK);

    const startedAt = new Date();
    const [readings, wallet, plans] = await Promise.all([
      readReserves(ctx),
      sendCommand(ctx.bus.nc, WALLET_LIABILITIES_SUBJECT, {}, ctx.config.LIABILITIES_TIMEOUT_MS).then(
        (answer) => WalletLiabilities.parse(answer),
      ),
      sendCommand(ctx.bus.nc, PLANS_LIABILITIES_SUBJECT, {}, ctx.config.LIABILITIES_TIMEOUT_MS).then(
        (answer) => PlansLiabilities.parse(answer),
      ),
    ]);
    const run = assembleRun(uuidv7(), trigger, startedAt, readings, wallet, plans);
    const lastDecided = await lastDecidedStatus(trx);
    await insertRun(trx, run);
    await announce(ctx, trx, trigger, run, shortfallEpisode(lastDecided, run.run.status));
    return run;
  });
  if (stored) await refreshReserveGauges(ctx);
  return stored;
}

function assembleRun(
  id: string,
  trigger: Trigger,
  startedAt: Date,
  readings: NetworkReading[],
  wallet: WalletLiabilities,
  plans: PlansLiabilities,
): StoredRun {
  const owed = { ...wallet, accruedInterest: plans.accruedInterest };
  const liabilities = liabilitiesTotal(owed);
  const reserves = sumAmounts(readings.map((reading) => reading.network.amount));
  const everyNetworkRead = readings.every((reading) => reading.network.status === 'read');
  const { status, shortfall } = assess(reserves, liabilities, everyNetworkRead);
  const ledger = new Map(wallet.networks.map((network) => [network.network, network]));
  return {
    run: {
      id,
      trigger: trigger.kind,
      admin_id: trigger.kind === 'admin' ? trigger.adminId : null,
      started_at: startedAt,
      finished_at: new Date(),
      status,
      reserves,
      available: owed.available,
      held: owed.held,
      invested: owed.invested,
      accrued_interest: owed.accruedInterest,
      liabilities,
      shortfall,
    },
    networks: readings.map(({ network }) => ({
      ...network,
      reconciliation_id: id,
      deposits_credited: ledger.get(network.network)?.depositsCredited ?? '0.00000000',
      withdrawals_paid: ledger.get(network.network)?.withdrawalsPaid ?? '0.00000000',
      withdrawals_unverified: ledger.get(network.network)?.withdrawalsUnverified ?? '0.00000000',
    })),
    addresses: readings.flatMap(({ addresses }) =>
      addresses.map((address) => ({ ...address, reconciliation_id: id })),
    ),
  };
}

/** Audits what an admin asked for, and a shortfall when it starts (the chain's system actor: nobody asked). */
async function announce(
  ctx: ChainContext,
  trx: Knex.Transaction,
  trigger: Trigger,
  { run }: StoredRun,
  episode: ReturnType<typeof shortfallEpisode>,
): Promise<void> {
  const figures = { reserves: run.reserves, liabilities: run.liabilities, shortfall: run.shortfall };
  if (trigger.kind === 'admin')
    await ctx.events.audit(
      trx,
      {
        adminId: trigger.adminId,
        action: 'reserves_reconcile',
        targetType: 'reconciliation',
        targetId: run.id,
        details: { status: run.status, ...figures },
        ipAddress: trigger.meta.ip,
      },
      trigger.meta.traceparent,
    );
  if (episode === 'started') {
    ctx.logger.error({ reconciliation: run.id, ...figures }, 'reserves are below liabilities');
    await ctx.events.audit(trx, {
      adminId: CHAIN_ACTOR_ID,
      action: 'reserves_shortfall',
      targetType: 'reconciliation',
      targetId: run.id,
      details: figures,
    });
  }
  if (episode === 'ended')
    ctx.logger.info({ reconciliation: run.id, ...figures }, 'reserves cover liabilities again');
}

/** Every network at once, each on its own deadline, so a slow one never holds up the others. */
async function readReserves(ctx: ChainContext): Promise<NetworkReading[]> {
  const addresses = await platformAddresses(ctx.db);
  return Promise.all(
    ctx.settings.map((network) =>
      readNetwork(
        ctx,
        network,
        addresses.filter((row) => row.network === network.network).map((row) => row.address),
      ),
    ),
  );
}

async function readNetwork(
  ctx: ChainContext,
  settings: NetworkSettings,
  addresses: string[],
): Promise<NetworkReading> {
  const { network, usdtContract, decimals } = settings;
  const unread = (error: string): NetworkReading => ({
    network: {
      network,
      status: 'unread',
      error,
      amount: null,
      final_block: null,
      usdt_contract: usdtContract,
    },
    addresses: addresses.map((address) => ({ network, address, raw_amount: null, amount: null })),
  });
  const adapter = ctx.networks.get(network)?.adapter;
  if (!adapter) return unread('The platform does not watch this network: no endpoint is configured.');
  if (!addresses.length)
    return {
      network: {
        network,
        status: 'read',
        error: null,
        amount: '0.00000000',
        final_block: null,
        usdt_contract: usdtContract,
      },
      addresses: [],
    };
  try {
    const { finalBlock, balances } = await withDeadline(
      ctx.config.RECONCILE_NETWORK_TIMEOUT_MS,
      (async () => {
        const head = await adapter.head();
        return {
          finalBlock: head.finalBlock,
          balances: await Promise.all(addresses.map((a) => adapter.balanceOf(a))),
        };
      })(),
    );
    const read = addresses.map((address, index) => {
      const raw = balances[index] as bigint;
      return { network, address, raw_amount: raw.toString(), amount: unitsToMoney(raw, decimals) };
    });
    return {
      network: {
        network,
        status: 'read',
        error: null,
        amount: sumAmounts(read.map((row) => row.amount)),
        final_block: Number(finalBlock),
        usdt_contract: usdtContract,
      },
      addresses: read,
    };
  } catch (error) {
    if (error instanceof ChainEndpointError) {
      ctx.chainMetrics.rpcErrors.inc({ network, reason: error.reason });
      ctx.logger.warn({ err: error, network }, 'reserves unread: the endpoint failed');
      return unread(`The endpoint failed: ${error.message}`);
    }
    if (error instanceof DeadlineError) {
      ctx.logger.warn({ network }, 'reserves unread: the endpoint was too slow');
      return unread(error.message);
    }
    throw error;
  }
}

class DeadlineError extends Error {}

/** The promise's value, or a DeadlineError after `ms` (the call itself runs on and is ignored). */
function withDeadline<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DeadlineError(`The balances were not read within ${Math.round(ms / 1000)} s.`)),
      ms,
    );
  });
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The gauges from the database: the latest run's figures, and whether a shortfall is in progress. Every replica
 * reads them each tick, so whichever Prometheus scrapes says the same.
 */
export async function refreshReserveGauges(ctx: ChainContext): Promise<void> {
  const [latest, decided] = await Promise.all([latestRunRow(ctx.db), lastDecidedStatus(ctx.db)]);
  const { reservesUsdt, liabilitiesUsdt, reservesShortfall, reservesLastRun } = ctx.chainMetrics;
  reservesShortfall.set(decided === 'short' ? 1 : 0);
  if (!latest) return;
  reservesUsdt.set(Number(latest.reserves));
  liabilitiesUsdt.set(Number(latest.liabilities));
  reservesLastRun.set(latest.started_at.getTime() / 1000);
}

// Reconciliation (decision 0082) on the real stack: what the chain says the ledger owes equals PostgreSQL's own sums
// over the wallet's and plans' tables to the last decimal; what it says each network holds is what was sent there
// on the local chains (BEP-20's 18 decimals cut to 8, never rounded up); a shortfall is audited once when it starts,
// not at every run, and its gauge falls back once reserves cover the liabilities; a network whose endpoint is down
// is recorded unread, never zero. Exclusive: reserves and liabilities are platform-wide, and a faulted chain would
// disturb the suites beside it.
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import type { NetworkType, Reconciliation } from '@cropvest/contracts';
import { reserveOperations } from '@cropvest/contracts/chain/reserves-api';
import { MoneyDecimal, toMoneyString } from '@cropvest/contracts/money';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, eventually, registerInvestor, stackClient } from '../../../test/support/api.ts';
import { chainOf, chains } from '../../../test/support/chain.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { fund } from '../../../test/support/wallet.ts';
import { heldSlot, runAccrueCommand } from '../../plans/test/support.ts';
import { TRON_ADDRESS } from '../../wallet/test/support.ts';
import { audited, auditCount, chainGauge, ledgerLiabilities, reconcileNow } from './reserves-support.ts';

afterEach(async () => {
  for (const network of ['TRC20', 'ERC20', 'BEP20'] as const) await chains().faults(network, 'none');
});
afterAll(closeConnections);

const client = stackClient();

const networkOf = (run: Reconciliation, network: NetworkType) =>
  run.networks.find((entry) => entry.network === network) as Reconciliation['networks'][number];
const plus = (a: string | null, b: string) => toMoneyString(new MoneyDecimal(a ?? '0').plus(b));
/** A shortfall and 1 USDT more, in whole cents: what the platform's address is sent to cover it. */
const cover = (shortfall: string) =>
  new MoneyDecimal(shortfall).plus(1).toDecimalPlaces(2, MoneyDecimal.ROUND_UP).toFixed(2);

/** Reconciles until `done` holds (a transfer counts once its block is final), answering that run. */
const reconcileUntil = (done: (run: Reconciliation) => boolean, what: string) =>
  eventually(
    async () => {
      const run = await reconcileNow();
      return done(run) ? run : undefined;
    },
    60_000,
    what,
  );

it('sums what the ledger owes exactly as PostgreSQL does over the wallet and plans, to the last decimal', async () => {
  // Money of every kind: available, held by a withdrawal, invested, and interest accrued on it.
  const saver = await registerInvestor();
  await fund(saver, '1234.56');
  const withdrawer = await verifiedInvestor('300.01', 'wallet');
  const held = await client.call(walletOperations.requestWithdrawal, {
    token: withdrawer.accessToken,
    body: { amount: '120.07', walletAddress: TRON_ADDRESS },
  });
  expect(held.status).toBe(201);
  // A payout approved without its transaction id: paid by the ledger, unverified on chain. Below the four-eyes
  // threshold, one admin's approval pays it.
  const paid = await client.ok(walletOperations.requestWithdrawal, {
    token: withdrawer.accessToken,
    body: { amount: '10.5', walletAddress: TRON_ADDRESS },
  });
  const approved = await client.ok(walletOperations.reviewWithdrawal, {
    token: (await adminSession()).accessToken,
    path: { id: paid.id },
    body: { status: 'approved' },
  });
  expect(approved.status).toBe('approved');
  await heldSlot(5);
  expect((await runAccrueCommand()).code).toBe(0);

  const run = await reconcileNow();
  const ledger = await ledgerLiabilities();
  expect(run.liabilities).toEqual(ledger);
  expect(new MoneyDecimal(ledger.held).gte('120.07')).toBe(true);
  expect(new MoneyDecimal(ledger.accruedInterest).gte('5')).toBe(true);

  // Per network, what the ledger says arrived there (deposits credited) and left (withdrawals paid).
  const { rows } = await serviceDb('wallet').raw(`
    SELECT n.network,
           coalesce((SELECT sum(amount) FROM deposits WHERE status = 'approved' AND network = n.network), 0)::numeric(28,8)::text AS credited,
           coalesce((SELECT sum(amount) FROM withdrawals WHERE status = 'approved' AND n.network = 'TRC20'), 0)::numeric(28,8)::text AS paid,
           coalesce((SELECT sum(amount) FROM withdrawals WHERE status = 'approved' AND chain_status <> 'verified' AND n.network = 'TRC20'), 0)::numeric(28,8)::text AS unverified
      FROM unnest(ARRAY['TRC20', 'ERC20', 'BEP20']) AS n(network)`);
  expect(new MoneyDecimal(networkOf(run, 'TRC20').withdrawalsUnverified).gte('10.5')).toBe(true);
  for (const row of rows as { network: NetworkType; credited: string; paid: string; unverified: string }[])
    expect(networkOf(run, row.network)).toMatchObject({
      depositsCredited: row.credited,
      withdrawalsPaid: row.paid,
      withdrawalsUnverified: row.unverified,
    });

  // Stored as answered, and the admin's run is audited.
  const admin = await adminSession();
  const overview = await client.ok(reserveOperations.reserves, { token: admin.accessToken });
  expect(overview.latest).toEqual(run);
  await audited('reserves_reconcile', run.id);
});

it('reads each network’s platform addresses at the final block: exactly what was sent there, BEP-20 cut to 8 decimals', async () => {
  const before = await reconcileNow();
  const sent: Record<NetworkType, { amount: string; credited: string }> = {
    TRC20: { amount: '12.5', credited: '12.50000000' },
    ERC20: { amount: '7.000001', credited: '7.00000100' },
    BEP20: { amount: '3.123456789123456789', credited: '3.12345678' },
  };
  for (const network of ['TRC20', 'ERC20', 'BEP20'] as const)
    await chains().transfer({ network, to: chainOf(network).platformAddress, amount: sent[network].amount });

  const expected = (network: NetworkType) => plus(networkOf(before, network).amount, sent[network].credited);
  const after = await reconcileUntil(
    (run) => (['TRC20', 'ERC20', 'BEP20'] as const).every((n) => networkOf(run, n).amount === expected(n)),
    'the three transfers to be final and read',
  );
  for (const network of ['TRC20', 'ERC20', 'BEP20'] as const) {
    const read = networkOf(after, network);
    expect(read).toMatchObject({ status: 'read', error: null, usdtContract: chainOf(network).usdtContract });
    expect(Number(read.finalBlock)).toBeGreaterThan(0);
    const address = read.addresses.find((a) => a.address === chainOf(network).platformAddress);
    const beforeAddress = networkOf(before, network).addresses.find(
      (a) => a.address === chainOf(network).platformAddress,
    );
    expect(address?.amount).toBe(plus(beforeAddress?.amount ?? null, sent[network].credited));
  }
  expect(after.reserves).toBe(
    toMoneyString(
      after.networks.reduce((total, network) => total.plus(network.amount as string), new MoneyDecimal(0)),
    ),
  );
});

describe('a shortfall', () => {
  it('is audited once when it starts, not at every run; its gauge is 1 until reserves cover the liabilities', async () => {
    // Covered first: the platform's TRC-20 address receives whatever the ledger owes beyond the reserves, plus 1.
    const start = await reconcileNow();
    if (start.status !== 'covered') {
      await chains().transfer({
        network: 'TRC20',
        to: chainOf('TRC20').platformAddress,
        amount: cover(start.shortfall),
      });
      await reconcileUntil((run) => run.status === 'covered', 'the reserves to cover the liabilities');
    }
    expect(await chainGauge('cropvest_reserves_shortfall')).toBe(0);
    const episodesBefore = await auditCount('reserves_shortfall');

    // A deposit credited by an admin with no transfer behind it: the ledger owes more than the chain holds.
    const investor = await registerInvestor();
    const covered = await reconcileNow();
    const unbacked = toMoneyString(
      new MoneyDecimal(covered.reserves)
        .minus(covered.liabilities.total)
        .plus('250.5')
        .toDecimalPlaces(2, MoneyDecimal.ROUND_UP),
    );
    await fund(investor, unbacked);
    const short = await reconcileNow();
    expect(short).toMatchObject({ status: 'short' });
    expect(short.shortfall).toBe(
      toMoneyString(new MoneyDecimal(short.liabilities.total).minus(short.reserves)),
    );
    await audited('reserves_shortfall', short.id);
    expect(await chainGauge('cropvest_reserves_shortfall')).toBe(1);
    expect(await chainGauge('cropvest_liabilities_usdt')).toBeCloseTo(Number(short.liabilities.total), 2);

    // Still short at the next run: no second entry. The run's own audit is written after its shortfall's would be.
    const again = await reconcileNow();
    expect(again.status).toBe('short');
    await audited('reserves_reconcile', again.id);
    expect(await auditCount('reserves_shortfall')).toBe(episodesBefore + 1);
    expect(await auditCount('reserves_shortfall', again.id)).toBe(0);
    const entry = await serviceDb('identity')('audit_logs')
      .where({ action: 'reserves_shortfall', target_id: short.id })
      .first();
    expect(entry).toMatchObject({
      admin_id: '00000000-0000-4000-8000-00000000c4a1',
      target_type: 'reconciliation',
    });

    // Covered again: the episode ends without an entry and the gauge falls to 0.
    await chains().transfer({
      network: 'TRC20',
      to: chainOf('TRC20').platformAddress,
      amount: cover(again.shortfall),
    });
    const cleared = await reconcileUntil((run) => run.status === 'covered', 'the shortfall to be covered');
    expect(cleared.shortfall).toBe('0.00000000');
    await audited('reserves_reconcile', cleared.id);
    expect(await auditCount('reserves_shortfall')).toBe(episodesBefore + 1);
    expect(await chainGauge('cropvest_reserves_shortfall')).toBe(0);
    expect(await chainGauge('cropvest_reserves_last_run_timestamp_seconds')).toBe(
      new Date(cleared.startedAt).getTime() / 1000,
    );
  });
});

it('records a network whose endpoint is down as unread, never as zero, and reads the others', async () => {
  await chains().faults('ERC20', 'down');
  const run = await reconcileNow();
  const erc20 = networkOf(run, 'ERC20');
  expect(erc20).toMatchObject({ status: 'unread', amount: null, finalBlock: null });
  expect(erc20.error).toMatch(/^The endpoint failed: ERC20: /);
  expect(erc20.addresses.length).toBeGreaterThan(0);
  expect(erc20.addresses.every((address) => address.amount === null)).toBe(true);
  for (const network of ['TRC20', 'BEP20'] as const) expect(networkOf(run, network).status).toBe('read');
  // The reserves are what was read; without ERC-20 the run may not call a shortfall.
  expect(run.reserves).toBe(
    toMoneyString(
      new MoneyDecimal(networkOf(run, 'TRC20').amount as string).plus(
        networkOf(run, 'BEP20').amount as string,
      ),
    ),
  );
  expect(run.status).not.toBe('short');
  const stored = await serviceDb('chain')('reconciliation_networks')
    .where({ reconciliation_id: run.id, network: 'ERC20' })
    .first();
  expect(stored).toMatchObject({ status: 'unread', amount: null });
});

it('charts 90 days at most, one point per UTC day with runs, and refuses more', async () => {
  const admin = await adminSession();
  const latest = await reconcileNow();
  const history = await client.call(reserveOperations.reserveHistory, { token: admin.accessToken });
  expect(history.status).toBe(200);
  if (!history.ok) throw new Error(`the history was refused: ${history.body.message}`);
  const today = history.body.days.at(-1);
  expect(today).toMatchObject({
    day: latest.startedAt.slice(0, 10),
    reserves: latest.reserves,
    liabilities: latest.liabilities.total,
  });
  expect(today?.runs).toBeGreaterThanOrEqual(1);
  expect(new Set(history.body.days.map((d) => d.day)).size).toBe(history.body.days.length);
  expect(
    (await client.call(reserveOperations.reserveHistory, { token: admin.accessToken, query: { days: 91 } }))
      .status,
  ).toBe(400);
  const investor = await registerInvestor();
  expect((await client.call(reserveOperations.reserveHistory, { token: investor.accessToken })).status).toBe(
    403,
  );
  expect(
    (await client.call(reserveOperations.reconcileReserves, { token: investor.accessToken })).status,
  ).toBe(403);
});

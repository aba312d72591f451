// Unmatched transfers (decision 0084): USDT the scanner saw reach the platform that nobody claimed is listed for admins
// once the window has passed (3 s on test stacks), one row per transaction; an admin assigns it to an investor, who is
// credited exactly once (two different admins at or above the threshold, racing approvals settling once); a claimed
// or being-claimed transaction is never offered, and the investor's own later claim of it is refused. The list passes
// the shared admin-list checks (test/support/admin-list-suite.ts) on transfers from a sender of its own. Every suite
// on this stack sends transfers to the same addresses, so each test finds its own by transaction id.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NetworkType } from '@cropvest/contracts';
import { txidKey } from '@cropvest/contracts';
import { unmatchedOperations } from '@cropvest/contracts/chain/unmatched-api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationQuery } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { succeeded } from '../../../test/support/answers.ts';
import {
  adminSession,
  eventually,
  registerInvestor,
  secondAdmin,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import {
  acceptDepositsOn,
  chainOf,
  chains,
  claimDeposit,
  depositWhen,
  strangerAddress,
} from '../../../test/support/chain.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { balances, ledgerCheck } from '../../../test/support/wallet.ts';

/** Above the threshold whatever a suite beside this one has set it to for a moment (10,000 or 20,000). */
const LARGE = '25000.125';

let admin: Session;
let other: Session;
beforeAll(async () => {
  [admin, other] = await Promise.all([adminSession(), secondAdmin()]);
  // The stack takes deposits on TRC-20 only; the investors below claim on ERC-20 too.
  await acceptDepositsOn(['ERC20']);
});
afterAll(closeConnections);

const client = stackClient();
const sameTx = (txid: string) => (row: { txid: string }) => txidKey(row.txid) === txidKey(txid);

/** One call of the admins' list, with its total. */
async function list(query: OperationQuery<typeof unmatchedOperations.unmatchedTransfers>) {
  const answer = await client.call(unmatchedOperations.unmatchedTransfers, {
    token: admin.accessToken,
    query,
  });
  if (!answer.ok) throw new Error(`the unmatched list refused: ${answer.status} ${answer.body.message}`);
  return { rows: answer.body, total: Number(answer.headers.get('x-total-count')) };
}
const counts = (q: string) =>
  client.ok(unmatchedOperations.unmatchedTransferCounts, { token: admin.accessToken, query: { q } });

/** The transaction as the admins' list shows it, once it is listed. */
const listed = (txid: string, timeoutMs = 30_000) =>
  eventually(
    async () => (await list({ q: txid })).rows.find(sameTx(txid)),
    timeoutMs,
    `${txid} to be listed as unmatched`,
  );

/** Waits until the scanner has recorded the transaction and the window has passed, then answers its listing. */
async function settledListing(network: NetworkType, txid: string) {
  // Recorded, and older than the test stacks' window (UNMATCHED_AFTER_MINUTES 0.05 in test/global-setup.ts) by the
  // database's clock, which is the one the listing reads.
  await eventually(
    async () =>
      (await serviceDb('chain')('chain_transfers')
        .where({ network, txid_key: txidKey(txid) })
        .whereRaw("observed_at < now() - interval '3 seconds'")
        .first()) as unknown,
    30_000,
    `${txid} to be recorded and the window to pass`,
  );
  return (await list({ q: txid })).rows.find(sameTx(txid));
}

const send = (network: NetworkType, amount: string) =>
  chains().transfer({ network, to: chainOf(network).platformAddress, amount });

const assign = (
  session: Session,
  body: { network: NetworkType; txid: string; userId: string; reason?: string },
) =>
  client.call(unmatchedOperations.assignUnmatchedTransfer, {
    token: session.accessToken,
    body: { reason: 'Sent without a claim', ...body },
  });

const review = (session: Session, id: string, status: 'approved' | 'rejected', rejectionReason?: string) =>
  client.call(unmatchedOperations.reviewUnmatchedAssignment, {
    token: session.accessToken,
    path: { id },
    body: { status, rejectionReason },
  });

/** The actions the audit log holds about `targetId` (of `action` only, when given). */
const auditEntries = async (targetId: string, action?: 'deposit_assign') =>
  (await client.ok(identityOperations.auditLogs, { token: admin.accessToken, query: { targetId, action } }))
    .items;
const myDeposits = (session: Session) =>
  client.ok(walletOperations.myDeposits, { token: session.accessToken });

const availableOf = async (session: Session) => (await balances(session.user.id)).available;
const creditsOf = (id: string) =>
  serviceDb('wallet')('transfers').where({ reference_id: id, kind: 'deposit' });

describe('listed', () => {
  it('a transaction that paid the platform and that nobody claimed, once the window has passed, summed', async () => {
    const { platformAddress, faucetAddress } = chainOf('TRC20');
    const sent = await chains().batch({
      network: 'TRC20',
      transfers: [
        { to: platformAddress, amount: '31.415926' },
        { to: strangerAddress('TRC20'), amount: '50' },
        { token: 'lookalike', to: platformAddress, amount: '500' },
        { to: platformAddress, amount: '2.000001' },
      ],
    });
    const row = await listed(sent.txid);
    expect(row).toMatchObject({
      network: 'TRC20',
      amount: '33.41592700',
      logCount: 2,
      senders: [faucetAddress],
      recipients: [platformAddress],
      assignment: null,
    });
    expect(Date.parse(row.observedAt)).toBeLessThanOrEqual(Date.now() - 3_000);
    expect(row.blockTime).not.toBeNull();

    expect(await counts(sent.txid)).toEqual({
      all: 1,
      TRC20: 1,
      ERC20: 0,
      BEP20: 0,
      awaitingSecondApproval: 0,
    });

    const metrics = await (await fetch(stack().metrics.chain as string)).text();
    expect(metrics).toMatch(/^cropvest_chain_scan_transfers_total\{network="TRC20",[^}]*\} [1-9]/m);
    expect(metrics).toMatch(/^cropvest_chain_scan_lag_blocks\{network="TRC20",[^}]*\} \d+/m);
  });

  it('never: a transaction an investor claimed, or is claiming, and dust below the minimum', async () => {
    const investor = await registerInvestor();
    const claimed = await send('ERC20', '17.77');
    const deposit = await claimDeposit(investor, { network: 'ERC20', txid: claimed.txid, amount: '17.77' });
    await depositWhen(investor, deposit.id, ['verified']);

    // Claimed on the wrong network: the claim is alive (not found there yet) and names the same transaction.
    const claiming = await send('TRC20', '18.88');
    await claimDeposit(investor, { network: 'ERC20', txid: `0x${claiming.txid}`, amount: '18.88' });
    const dust = await send('BEP20', '0.5');

    expect(await settledListing('ERC20', claimed.txid)).toBeUndefined();
    expect(await settledListing('TRC20', claiming.txid)).toBeUndefined();
    expect(await settledListing('BEP20', dust.txid)).toBeUndefined();
    for (const [network, txid] of [
      ['ERC20', claimed.txid],
      ['TRC20', claiming.txid],
    ] as const)
      expect(await assign(admin, { network, txid, userId: investor.user.id })).toMatchObject({
        status: 409,
        body: { code: 'TRANSFER_CLAIMED' },
      });
    expect(
      await assign(admin, { network: 'BEP20', txid: dust.txid, userId: investor.user.id }),
    ).toMatchObject({
      status: 409,
      body: { code: 'BELOW_MINIMUM' },
    });
  });
});

describe('assigned to an investor', () => {
  it('below the threshold: credited at once, exactly once, and the investor’s own later claim is refused', async () => {
    const investor = await registerInvestor();
    const sent = await send('ERC20', '64.0625');
    await listed(sent.txid);

    const assigned = await assign(admin, {
      network: 'ERC20',
      txid: sent.txid,
      userId: investor.user.id,
      reason: 'Support ticket: sent before claiming',
    });
    expect(assigned).toMatchObject({
      status: 201,
      body: {
        status: 'applied',
        amount: '64.06250000',
        userId: investor.user.id,
        user: { name: investor.user.name, email: investor.user.email },
        requiresSecondApproval: false,
        requestedBy: admin.user.id,
        reviewedBy: admin.user.id,
      },
    });
    const { id } = succeeded(assigned, 201);
    await eventually(async () => (await availableOf(investor)) === '64.06250000', 10_000, 'the credit');
    const deposits = await myDeposits(investor);
    expect(deposits[0]).toMatchObject({
      id,
      status: 'approved',
      amount: '64.06250000',
      network: 'ERC20',
      txid: sent.txid,
      creditedBy: 'admin',
      chain: { status: 'verified' },
    });
    await eventually(
      async () =>
        (await client.ok(notificationOperations.myNotifications, { token: investor.accessToken })).some((n) =>
          n.message.includes('64.06'),
        ),
      10_000,
      'the investor to be told',
    );
    expect(await creditsOf(id)).toHaveLength(1);
    expect((await ledgerCheck()).problems).toEqual([]);

    expect(await settledListing('ERC20', sent.txid)).toBeUndefined();
    expect(
      await assign(other, { network: 'ERC20', txid: sent.txid, userId: investor.user.id }),
    ).toMatchObject({
      status: 409,
      body: { code: 'TRANSFER_CLAIMED' },
    });
    const own = await client.call(walletOperations.createDeposit, {
      token: investor.accessToken,
      body: { network: 'ERC20', txid: sent.txid, amount: '64.0625' },
    });
    expect(own).toMatchObject({ status: 409, body: { code: 'TXID_CLAIMED' } });

    // The audit log hears of the assignment through the bus.
    const audited = await eventually(
      async () => {
        const items = await auditEntries(id, 'deposit_assign');
        return items.length > 0 ? items : undefined;
      },
      10_000,
      'the assignment in the audit log',
    );
    expect(audited).toEqual([
      expect.objectContaining({
        adminId: admin.user.id,
        targetType: 'deposit',
        details: expect.objectContaining({
          txid: sent.txid,
          amount: '64.06250000',
          userId: investor.user.id,
        }),
      }),
    ]);
  });

  it('at or above the threshold: held until a different admin approves, then credited once', async () => {
    const investor = await registerInvestor();
    const sent = await send('BEP20', LARGE);
    await listed(sent.txid);

    const first = await assign(admin, { network: 'BEP20', txid: sent.txid, userId: investor.user.id });
    expect(first).toMatchObject({
      status: 201,
      body: { status: 'awaiting_second_approval', requiresSecondApproval: true, reviewedBy: null },
    });
    const { id } = succeeded(first, 201);
    // Still listed, with the assignment that holds it; nothing is credited meanwhile.
    expect((await listed(sent.txid)).assignment).toMatchObject({ id, status: 'awaiting_second_approval' });
    expect(await counts(sent.txid)).toMatchObject({
      BEP20: 1,
      awaitingSecondApproval: 1,
    });
    expect(await review(admin, id, 'approved')).toMatchObject({
      status: 409,
      body: { code: 'SAME_APPROVER' },
    });
    expect(await availableOf(investor)).toBe('0.00000000');

    const second = await review(other, id, 'approved');
    expect(second).toMatchObject({
      status: 200,
      body: { status: 'applied', requestedBy: admin.user.id, reviewedBy: other.user.id },
    });
    await eventually(async () => (await availableOf(investor)) === '25000.12500000', 10_000, 'the credit');
    const deposit = (await myDeposits(investor))[0];
    expect(deposit).toMatchObject({ id, status: 'approved', creditedBy: 'admin' });
    expect(await creditsOf(id)).toHaveLength(1);
    expect(await review(other, id, 'approved')).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_REVIEWED' },
    });
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('two admins racing to give the second approval credit it once; a claim meanwhile is refused', async () => {
    const [investor, third] = await Promise.all([registerInvestor(), secondAdmin()]);
    const sent = await send('TRC20', LARGE);
    await listed(sent.txid);
    const { id } = succeeded(
      await assign(admin, { network: 'TRC20', txid: sent.txid, userId: investor.user.id }),
      201,
    );
    // Held for the second admin: someone else's claim of the transaction meanwhile is refused by the chain.
    const claimant = await registerInvestor();
    const claim = await claimDeposit(claimant, { network: 'TRC20', txid: sent.txid, amount: LARGE });
    expect(await depositWhen(claimant, claim.id, ['refused'])).toMatchObject({
      status: 'rejected',
      chain: { reason: 'already_claimed' },
    });

    const outcomes = await Promise.all([review(other, id, 'approved'), review(third, id, 'approved')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 409]);
    await eventually(async () => (await availableOf(investor)) === '25000.12500000', 10_000, 'the credit');
    // Nothing else arrives later: a sentinel credit, assigned the same way after the race (below the threshold,
    // so applied at once), reaches the wallet through the same events after anything the race could have sent.
    const sentinel = await send('TRC20', '1.5');
    await listed(sentinel.txid);
    expect(
      succeeded(
        await assign(admin, { network: 'TRC20', txid: sentinel.txid, userId: investor.user.id }),
        201,
      ),
    ).toMatchObject({ status: 'applied' });
    await eventually(
      async () => (await availableOf(investor)) === '25001.62500000',
      10_000,
      'the sentinel credit',
    );
    expect(await creditsOf(id)).toHaveLength(1);
    expect(await availableOf(claimant)).toBe('0.00000000');
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('a rejected assignment credits nothing and the transfer is unmatched again', async () => {
    const investor = await registerInvestor();
    const sent = await send('ERC20', LARGE);
    await listed(sent.txid);
    const { id } = succeeded(
      await assign(admin, { network: 'ERC20', txid: sent.txid, userId: investor.user.id }),
      201,
    );

    expect(await review(other, id, 'rejected', '  Wrong investor  ')).toMatchObject({
      status: 200,
      body: { status: 'rejected', rejectionReason: 'Wrong investor', reviewedBy: other.user.id },
    });
    expect((await listed(sent.txid)).assignment).toBeNull();
    expect(await availableOf(investor)).toBe('0.00000000');
    // The audit log hears of both steps through the bus.
    const actions = await eventually(
      async () => {
        const found = (await auditEntries(id)).map((entry) => entry.action).sort();
        return found.length === 2 ? found : undefined;
      },
      10_000,
      'both steps in the audit log',
    );
    expect(actions).toEqual(['deposit_assign', 'deposit_assign_reject']);
    // Assigned again, to the right investor this time.
    const again = await assign(other, { network: 'ERC20', txid: sent.txid, userId: investor.user.id });
    expect(again).toMatchObject({ status: 201, body: { status: 'awaiting_second_approval' } });
    await review(admin, succeeded(again, 201).id, 'rejected');
  });

  it('only to an investor the platform knows, with a reason', async () => {
    const sent = await send('TRC20', '21.5');
    await listed(sent.txid);
    const nobody = await assign(admin, {
      network: 'TRC20',
      txid: sent.txid,
      userId: '00000000-0000-4000-8000-000000000001',
    });
    expect(nobody).toMatchObject({ status: 404, body: { code: 'INVESTOR_NOT_FOUND' } });
    const toAdmin = await assign(admin, { network: 'TRC20', txid: sent.txid, userId: other.user.id });
    expect(toAdmin).toMatchObject({ status: 404, body: { code: 'INVESTOR_NOT_FOUND' } });
    const investor = await registerInvestor();
    const blank = await assign(admin, {
      network: 'TRC20',
      txid: sent.txid,
      userId: investor.user.id,
      reason: ' ',
    });
    expect(blank).toMatchObject({ status: 400 });
    expect((await listed(sent.txid)).assignment).toBeNull();
  });
});

adminList(unmatchedOperations.unmatchedTransfers).describe({
  key: (row) => txidKey(row.txid),
  findsById: true,
  seed: async () => {
    // A sender of this run's own (impersonated on the local EVM chain, given USDT by the faucet), so that searching
    // by it finds these three transfers alone; each in its own block, so the newest is the last sent.
    const sender = `0x${randomBytes(20).toString('hex')}`;
    await chains().transfer({ network: 'ERC20', to: sender, amount: '100' });
    const sent: string[] = [];
    for (const amount of ['11', '12', '13'])
      sent.push(
        (
          await chains().transfer({
            network: 'ERC20',
            from: sender,
            to: chainOf('ERC20').platformAddress,
            amount,
          })
        ).txid,
      );
    await eventually(
      async () => (await list({ q: sender })).total === sent.length,
      30_000,
      'the three transfers to be listed',
    );
    const newestFirst = sent.map(txidKey).reverse();
    return {
      ids: newestFirst,
      scope: { q: sender },
      term: sender,
      filters: [
        { query: { network: 'ERC20' }, ids: newestFirst },
        { query: { network: 'BEP20' }, ids: [] },
      ],
    };
  },
});

describe('investors', () => {
  it('are refused an assignment by the gateway and by the chain service itself', async () => {
    const investor = await registerInvestor();
    const body = {
      network: 'TRC20' as const,
      txid: 'a'.repeat(64),
      userId: investor.user.id,
      reason: 'Mine',
    };
    const taking = await client.call(unmatchedOperations.assignUnmatchedTransfer, {
      token: investor.accessToken,
      body,
    });
    expect(taking.status).toBe(403);
    // Raw: the chain service called directly, past the gateway, from the socket's own address.
    const direct = await client.raw('POST', unmatchedOperations.assignUnmatchedTransfer.path, {
      token: investor.accessToken,
      body,
      base: stack().services.chain,
      ip: '',
    });
    expect(direct.status).toBe(403);
  });
});

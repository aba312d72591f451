// The proof of liabilities (decision 0082) on the real stack: a build has a leaf for everyone the ledger owes more
// than zero and a total equal to what PostgreSQL sums over the wallet and plans; each investor's own proof, fetched
// with their token, verifies against the published root with the same function the browser uses; nobody can reach
// another's proof; each build gives fresh nonces; builds past PROOF_RETAIN_BUILDS lose their leaves, not their root.
// Exclusive: the tree covers every investor on the platform.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProofOfReservesReport } from '@cropvest/contracts';
import { MoneyDecimal, toMoneyString } from '@cropvest/contracts/money';
import { LiabilityProof, verifyLiabilityProof } from '@cropvest/contracts/chain/proof';
import { reserveOperations } from '@cropvest/contracts/chain/reserves-api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  registerInvestor,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { balances, fund } from '../../../test/support/wallet.ts';
import { accrualsOf, heldSlot, runAccrueCommand } from '../../plans/test/support.ts';
import { TRON_ADDRESS } from '../../wallet/test/support.ts';
import {
  audited,
  buildProofNow,
  ledgerLiabilities,
  ledgerOwedByUser,
  reconcileNow,
} from './reserves-support.ts';

afterAll(closeConnections);

const client = stackClient();

/** The caller's own inclusion proof, answered with 200. */
async function myProof(session: Session): Promise<LiabilityProof> {
  const answer = await client.call(reserveOperations.myReserveInclusion, { token: session.accessToken });
  expect(answer.status).toBe(200);
  if (!answer.ok) throw new Error(`the proof was refused: ${answer.body.message}`);
  return answer.body;
}

/** What the wallet and plans say `session` is owed: available, held, invested and accrued interest. */
async function owedTo(session: Session, investmentId?: string): Promise<string> {
  const wallet = await balances(session.user.id);
  const interest = investmentId ? (await accrualsOf(investmentId)).map((a) => a.amount) : [];
  return toMoneyString(
    [wallet.available, wallet.hold, wallet.invested, ...interest].reduce(
      (total, amount) => total.plus(amount),
      new MoneyDecimal(0),
    ),
  );
}

let saver: Session;
let withdrawer: Session;
let grower: { holder: Session; investmentId: string };
let nobody: Session;
let report: ProofOfReservesReport;

beforeAll(async () => {
  // Investors owed money of every kind, and one owed nothing.
  saver = await registerInvestor();
  await fund(saver, '1000.01');
  withdrawer = await verifiedInvestor('250', 'wallet');
  const held = await client.call(walletOperations.requestWithdrawal, {
    token: withdrawer.accessToken,
    body: { amount: '99.99', walletAddress: TRON_ADDRESS },
  });
  expect(held.status).toBe(201);
  grower = await heldSlot(4);
  expect((await runAccrueCommand()).code).toBe(0);
  nobody = await registerInvestor();
  await reconcileNow();
  report = await buildProofNow();
}, 120_000);

describe('a build', () => {
  it('has a leaf for everyone owed more than zero, and a total equal to what the ledger owes', async () => {
    const owed = await ledgerOwedByUser();
    expect(report.proof).toMatchObject({ version: 1, leafCount: owed.size });
    expect(report.proof?.total).toBe((await ledgerLiabilities()).total);
    const leaves = await serviceDb('chain')('proof_leaves')
      .join('proof_builds', 'proof_builds.id', 'proof_leaves.build_id')
      .where('proof_builds.root_hash', report.proof?.rootHash as string)
      .select('user_id', 'amount', 'leaf_index');
    expect(new Map(leaves.map((leaf) => [leaf.user_id, leaf.amount]))).toEqual(owed);
    expect(new Set(leaves.map((leaf) => leaf.leaf_index)).size).toBe(owed.size);
  });

  it('publishes the reserves of the latest reconciliation beside the root, and the coverage', async () => {
    const latest = await client.ok(reserveOperations.reserves, { token: (await adminSession()).accessToken });
    expect(report.reserves?.reconciledAt).toBe(latest.latest?.startedAt);
    expect(report.reserves?.total).toBe(latest.latest?.reserves);
    expect(report.reserves?.networks.map((n) => n.network)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(report.coverage).toBe(
      new MoneyDecimal(report.reserves?.total as string)
        .div(report.proof?.total as string)
        .toFixed(4, MoneyDecimal.ROUND_DOWN),
    );
  });
});

describe("an investor's own proof", () => {
  it('verifies against the published root for each of them, with what they are owed', async () => {
    for (const [session, investmentId] of [
      [saver, undefined],
      [withdrawer, undefined],
      [grower.holder, grower.investmentId],
    ] as const) {
      const proof = await myProof(session);
      expect(proof).toMatchObject({
        userId: session.user.id,
        rootHash: report.proof?.rootHash,
        total: report.proof?.total,
        amount: await owedTo(session, investmentId),
      });
      expect(proof.path).toHaveLength(Math.ceil(Math.log2(report.proof?.leafCount as number)));
      expect(await verifyLiabilityProof(proof, report.proof ?? undefined)).toEqual({ ok: true });
    }
  });

  it('is refused for someone owed nothing, with why, and for anybody signed out', async () => {
    const none = await client.call(reserveOperations.myReserveInclusion, { token: nobody.accessToken });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'NOT_IN_PROOF' });
    if (none.ok) throw new Error('a proof was answered for someone owed nothing');
    expect(none.body.message).toMatch(/^You were owed nothing when the latest proof was built/);
    expect((await client.call(reserveOperations.myReserveInclusion)).status).toBe(401);
  });

  it("is only ever the caller's own: another's id in the query changes nothing", async () => {
    const theirs = await myProof(saver);
    // Raw: the operation takes no query, and this sends another's id in one on purpose.
    const asked = await client.raw(
      'GET',
      `${reserveOperations.myReserveInclusion.path}?userId=${saver.user.id}`,
      {
        token: withdrawer.accessToken,
      },
    );
    expect(asked.status).toBe(200);
    const mine = LiabilityProof.parse(asked.body);
    expect(mine.userId).toBe(withdrawer.user.id);
    expect(JSON.stringify(mine)).not.toContain(theirs.nonce);
    // A tampered proof (another amount) fails, so nobody can claim someone else's leaf as theirs.
    expect(
      await verifyLiabilityProof({ ...theirs, amount: '1.00000000' }, report.proof ?? undefined),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await verifyLiabilityProof({ ...theirs, userId: withdrawer.user.id }, report.proof ?? undefined),
    ).toMatchObject({ ok: false });
  });
});

describe('the next builds', () => {
  it('give every investor a fresh nonce and a new root, and keep the leaves of the last three only', async () => {
    const first = await myProof(saver);
    const second = await buildProofNow();
    const again = await myProof(saver);
    expect(again.nonce).not.toBe(first.nonce);
    expect(second.proof?.rootHash).not.toBe(report.proof?.rootHash);
    expect(await verifyLiabilityProof(again, second.proof ?? undefined)).toEqual({ ok: true });
    // The first build's proof no longer matches what is published.
    expect(await verifyLiabilityProof(first, second.proof ?? undefined)).toMatchObject({ ok: false });

    await buildProofNow();
    await buildProofNow();
    // The old builds are pruned in a transaction of their own once the new proof is published: waited for.
    const builds = await eventually(
      async () => {
        const all = await serviceDb('chain')('proof_builds')
          .orderBy('built_at', 'desc')
          .select('id', 'root_hash', 'pruned_at');
        return all.slice(3).every((build) => build.pruned_at !== null) && all;
      },
      30_000,
      'every build but the newest three to be pruned',
    );
    const withLeaves = await serviceDb('chain')('proof_leaves').distinct('build_id').pluck('build_id');
    expect(new Set(withLeaves)).toEqual(new Set(builds.slice(0, 3).map((build) => build.id)));
    const firstBuild = builds.find((build) => build.root_hash === report.proof?.rootHash);
    expect(firstBuild?.pruned_at).not.toBeNull();
  });

  it('is audited when an admin asks for it', async () => {
    const built = await serviceDb('chain')('proof_builds')
      .where({ trigger: 'admin' })
      .orderBy('built_at', 'desc')
      .first('id');
    await audited('liabilities_proof_build', built.id);
  });
});

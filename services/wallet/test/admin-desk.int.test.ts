// The admin desk's deposit and withdrawal lists (the shared admin-list checks of test/support/admin-list-suite.ts,
// then each list's own: fields, renamed users, hostile search text, counts) and the four-eyes rule on large
// withdrawals, through the gateway against the real stack.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { OperationBody, OperationQuery } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import {
  adminSession,
  eventually,
  registerInvestor,
  secondAdmin,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { approveKycByEvent } from '../../../test/support/kyc.ts';
import { balances, fund, ledgerCheck } from '../../../test/support/wallet.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { refused, TRON_ADDRESS } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

/** The wallet's projection of a user has arrived (the admin lists read names and emails from it). */
const projected = (userId: string) =>
  eventually(
    async () => serviceDb('wallet')('users').where({ id: userId }).first(),
    10_000,
    `user ${userId} in the wallet's user directory`,
  );

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

const client = stackClient();
type ListQuery = OperationQuery<typeof walletOperations.adminDeposits>;

/** One tag per run keeps the assertions to this file's rows on a shared stack. */
const tag = randomUUID().slice(0, 8);

interface DeskDeposits {
  percent: Session;
  quote: Session;
  depositIds: Record<'a' | 'b' | 'c' | 'd', string>;
  txids: Record<'a' | 'b' | 'c' | 'd', string>;
}
let deskDeposits: Promise<DeskDeposits> | undefined;
/**
 * Two investors whose names hold the characters a LIKE pattern or SQL treats specially, with four deposits in this
 * order (a oldest): a (10) and b (30, approved) by the first, c (20) and d (40, rejected) by the second.
 */
const deposits = () =>
  (deskDeposits ??= (async () => {
    const admin = await adminSession();
    const percent = await registerInvestor({ name: `Desk ${tag} 100% _sure` });
    const quote = await registerInvestor({ name: `Desk ${tag} O'Brien \\ back` });
    await Promise.all([projected(percent.user.id), projected(quote.user.id)]);
    const txids = { a: unknownTxid(), b: unknownTxid(), c: unknownTxid(), d: unknownTxid() };
    const declare = async (session: Session, amount: string, txid: string) =>
      (
        await client.ok(walletOperations.createDeposit, {
          token: session.accessToken,
          body: { amount, txid },
        })
      ).id;
    const depositIds = {
      a: await declare(percent, '10', txids.a),
      b: await declare(percent, '30', txids.b),
      c: await declare(quote, '20', txids.c),
      // Typed in capitals: stored as TRON writes it, in lower case.
      d: await declare(quote, '40', txids.d.toUpperCase()),
    };
    await client.ok(walletOperations.reviewDeposit, {
      token: admin.accessToken,
      path: { id: depositIds.b },
      body: { status: 'approved' },
    });
    await client.ok(walletOperations.reviewDeposit, {
      token: admin.accessToken,
      path: { id: depositIds.d },
      body: { status: 'rejected', rejectionReason: 'No such transfer' },
    });
    return { percent, quote, depositIds, txids };
  })());

adminList(walletOperations.adminDeposits).describe({
  findsById: true,
  seed: async () => {
    const { percent, depositIds, txids } = await deposits();
    const { a, b, c, d } = depositIds;
    return {
      ids: [d, c, b, a],
      scope: { q: `desk ${tag}` },
      term: tag,
      searches: [
        { q: `Desk ${tag} 100% _s`, ids: [b, a] },
        { q: percent.user.email, ids: [b, a] },
        { q: txids.d.slice(20, 40), ids: [d] },
      ],
      filters: [
        { query: { status: 'pending' }, ids: [c, a] },
        { query: { status: 'approved' }, ids: [b] },
        { query: { status: 'rejected' }, ids: [d] },
      ],
      sorts: [
        { query: { sort: '-amount' }, ids: [d, b, c, a] },
        { query: { sort: 'amount' }, ids: [a, c, b, d] },
        { query: { sort: 'createdAt' }, ids: [a, b, c, d] },
        { query: { sort: '-createdAt' }, ids: [d, c, b, a] },
      ],
    };
  },
});

adminList(walletOperations.adminWithdrawals).describe({
  findsById: true,
  seed: async () => {
    const admin = await adminSession();
    const investor = await registerInvestor({ name: `Withdrawing ${tag} Investor` });
    await fund(investor, '100');
    await approveKycByEvent(investor.user.id, 'wallet');
    const requested: string[] = [];
    for (const amount of ['10', '30', '20']) {
      const withdrawal = await client.ok(walletOperations.requestWithdrawal, {
        token: investor.accessToken,
        body: { amount, walletAddress: TRON_ADDRESS },
      });
      requested.push(withdrawal.id);
    }
    const [small, large, middle] = requested as [string, string, string];
    await client.ok(walletOperations.reviewWithdrawal, {
      token: admin.accessToken,
      path: { id: large },
      body: { status: 'rejected', rejectionReason: 'Address under review' },
    });
    return {
      ids: [middle, large, small],
      scope: { q: `Withdrawing ${tag}` },
      term: tag,
      searches: [{ q: investor.user.email, ids: [middle, large, small] }],
      filters: [
        { query: { status: 'pending' }, ids: [middle, small] },
        { query: { status: 'rejected' }, ids: [large] },
        { query: { status: 'approved' }, ids: [] },
      ],
      sorts: [
        { query: { sort: '-amount' }, ids: [large, middle, small] },
        { query: { sort: 'amount' }, ids: [small, middle, large] },
        { query: { sort: 'createdAt' }, ids: [small, large, middle] },
      ],
    };
  },
});

describe('the admin deposit list and its counts, beyond the shared checks', () => {
  let admin: Session;
  let percent: Session;
  let quote: Session;
  let depositIds: DeskDeposits['depositIds'];
  let txids: DeskDeposits['txids'];

  beforeAll(async () => {
    admin = await adminSession();
    ({ percent, quote, depositIds, txids } = await deposits());
  });

  const list = (query: ListQuery) =>
    client.call(walletOperations.adminDeposits, { token: admin.accessToken, query });
  /** The ids a search found, once the list answered it. */
  const found = async (q: string) => ids(succeeded(await list({ q })));

  it('keeps the spec fields, with the user, and finds a transaction id typed in capitals', async () => {
    const byName = await list({ q: `desk ${tag}` });
    expect(byName.status).toBe(200);
    expect(byName.headers.get('x-total-count')).toBe('4');
    const named = succeeded(byName);
    expect(new Set(ids(named))).toEqual(new Set(Object.values(depositIds)));
    expect(named.find((d) => d.id === depositIds.c)).toMatchObject({
      userId: quote.user.id,
      amount: '20.00000000',
      txid: txids.c,
      status: 'pending',
      screenshotUrl: null,
      user: { name: `Desk ${tag} O'Brien \\ back`, email: quote.user.email },
    });

    const byEmail = await found(percent.user.email.toUpperCase());
    expect(new Set(byEmail)).toEqual(new Set([depositIds.a, depositIds.b]));

    expect(await found(txids.d.slice(20, 40).toUpperCase())).toEqual([depositIds.d]);
  });

  it('finds a user’s deposits by a new name at once, and never across two fields', async () => {
    const renamed = await registerInvestor({ name: `Renamed ${tag} Before` });
    await projected(renamed.user.id);
    const deposit = succeeded(
      await client.call(walletOperations.createDeposit, {
        token: renamed.accessToken,
        body: { amount: '5', txid: unknownTxid() },
      }),
      201,
    );
    const edit = await client.call(identityOperations.updateAdminUser, {
      token: admin.accessToken,
      path: { id: renamed.user.id },
      body: { name: `Renamed ${tag} Afterwards` },
    });
    expect(edit.status).toBe(200);
    // The directory follows identity's event; the search follows the directory in the same transaction.
    await eventually(
      async () => (await found(`${tag} Afterwards`)).includes(deposit.id),
      10_000,
      'the deposit found by the new name',
    );
    expect(await found(`${tag} Before`)).toEqual([]);
    // The end of the name and the start of the email are two fields: no match across them.
    expect(await found(`Afterwards${renamed.user.email.slice(0, 4)}`)).toEqual([]);
  });

  it('treats %, _, quotes and backslashes in the search as plain characters', async () => {
    const literal = async (q: string) => {
      const result = await list({ q });
      expect(result.status).toBe(200);
      return new Set(ids(succeeded(result)));
    };
    expect(await literal(`${tag} 100% _s`)).toEqual(new Set([depositIds.a, depositIds.b]));
    expect(await literal(`${tag} O'Brien \\ b`)).toEqual(new Set([depositIds.c, depositIds.d]));
    // As patterns, '%' and '_' would match every row; as text, only the name that holds them.
    const percentRows = [depositIds.a, depositIds.b];
    const quoteRows = [depositIds.c, depositIds.d];
    for (const [hostile, holders] of [
      ['%', percentRows],
      ['_', percentRows],
      ['\\', quoteRows],
      ["'", quoteRows],
    ] as const) {
      const found = await literal(hostile);
      for (const id of holders) expect(found).toContain(id);
      for (const id of hostile === '%' || hostile === '_' ? quoteRows : percentRows)
        expect(found).not.toContain(id);
    }
    for (const hostile of ['%%', `${tag}%gamma`, `${tag}_alpha`, "' OR '1'='1", '\\%', `${tag}\\_`])
      expect(await literal(hostile)).toEqual(new Set());
    expect((await list({ q: "'; DROP TABLE deposits; --" })).status).toBe(200);
    expect((await list({ q: `${tag}\u0000` })).status).toBe(400);
    expect((await list({ q: 'x'.repeat(201) })).status).toBe(400);
  });

  it('counts the matching deposits in each status', async () => {
    const countsOf = (token: string, q?: string) =>
      client.call(walletOperations.adminDepositCounts, { token, query: { q } });
    expect(await countsOf(admin.accessToken, `desk ${tag}`)).toMatchObject({
      status: 200,
      body: { all: 4, pending: 2, approved: 1, rejected: 1, awaitingSecondApproval: 0 },
    });
    const everything = succeeded(await countsOf(admin.accessToken));
    expect(everything.all).toBeGreaterThanOrEqual(4);
    expect(everything.all).toBe(everything.pending + everything.approved + everything.rejected);
    const investor = await countsOf(percent.accessToken);
    expect(investor).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
  });
});

describe('the search heals when the user arrives after their first deposit (issue 27)', () => {
  it('finds by email deposits made the moment their investors registered', async () => {
    const admin = await adminSession();
    // Deposits declared at once, before the wallet can have heard of their users, several times over so
    // that the user's arrival lands before, during and after the deposit's insert.
    const made = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const investor = await registerInvestor();
        const deposit = await client.call(walletOperations.createDeposit, {
          token: investor.accessToken,
          body: { amount: '7', txid: unknownTxid() },
        });
        return { email: investor.user.email, depositId: succeeded(deposit, 201).id };
      }),
    );
    for (const { email, depositId } of made)
      await eventually(
        async () =>
          ids(
            await client.ok(walletOperations.adminDeposits, {
              token: admin.accessToken,
              query: { q: email },
            }),
          ).includes(depositId),
        10_000,
        `the deposit found by ${email}`,
      );
  });
});

describe('four-eyes approval of large withdrawals', () => {
  const threshold = DEFAULT_SETTINGS.security.secondApprovalThreshold;
  let first: Session;
  let second: Session;

  beforeAll(async () => {
    first = await adminSession();
    second = await secondAdmin();
    await projected(second.user.id);
  });

  /** An investor holding `funds`, KYC approved, who asked to withdraw `amount`. */
  async function withdrawalOf(amount: string, funds = amount) {
    const investor = await registerInvestor({ name: `Four Eyes ${randomUUID().slice(0, 6)}` });
    await fund(investor, funds);
    await approveKycByEvent(investor.user.id, 'wallet');
    const requested = await client.call(walletOperations.requestWithdrawal, {
      token: investor.accessToken,
      body: { amount, walletAddress: TRON_ADDRESS },
    });
    return { investor, id: succeeded(requested, 201).id };
  }
  const review = (
    admin: Session,
    id: string,
    body: OperationBody<typeof walletOperations.reviewWithdrawal>,
  ) => client.call(walletOperations.reviewWithdrawal, { token: admin.accessToken, path: { id }, body });

  it('below the threshold one approval settles, as the spec has it', async () => {
    const { investor, id } = await withdrawalOf('25');
    const payout = unknownTxid();
    const approved = await review(first, id, { status: 'approved', txid: ` ${payout} ` });
    expect(approved.body).toMatchObject({
      status: 'approved',
      txid: payout,
      requiresSecondApproval: false,
      firstApprovedBy: null,
      approvedBy: first.user.id,
    });
    expect(await balances(investor.user.id)).toMatchObject({ available: '0.00000000', hold: '0.00000000' });
  });

  it('at the threshold: the first approval moves nothing, the same admin cannot give the second, another admin settles', async () => {
    const { investor, id } = await withdrawalOf(threshold);
    const firstStep = await review(first, id, { status: 'approved' });
    expect(firstStep).toMatchObject({
      status: 200,
      body: {
        status: 'pending',
        requiresSecondApproval: true,
        firstApprovedBy: first.user.id,
        firstApprovedAt: expect.any(String),
        approvedBy: null,
      },
    });
    expect(await balances(investor.user.id)).toMatchObject({ hold: '10000.00000000' });

    const again = refused(await review(first, id, { status: 'approved' }), 409);
    expect(again.code).toBe('SAME_APPROVER');
    expect(again.message).toMatch(/different admin/);
    expect(await balances(investor.user.id)).toMatchObject({ hold: '10000.00000000' });

    const counts = await client.call(walletOperations.adminWithdrawalCounts, {
      token: first.accessToken,
      query: { q: investor.user.email },
    });
    expect(counts.body).toMatchObject({ all: 1, pending: 1, awaitingSecondApproval: 1 });

    const payout = unknownTxid();
    const settled = await review(second, id, { status: 'approved', txid: payout });
    expect(settled).toMatchObject({
      status: 200,
      body: {
        status: 'approved',
        txid: payout,
        firstApprovedBy: first.user.id,
        approvedBy: second.user.id,
        approverName: 'Second Admin',
      },
    });
    expect(await balances(investor.user.id)).toMatchObject({ available: '0.00000000', hold: '0.00000000' });

    // Both steps are in the audit trail (written to the outbox in the transaction of each step).
    const audit = await serviceDb('wallet')('outbox')
      .where({ type: 'audit.recorded' })
      .whereRaw(`envelope->'data'->>'targetId' = ?`, [id])
      .select('envelope');
    expect(
      audit.map((row: { envelope: { data: { adminId: string; details: object } } }) => [
        row.envelope.data.adminId,
        row.envelope.data.details,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [first.user.id, expect.objectContaining({ step: 'first approval', awaitingSecondApproval: true })],
        [
          second.user.id,
          expect.objectContaining({ step: 'second approval', firstApprovedBy: first.user.id }),
        ],
      ]),
    );
    expect(audit).toHaveLength(2);
  });

  it('a rejection after the first approval returns the hold', async () => {
    const { investor, id } = await withdrawalOf(threshold, '10005');
    expect(succeeded(await review(first, id, { status: 'approved' })).status).toBe('pending');
    const rejected = await review(first, id, { status: 'rejected', rejectionReason: '  Address flagged  ' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Address flagged' });
    expect(await balances(investor.user.id)).toMatchObject({
      available: '10005.00000000',
      hold: '0.00000000',
    });
    expect((await review(second, id, { status: 'approved' })).status).toBe(409);
  });

  it('two second approvals at once move the money once', async () => {
    const third = await secondAdmin();
    const { investor, id } = await withdrawalOf('12000');
    expect(succeeded(await review(first, id, { status: 'approved' })).status).toBe('pending');
    const outcomes = await Promise.all([
      review(second, id, { status: 'approved' }),
      review(third, id, { status: 'approved' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    expect(await balances(investor.user.id)).toMatchObject({ available: '0.00000000', hold: '0.00000000' });
    const settlements = await serviceDb('wallet')('transfers').where({
      reference_id: id,
      kind: 'withdrawal_settle',
    });
    expect(settlements).toHaveLength(1);
  });

  it('the threshold follows the security settings', async () => {
    const admin = await adminSession();
    const save = (value: string) =>
      client.call(identityOperations.updateAdminSettings, {
        token: admin.accessToken,
        body: { section: 'security', settings: { secondApprovalThreshold: value } },
      });
    const projectedThreshold = (value: string) =>
      eventually(
        async () =>
          (await serviceDb('wallet')('settings_projection').where({ key: 'secondApprovalThreshold' }).first())
            ?.value === value,
        10_000,
        `threshold ${value} in the wallet`,
      );
    // Raised above the amount, one approval settles it (raising never adds a second step to other suites' rows).
    expect((await save('20000')).status).toBe(200);
    await projectedThreshold('20000.00');
    try {
      const { id } = await withdrawalOf('15000');
      expect((await review(first, id, { status: 'approved' })).body).toMatchObject({
        status: 'approved',
        requiresSecondApproval: false,
      });
    } finally {
      expect((await save(threshold)).status).toBe(200);
      await projectedThreshold(threshold);
    }
    expect((await save('-5')).status).toBe(400);
  });

  it('the withdrawal list searches the address and shows the approvals; the ledger still balances', async () => {
    const { investor, id } = await withdrawalOf('10000');
    await review(first, id, { status: 'approved' });
    const withdrawals = (query: OperationQuery<typeof walletOperations.adminWithdrawals>) =>
      client.call(walletOperations.adminWithdrawals, { token: first.accessToken, query });
    const page = await withdrawals({ q: investor.user.email, status: 'pending' });
    expect(page.headers.get('x-total-count')).toBe('1');
    expect(succeeded(page)[0]).toMatchObject({
      id,
      walletAddress: TRON_ADDRESS,
      firstApproverName: expect.any(String),
      user: { email: investor.user.email },
    });
    const byAddress = await withdrawals({ q: TRON_ADDRESS.slice(3, 15).toLowerCase(), pageSize: 1 });
    expect(byAddress.status).toBe(200);
    expect(Number(byAddress.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    expect(succeeded(byAddress)[0]?.walletAddress).toBe(TRON_ADDRESS);
    await review(second, id, { status: 'rejected' });
    expect((await ledgerCheck()).problems).toEqual([]);
  });
});

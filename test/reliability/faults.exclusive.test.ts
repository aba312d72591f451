// Faults: under a mixed load of deposits, admin approvals, investments and withdrawals through the gateway,
// every service in turn (and the gateway) is killed with SIGKILL and started again by the launcher, and
// nats-server is killed and restarted once. Afterwards every accepted request (2xx) is settled exactly once,
// the wallet's balances agree with the deposits, investments and withdrawals on record and with the ledger
// check, and no notification or mail was made twice. Exclusive: the other suites must not see the stack go
// away; the load is a few hundred operations, sized for CI.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { adminSession, eventually, freshIp, registerInvestor, stack, type Session } from '../support/api.ts';
import { closeConnections, serviceDb } from '../support/connections.ts';
import { answerSuitability, approveKycByEvent, kycApprovalReached } from '../support/kyc.ts';
import { killNats, killService, type Restart } from '../support/processes.ts';
import { balances, fund, ledgerCheck } from '../support/wallet.ts';
import { createPlan } from '../../services/plans/test/support.ts';
import { TRON_ADDRESS } from '../../services/wallet/test/support.ts';
import { acknowledgement } from '../support/key-information.ts';

jest.setTimeout(420_000);
afterAll(closeConnections);

const INVESTORS = 12;
const WORKERS = 4;
const SLOT_PRICE = 100;
/** Requests accepted between two kills, so each kill lands in the middle of working traffic. */
const ACCEPTED_BETWEEN_KILLS = 15;
/** A client's pause after a failed request before its next one, as a real client backs off. */
const BACKOFF_MS = 250;
const KILL_ORDER = ['identity', 'wallet', 'plans', 'nats', 'kyc', 'support', 'notify', 'gateway'] as const;
const REQUEST_TIMEOUT_MS = 20_000;

type Kind = 'deposit' | 'approval' | 'investment' | 'withdrawal';
interface Outcome {
  kind: Kind;
  userId: string;
  /** The record the request made or acted on, when the answer named it. */
  id?: string;
  /** HTTP status, or 0 when no answer came (connection reset, timeout). */
  status: number;
}

/** The id an answer's JSON body names, if it is a record with one (a created deposit, investment, withdrawal). */
function idIn(text: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof parsed === 'object' && parsed !== null && 'id' in parsed && typeof parsed.id === 'string'
    ? parsed.id
    : undefined;
}

/** One request with a deadline: its status and the id it created, status 0 when no answer came in time. */
async function send(
  method: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ status: number; id?: string }> {
  try {
    const response = await fetch(`${stack().gatewayUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-forwarded-for': freshIp(),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, id: idIn(await response.text()) };
  } catch {
    return { status: 0 };
  }
}

const ok = (status: number) => status >= 200 && status < 300;
const amountOf = (n: number) => `${n}.00000000`;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

const count = async (schema: string, sql: string, bindings: string[] = []): Promise<number> =>
  Number((await serviceDb(schema).raw(sql, bindings)).rows[0]?.n ?? 0);

describe('faults', () => {
  it('every accepted request is settled exactly once through SIGKILLs of every process and a NATS restart', async () => {
    const admin = await adminSession();
    const plan = await createPlan({
      title: 'Faults wheat',
      minSlotPrice: String(SLOT_PRICE),
      totalSlots: 100_000,
    });
    // Read before the faults begin: what each purchase acknowledges is not what this test is about.
    const acknowledged = await acknowledgement(plan.id);
    const investors: Session[] = await Promise.all(
      Array.from({ length: INVESTORS }, async () => {
        const session = await registerInvestor();
        await fund(session, '1000');
        await approveKycByEvent(session.user.id, 'plans');
        await kycApprovalReached(session.user.id, 'wallet');
        await answerSuitability(session);
        return session;
      }),
    );
    const userIds = investors.map((i) => i.user.id);

    // ---- the load ----
    const outcomes: Outcome[] = [];
    const awaitingApproval: string[] = [];
    const owners = new Map<string, string>();
    let stop = false;
    const operation = async (): Promise<Outcome> => {
      const investor = investors[randomInt(0, INVESTORS - 1)] as Session;
      const userId = investor.user.id;
      const roll = Math.random();
      if (roll < 0.3) {
        const answer = await send('POST', '/api/deposits', investor.accessToken, {
          amount: String(randomInt(50, 150)),
        });
        if (answer.status === 201 && answer.id) {
          awaitingApproval.push(answer.id);
          owners.set(answer.id, userId);
        }
        return { kind: 'deposit', userId, id: answer.id, status: answer.status };
      }
      if (roll < 0.55 && awaitingApproval.length > 0) {
        const depositId = awaitingApproval.shift() as string;
        const answer = await send('PUT', `/api/admin/deposits/${depositId}/status`, admin.accessToken, {
          status: 'approved',
        });
        // An approval that got no clear answer is tried again later, as an admin would click again.
        if (answer.status === 0 || answer.status >= 500) awaitingApproval.push(depositId);
        return {
          kind: 'approval',
          userId: owners.get(depositId) as string,
          id: depositId,
          status: answer.status,
        };
      }
      if (roll < 0.8) {
        const answer = await send('POST', '/api/investments', investor.accessToken, {
          planId: plan.id,
          ...acknowledged,
          slotsPurchased: 1,
        });
        return { kind: 'investment', userId, id: answer.id, status: answer.status };
      }
      const answer = await send('POST', '/api/withdrawals', investor.accessToken, {
        amount: String(randomInt(10, 40)),
        walletAddress: TRON_ADDRESS,
      });
      return { kind: 'withdrawal', userId, id: answer.id, status: answer.status };
    };
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stop) {
        const outcome = await operation();
        outcomes.push(outcome);
        if (outcome.status === 0 || outcome.status >= 500)
          await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS));
      }
    });
    const acceptedSoFar = () => outcomes.filter((o) => ok(o.status)).length;
    const afterAccepted = (n: number) =>
      eventually(async () => acceptedSoFar() >= n, 120_000, `${n} requests to be accepted`);

    // ---- the faults ----
    const restarts: Restart[] = [];
    for (const target of KILL_ORDER) {
      await afterAccepted(acceptedSoFar() + ACCEPTED_BETWEEN_KILLS);
      restarts.push(target === 'nats' ? await killNats() : await killService(target));
    }
    await afterAccepted(acceptedSoFar() + ACCEPTED_BETWEEN_KILLS);
    stop = true;
    await Promise.all(workers);
    // Approvals left without a clear answer are finished now that everything is up.
    while (awaitingApproval.length > 0) {
      const depositId = awaitingApproval.shift() as string;
      const answer = await send('PUT', `/api/admin/deposits/${depositId}/status`, admin.accessToken, {
        status: 'approved',
      });
      outcomes.push({
        kind: 'approval',
        userId: owners.get(depositId) as string,
        id: depositId,
        status: answer.status,
      });
      if (answer.status === 0 || answer.status >= 500) awaitingApproval.push(depositId);
    }

    // ---- settling: the sweeper finishes purchases left pending, outboxes drain, consumers catch up ----
    await eventually(
      async () =>
        (await count(
          'plans',
          `SELECT count(*) AS n FROM investments WHERE plan_id = ? AND status = 'pending'`,
          [plan.id],
        )) === 0,
      120_000,
      'every pending purchase to be settled by the sweeper',
    );
    for (const schema of ['identity', 'wallet', 'plans', 'kyc', 'support', 'notify'])
      await eventually(
        async () => (await count(schema, `SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL`)) === 0,
        60_000,
        `the ${schema} outbox to drain`,
      );

    // What the records say each investor should hold.
    const records = async () => {
      const deposits = (
        await serviceDb('wallet').raw(
          `SELECT id, user_id, status, amount::text AS amount FROM deposits WHERE user_id = ANY(?::uuid[])`,
          [userIds],
        )
      ).rows as { id: string; user_id: string; status: string; amount: string }[];
      const investments = (
        await serviceDb('plans').raw(
          `SELECT id, user_id, status, principal::text AS principal FROM investments WHERE user_id = ANY(?::uuid[])`,
          [userIds],
        )
      ).rows as { id: string; user_id: string; status: string; principal: string }[];
      const withdrawals = (
        await serviceDb('wallet').raw(
          `SELECT id, user_id, status, amount::text AS amount FROM withdrawals WHERE user_id = ANY(?::uuid[])`,
          [userIds],
        )
      ).rows as { id: string; user_id: string; status: string; amount: string }[];
      return { deposits, investments, withdrawals };
    };
    const notificationsOf = async () =>
      (
        await serviceDb('notify').raw(
          `SELECT user_id, type, message FROM notifications WHERE user_id = ANY(?::uuid[])`,
          [userIds],
        )
      ).rows as { user_id: string; type: string; message: string }[];
    /** Per investor: the notifications the records call for, and those made, by kind. */
    const tally = async () => {
      const [r, notifications] = [await records(), await notificationsOf()];
      return userIds.map((userId) => {
        const mine = notifications.filter((n) => n.user_id === userId);
        const investment = (text: string) =>
          mine.filter((n) => n.type === 'investment' && n.message.includes(text)).length;
        const investments = (status: string) =>
          r.investments.filter((i) => i.user_id === userId && i.status === status).length;
        return {
          userId,
          expected: {
            deposit: r.deposits.filter((d) => d.user_id === userId && d.status === 'approved').length,
            active: investments('active'),
            failed: investments('failed'),
          },
          made: {
            deposit: mine.filter((n) => n.type === 'deposit').length,
            active: investment('is active'),
            failed: investment('could not be completed'),
          },
        };
      });
    };
    const kinds = ['deposit', 'active', 'failed'] as const;
    await eventually(
      async () => (await tally()).every((t) => kinds.every((k) => t.made[k] >= t.expected[k])),
      60_000,
      'every notification to be made',
    );

    // ---- the figures ----
    const final = await records();
    const accepted = outcomes.filter((o) => ok(o.status));
    const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
    const deposits = byId(final.deposits);
    const investments = byId(final.investments);
    const withdrawals = byId(final.withdrawals);
    const settledOnce = (o: Outcome): boolean => {
      if (!o.id) return false;
      switch (o.kind) {
        case 'deposit':
          return deposits.get(o.id)?.user_id === o.userId;
        case 'approval':
          return deposits.get(o.id)?.status === 'approved';
        case 'investment':
          return investments.get(o.id)?.status === 'active';
        case 'withdrawal':
          return withdrawals.get(o.id)?.status === 'pending';
      }
    };
    const settled = accepted.filter(settledOnce);
    // Exactly once in money: one ledger transfer per deposit credit, purchase debit and withdrawal hold.
    const references = [...deposits.keys(), ...investments.keys(), ...withdrawals.keys()];
    const transfers = (
      await serviceDb('wallet').raw(
        `SELECT reference_id, kind, count(*)::int AS n FROM transfers WHERE reference_id = ANY(?) GROUP BY reference_id, kind`,
        [references],
      )
    ).rows as { reference_id: string; kind: string; n: number }[];
    const transferCount = (reference: string, kind: string) =>
      transfers.find((t) => t.reference_id === reference && t.kind === kind)?.n ?? 0;
    const moneyDuplicates = transfers.filter((t) => t.n > 1).length;
    const missingMoney = [
      ...final.deposits.filter((d) => d.status === 'approved' && transferCount(d.id, 'deposit') !== 1),
      ...final.investments.filter((i) => i.status === 'active' && transferCount(i.id, 'investment') !== 1),
      ...final.withdrawals.filter((w) => transferCount(w.id, 'withdrawal_hold') !== 1),
    ];

    // Notifications: one per approved deposit and per settled or failed purchase, never two.
    const notified = await tally();
    const notificationDuplicates = notified.reduce(
      (n, t) => n + kinds.reduce((m, k) => m + Math.max(0, t.made[k] - t.expected[k]), 0),
      0,
    );
    // Mails: the file transport writes `<time>-<mail id>.eml`; one mail id written twice is a mail sent twice.
    const mailDir = path.join((stack() as unknown as { dataDir: string }).dataDir, 'mail');
    const mailIds = existsSync(mailDir)
      ? readdirSync(mailDir).flatMap((file) => /-([0-9a-f-]{36})\.eml$/.exec(file)?.[1] ?? [])
      : [];
    const mailDuplicates = mailIds.length - new Set(mailIds).size;

    // Per investor: the wallet's balances are exactly what the records add up to.
    const sum = (values: string[]) => values.reduce((total, v) => total + Math.round(Number(v)), 0);
    const balanceMismatches: string[] = [];
    for (const userId of userIds) {
      const credited = sum(
        final.deposits.filter((d) => d.user_id === userId && d.status === 'approved').map((d) => d.amount),
      );
      const invested = sum(
        final.investments
          .filter((i) => i.user_id === userId && i.status === 'active')
          .map((i) => i.principal),
      );
      const held = sum(
        final.withdrawals.filter((w) => w.user_id === userId && w.status === 'pending').map((w) => w.amount),
      );
      const expected = {
        available: amountOf(credited - invested - held),
        hold: amountOf(held),
        invested: amountOf(invested),
      };
      const actual = await balances(userId);
      const got = { available: actual.available, hold: actual.hold, invested: actual.invested };
      if (JSON.stringify(got) !== JSON.stringify(expected))
        balanceMismatches.push(`${userId}: ${JSON.stringify(got)} instead of ${JSON.stringify(expected)}`);
    }
    const ledger = await ledgerCheck();

    const byKind = (kind: Kind) => {
      const all = outcomes.filter((o) => o.kind === kind);
      return `${kind} ${all.filter((o) => ok(o.status)).length}/${all.length}`;
    };
    process.stdout.write(
      [
        `faults: requests ${outcomes.length}, accepted ${accepted.length} (${(['deposit', 'approval', 'investment', 'withdrawal'] as const).map(byKind).join(', ')}), ` +
          `no answer or 5xx ${outcomes.filter((o) => o.status === 0 || o.status >= 500).length}`,
        `kills ${restarts.length}: ${restarts.map((r) => `${r.what} back in ${(r.downMs / 1000).toFixed(1)} s`).join(', ')}`,
        `settled ${settled.length} of ${accepted.length} accepted; duplicates: money ${moneyDuplicates}, notifications ${notificationDuplicates}, mails ${mailDuplicates} (of ${mailIds.length})`,
        `ledger ${ledger.ok ? 'clean' : ledger.problems.join('; ')}; balances of ${userIds.length} investors ${balanceMismatches.length ? `differ: ${balanceMismatches.join('; ')}` : 'agree with the records'}`,
      ].join('\n') + '\n',
    );

    expect(restarts.map((r) => r.what)).toEqual([...KILL_ORDER]);
    expect(accepted.length).toBeGreaterThan(100);
    expect(settled.length).toBe(accepted.length);
    expect(moneyDuplicates).toBe(0);
    expect(missingMoney).toEqual([]);
    expect(notificationDuplicates).toBe(0);
    for (const t of notified)
      expect({ userId: t.userId, ...t.made }).toEqual({ userId: t.userId, ...t.expected });
    expect(mailDuplicates).toBe(0);
    expect(balanceMismatches).toEqual([]);
    expect(ledger.problems).toEqual([]);
  });
});

import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { WalletDebitResult } from '@cropvest/contracts/wallet/model';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  registerInvestor,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { publishEvent } from '../../../test/support/bus.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { approveKycByEvent } from '../../../test/support/kyc.ts';
import { balances, ledgerCheck } from '../../../test/support/wallet.ts';
import { command, TRON_ADDRESS } from './support.ts';

// The integration project's testTimeout is not applied per project by jest 30; the machine is shared.
jest.setTimeout(60_000);
afterAll(closeConnections);

/** A small seeded generator (mulberry32), so a failing run can be replayed with its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Model {
  session: Session;
  available: Decimal;
  hold: Decimal;
  invested: Decimal;
  pendingDeposits: { id: string; amount: string }[];
  pendingWithdrawals: { id: string; amount: string }[];
  investments: { id: string; amount: string }[];
}

describe('randomized workload', () => {
  it('after 2,000+ mixed concurrent operations, every balance matches the model and the ledger check passes', async () => {
    const seed = Number(process.env.WORKLOAD_SEED ?? Date.now() % 1_000_000);
    const random = prng(seed);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const amount = (max: number) =>
      new Decimal(1 + random() * max).toDecimalPlaces(Math.floor(random() * 9), Decimal.ROUND_DOWN).toFixed();
    const admin = await adminSession();
    const client = stackClient();

    const users: Model[] = [];
    for (let i = 0; i < 6; i++) {
      const session = await registerInvestor({ name: `Workload ${i}` });
      await approveKycByEvent(session.user.id, 'wallet');
      users.push({
        session,
        available: new Decimal(0),
        hold: new Decimal(0),
        invested: new Decimal(0),
        pendingDeposits: [],
        pendingWithdrawals: [],
        investments: [],
      });
    }

    let operations = 0;
    const outcomes: Record<string, number> = {};
    const count = (name: string) => (outcomes[name] = (outcomes[name] ?? 0) + 1);
    const unexpected: string[] = [];
    const expectStatus = (what: string, status: number, allowed: number[], body: unknown) => {
      if (!allowed.includes(status)) unexpected.push(`${what}: ${status} ${JSON.stringify(body)}`);
    };

    const step = async (user: Model): Promise<void> => {
      operations++;
      const roll = random();
      if (roll < 0.25) {
        const value = amount(300);
        const r = await client.call(walletOperations.createDeposit, {
          token: user.session.accessToken,
          body: { amount: random() < 0.5 ? value : Number(value) },
        });
        expectStatus('deposit', r.status, [201], r.body);
        if (r.ok && r.status === 201) user.pendingDeposits.push({ id: r.body.id, amount: r.body.amount });
        count('deposit');
      } else if (roll < 0.45 && user.pendingDeposits.length) {
        const deposit = user.pendingDeposits.splice(
          Math.floor(random() * user.pendingDeposits.length),
          1,
        )[0]!;
        const status = random() < 0.75 ? 'approved' : 'rejected';
        const r = await client.call(walletOperations.reviewDeposit, {
          token: admin.accessToken,
          path: { id: deposit.id },
          body: { status },
        });
        expectStatus('deposit review', r.status, [200], r.body);
        if (r.status === 200 && status === 'approved') user.available = user.available.plus(deposit.amount);
        count(`deposit ${status}`);
      } else if (roll < 0.65) {
        const value = amount(150);
        const r = await client.call(walletOperations.requestWithdrawal, {
          token: user.session.accessToken,
          body: { amount: value, walletAddress: TRON_ADDRESS },
        });
        expectStatus('withdrawal', r.status, [201, 400], r.body);
        if (r.ok && r.status === 201) {
          user.available = user.available.minus(r.body.amount);
          user.hold = user.hold.plus(r.body.amount);
          user.pendingWithdrawals.push({ id: r.body.id, amount: r.body.amount });
          count('withdrawal');
        } else {
          if (r.ok || r.body.message !== 'Insufficient balance')
            unexpected.push(`withdrawal refused: ${JSON.stringify(r.body)}`);
          count('withdrawal refused');
        }
      } else if (roll < 0.8 && user.pendingWithdrawals.length) {
        const withdrawal = user.pendingWithdrawals.splice(
          Math.floor(random() * user.pendingWithdrawals.length),
          1,
        )[0]!;
        const status = random() < 0.6 ? 'approved' : 'rejected';
        const r = await client.call(walletOperations.reviewWithdrawal, {
          token: admin.accessToken,
          path: { id: withdrawal.id },
          body: {
            status,
            ...(status === 'approved' ? { txid: unknownTxid() } : { rejectionReason: 'workload' }),
          },
        });
        expectStatus('withdrawal review', r.status, [200], r.body);
        if (r.status === 200) {
          user.hold = user.hold.minus(withdrawal.amount);
          if (status === 'rejected') user.available = user.available.plus(withdrawal.amount);
        }
        count(`withdrawal ${status}`);
      } else if (roll < 0.92) {
        const investmentId = randomUUID();
        const value = amount(120);
        try {
          const result = await command<WalletDebitResult>('cmd.wallet.debit', {
            investmentId,
            userId: user.session.user.id,
            amount: value,
          });
          user.available = user.available.minus(result.amount);
          user.invested = user.invested.plus(result.amount);
          user.investments.push({ id: investmentId, amount: result.amount });
          count('debit');
        } catch (error) {
          if ((error as { message?: string }).message !== 'Insufficient balance')
            unexpected.push(`debit: ${String(error)}`);
          count('debit refused');
        }
      } else if (user.investments.length) {
        const investment = user.investments.splice(Math.floor(random() * user.investments.length), 1)[0]!;
        const interest = new Decimal(investment.amount)
          .times(random() * 0.05)
          .toDecimalPlaces(8, Decimal.ROUND_HALF_EVEN);
        const data = {
          investmentId: investment.id,
          userId: user.session.user.id,
          planId: randomUUID(),
          principal: investment.amount,
          interest: interest.toFixed(8),
        };
        // Delivered twice on purpose: the second must change nothing.
        await publishEvent('investment.harvested', data);
        await publishEvent('investment.harvested', data);
        operations++;
        user.invested = user.invested.minus(investment.amount);
        user.available = user.available.plus(investment.amount).plus(interest);
        count('harvest');
      } else {
        const r = await client.call(walletOperations.myDeposits, { token: user.session.accessToken });
        expectStatus('list', r.status, [200], r.body);
        count('read');
      }
    };

    // 20 clients at a time, each on a random user, until at least 2,000 operations ran.
    while (operations < 2000) {
      await Promise.all(Array.from({ length: 20 }, () => step(pick(users))));
    }

    expect(unexpected).toEqual([]);
    for (const user of users) {
      const expected = {
        available: user.available.toFixed(8),
        hold: user.hold.toFixed(8),
        invested: user.invested.toFixed(8),
      };
      await eventually(
        async () => {
          const actual = await balances(user.session.user.id);
          return (
            actual.available === expected.available &&
            actual.hold === expected.hold &&
            actual.invested === expected.invested
          );
        },
        30_000,
        `the balances of ${user.session.user.email} to match ${JSON.stringify(expected)} (seed ${seed})`,
      );
    }
    const check = await ledgerCheck();
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    console.warn(
      `workload seed ${seed}: ${operations} operations`,
      outcomes,
      `ledger: ${check.transfers} transfers, ${check.entries} entries`,
    );
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  MoneyDecimal,
  STATEMENT_CSV_COLUMNS,
  STATEMENT_FORMAT_INVALID,
  STATEMENT_RANGE_REVERSED,
  STATEMENT_RANGE_TOO_LONG,
} from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  freshIp,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { publishEvent } from '../../../test/support/bus.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { kycApprovalReached, verifiedInvestor } from '../../../test/support/kyc.ts';
import { parseCsv } from '../../../test/support/csv.ts';
import { balances, fund, ledgerCheck } from '../../../test/support/wallet.ts';
import { createPlan } from '../../plans/test/support.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { TRON_ADDRESS } from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();
const DAY_MS = 86_400_000;
const day = (offsetDays = 0): string => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}

async function download(query: string, token?: string, base = stack().gatewayUrl): Promise<Download> {
  const response = await fetch(`${base}/api/statement${query}`, {
    headers: { 'x-forwarded-for': freshIp(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

interface Statement {
  opening: string[];
  movements: string[][];
  closing: string[];
}

async function csvStatement(token: string, from: string, to: string): Promise<Statement> {
  const answer = await download(`?from=${from}&to=${to}&format=csv`, token);
  expect(answer.status).toBe(200);
  const [columns, opening, ...rest] = parseCsv(answer.text);
  expect(columns).toEqual([...STATEMENT_CSV_COLUMNS]);
  expect(opening?.[1]).toBe('Opening balance');
  const closing = rest.pop() as string[];
  expect(closing[1]).toBe('Closing balance');
  return { opening: opening as string[], movements: rest, closing };
}

/** Opening + every amount = closing, exactly, and each row's balance is the running total so far. */
function expectAddsUp(statement: Statement): void {
  let total = new MoneyDecimal(statement.opening[4] as string);
  for (const [, , , amount, balance] of statement.movements) {
    expect(amount).toMatch(/^[+-]\d+\.\d{8}$/);
    total = total.plus(amount as string);
    expect(total.toFixed(8)).toBe(balance);
  }
  expect(total.toFixed(8)).toBe(statement.closing[4]);
}

describe('account statement', () => {
  let investor: Session;
  const ids: Record<string, string> = {};
  const REASON = 'Goodwill, per "ticket" 12';

  beforeAll(async () => {
    investor = await verifiedInvestor('500', 'wallet');
    ids.secondDeposit = await fund(investor, '250.12345678');
    const withdraw = async (amount: string) => {
      const made = await client.call(walletOperations.requestWithdrawal, {
        token: investor.accessToken,
        body: { amount, walletAddress: TRON_ADDRESS },
      });
      return succeeded(made, 201).id;
    };
    ids.pendingWithdrawal = await withdraw('100');
    const rejectedWithdrawal = await withdraw('30.5');
    ids.rejectedWithdrawal = rejectedWithdrawal;
    const rejected = await client.call(walletOperations.reviewWithdrawal, {
      token: (await adminSession()).accessToken,
      path: { id: rejectedWithdrawal },
      body: { status: 'rejected', rejectionReason: 'Address on a sanctions list' },
    });
    expect(rejected.status).toBe(200);

    // One slot of 100, then its harvest as the plans service would announce it.
    await kycApprovalReached(investor.user.id, 'plans');
    const plan = await createPlan({ title: 'Statement barley', minSlotPrice: '100' });
    const bought = await client.call(plansOperations.invest, {
      token: investor.accessToken,
      body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 1 },
    });
    const investment = succeeded(bought, 201).id;
    ids.investment = investment;
    await publishEvent('investment.harvested', {
      investmentId: investment,
      userId: investor.user.id,
      planId: plan.id,
      principal: '100.00000000',
      interest: '1.23456789',
    });
    await eventually(
      async () => (await balances(investor.user.id)).invested === '0.00000000',
      15_000,
      'the harvest',
    );

    // An admin's balance edit, 20 less than now: through identity's admin API, the only sender of
    // cmd.wallet.adjust (the tests' NATS user may not send it: docs/decisions/0050-bus-permissions.md).
    const before = new MoneyDecimal((await balances(investor.user.id)).available);
    const edited = await client.call(identityOperations.updateAdminUser, {
      token: (await adminSession()).accessToken,
      path: { id: investor.user.id },
      body: { balance: before.minus(20).toFixed(8), balanceReason: REASON },
    });
    expect(edited.status).toBe(200);
  });

  it('lists every movement of the available balance, oldest first, adding up from the opening to the live balance', async () => {
    const statement = await csvStatement(investor.accessToken, day(-1), day());
    expect(statement.opening[4]).toBe('0.00000000');
    expect(statement.movements.map(([, type, reference, amount]) => [type, reference, amount])).toEqual([
      ['Deposit', expect.any(String), '+500.00000000'],
      ['Deposit', ids.secondDeposit, '+250.12345678'],
      ['Withdrawal requested', ids.pendingWithdrawal, '-100.00000000'],
      ['Withdrawal requested', ids.rejectedWithdrawal, '-30.50000000'],
      ['Withdrawal returned (rejected)', ids.rejectedWithdrawal, '+30.50000000'],
      ['Investment', ids.investment, '-100.00000000'],
      ['Harvest principal', ids.investment, '+100.00000000'],
      ['Harvest interest', ids.investment, '+1.23456789'],
      ['Balance adjustment', REASON, '-20.00000000'],
    ]);
    const times = statement.movements.map(([at]) => Date.parse(at as string));
    for (const at of statement.movements.map(([time]) => time))
      expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expectAddsUp(statement);
    expect(statement.closing[4]).toBe('631.35802467');
    expect(statement.closing[4]).toBe((await balances(investor.user.id)).available);
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('answers a CSV attachment that is never cached', async () => {
    const answer = await download(`?from=${day(-1)}&to=${day()}&format=csv`, investor.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="cropvest-statement-${day(-1)}-to-${day()}.csv"`,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('opens and closes at zero with no lines for a period before any movement', async () => {
    const statement = await csvStatement(investor.accessToken, '2020-01-01', '2020-12-31');
    expect(statement).toEqual({
      opening: ['2020-01-01T00:00:00.000Z', 'Opening balance', '', '', '0.00000000', ''],
      movements: [],
      closing: ['2020-12-31T23:59:59.999Z', 'Closing balance', '', '', '0.00000000', ''],
    });
  });

  it('opens and closes at the balance the movements left for a period after them', async () => {
    const statement = await csvStatement(investor.accessToken, day(1), day(2));
    const live = (await balances(investor.user.id)).available;
    expect(statement.movements).toEqual([]);
    expect([statement.opening[4], statement.closing[4]]).toEqual([live, live]);
  });

  it('gives another investor only their own, empty, statement, and never takes the user from the query', async () => {
    const other = await registerInvestor();
    const answer = await download(`?from=${day(-1)}&to=${day()}&format=csv`, other.accessToken);
    expect(answer.status).toBe(200);
    for (const id of Object.values(ids)) expect(answer.text).not.toContain(id);
    expect(answer.text).not.toContain(REASON.split(',')[0]);
    const rows = parseCsv(answer.text);
    expect(rows.map((row) => [row[1], row[4]])).toEqual([
      ['Type', 'Balance (USDT)'],
      ['Opening balance', '0.00000000'],
      ['Closing balance', '0.00000000'],
    ]);

    const asking = await download(
      `?from=${day(-1)}&to=${day()}&format=csv&userId=${investor.user.id}`,
      other.accessToken,
    );
    expect(asking.status).toBe(400);
    expect(JSON.parse(asking.text)).toMatchObject({ message: 'Unknown field: userId' });
  });

  it('answers a PDF', async () => {
    const answer = await download(`?from=${day(-1)}&to=${day()}&format=pdf`, investor.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="cropvest-statement-${day(-1)}-to-${day()}.pdf"`,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(answer.bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
  });

  it('frees its snapshot when the body is never read (HEAD), so statements never run out', async () => {
    // The wallet streams at most half its pool (10) at once; a leaked snapshot would refuse the last call.
    for (let i = 0; i < 8; i++) {
      const head = await fetch(`${stack().gatewayUrl}/api/statement?from=${day(-1)}&to=${day()}&format=csv`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${investor.accessToken}` },
      });
      expect(head.status).toBe(200);
    }
    expect((await download(`?from=${day(-1)}&to=${day()}&format=pdf`, investor.accessToken)).status).toBe(
      200,
    );
  });

  it.each([
    ['an end before the start', `?from=${day()}&to=${day(-1)}&format=csv`, STATEMENT_RANGE_REVERSED],
    ['more than a year', `?from=2025-01-01&to=2026-01-02&format=csv`, STATEMENT_RANGE_TOO_LONG],
    [
      'an impossible day',
      `?from=2031-02-01&to=2031-02-30&format=csv`,
      'to is not a real calendar day: 2031-02-30',
    ],
    ['a missing day', `?from=2026-01-01&format=csv`, 'to is required (a day as YYYY-MM-DD)'],
    ['no parameters', '', 'from is required (a day as YYYY-MM-DD)'],
    ['a bad format', `?from=2026-01-01&to=2026-01-31&format=xlsx`, STATEMENT_FORMAT_INVALID],
  ])('refuses %s with 400 and a JSON error', async (_case, query, message) => {
    const answer = await download(query, investor.accessToken);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toMatchObject({ message, code: 'VALIDATION_FAILED' });
  });

  it('refuses a caller without a token, at the gateway and at the wallet itself', async () => {
    const query = `?from=${day(-1)}&to=${day()}&format=csv`;
    expect((await download(query)).status).toBe(401);
    const direct = await download(query, undefined, stack().services.wallet);
    expect(direct.status).toBe(401);
    expect(JSON.parse(direct.text)).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

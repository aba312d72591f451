// Text PostgreSQL cannot store (a NUL, an unpaired UTF-16 surrogate) and days that do not exist, sent as an
// attacker would (issue 15: they answered 500, or rolled over to March). Each is a 400 naming the field, through
// the one rule in packages/contracts (text.ts, calendar.ts), and nothing changes. Bodies nested past the services'
// bound (issue 24: 40,000 levels answered 500) are a 400 saying so, before anything reads them.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { BODY_TOO_DEEP, MAX_JSON_DEPTH } from '@cropvest/service-kit/http';
import { ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { statementOperations } from '@cropvest/contracts/wallet/statement-api';
import { adminSession, registerInvestor, stackClient, uniqueEmail, type Session } from '../support/api.ts';
import { sendRaw } from './operations.ts';
import { nestedArrays, nestedObjects, DEEP_OBJECTS } from './oversized-json.ts';

const NUL = 'bad\u0000text';
const LONE_HIGH = 'bad\ud800text';
const LONE_LOW = 'text\udc00';
const UNSAFE = [
  ['a NUL', NUL, 'must not contain a NUL character (U+0000)'],
  ['a lone high surrogate', LONE_HIGH, 'must not contain an unpaired surrogate (invalid Unicode)'],
  ['a lone low surrogate', LONE_LOW, 'must not contain an unpaired surrogate (invalid Unicode)'],
] as const;

const client = stackClient();
let investor: Session;
let admin: Session;
beforeAll(async () => {
  investor = await registerInvestor();
  admin = await adminSession();
});

/** A 400 with the JSON error whose message names `field` and says why. */
function expectRefused(
  answer: { status: number; headers: Headers; body: unknown },
  field: string,
  why: string,
) {
  expect([answer.status, answer.headers.get('content-type')]).toEqual([
    400,
    'application/json; charset=utf-8',
  ]);
  expect(answer.body).toMatchObject({
    code: 'VALIDATION_FAILED',
    message: `${field} ${why}`,
    issues: [{ path: field, message: `${field} ${why}` }],
  });
}

/** How many rows a list holds: its X-Total-Count, else the rows it answered. */
const count = async (list: Promise<{ status: number; headers: Headers; body: unknown }>) => {
  const answer = await list;
  expect(answer.status).toBe(200);
  return Number(
    answer.headers.get('x-total-count') ?? (Array.isArray(answer.body) ? answer.body.length : NaN),
  );
};
const tickets = () => count(client.call(supportOperations.myTickets, { token: investor.accessToken }));
const notifications = () =>
  count(client.call(notificationOperations.myNotifications, { token: investor.accessToken }));
const deposits = () => count(client.call(walletOperations.myDeposits, { token: investor.accessToken }));

describe.each(UNSAFE)('text with %s', (_what, bad, why) => {
  it('in a registration name: 400 naming name, no account made', async () => {
    const email = uniqueEmail('unsafe');
    expectRefused(
      await client.call(identityOperations.register, {
        body: { name: bad, email, password: 'secret-pass-1' },
      }),
      'name',
      why,
    );
    const login = await client.call(identityOperations.login, { body: { email, password: 'secret-pass-1' } });
    expect(login.status).toBe(401);
  });

  it('in a support ticket: 400 naming the field, no ticket', async () => {
    const before = await tickets();
    const ticket = {
      subject: 'Deposit question',
      category: 'deposit',
      priority: 'low',
      description: 'Where is it?',
    } as const;
    for (const field of ['subject', 'description'] as const)
      expectRefused(
        await client.call(supportOperations.createTicket, {
          token: investor.accessToken,
          body: { ...ticket, [field]: bad },
        }),
        field,
        why,
      );
    expect(await tickets()).toBe(before);
  });

  it('in an admin notification: 400 naming the field, nothing sent', async () => {
    const before = await notifications();
    const notice = { title: 'Harvest news', message: 'The maize is in.', userIds: [investor.user.id] };
    for (const field of ['title', 'message'] as const)
      expectRefused(
        await client.call(notificationOperations.sendNotification, {
          token: admin.accessToken,
          body: { ...notice, [field]: bad },
        }),
        field,
        why,
      );
    expect(await notifications()).toBe(before);
  });

  it('in admin settings: 400 naming the field, settings unchanged', async () => {
    const before = await client.call(identityOperations.publicSettings);
    expectRefused(
      await client.call(identityOperations.updateAdminSettings, {
        token: admin.accessToken,
        body: { section: 'general', settings: { platformName: bad } },
      }),
      'settings.platformName',
      why,
    );
    expect((await client.call(identityOperations.publicSettings)).body).toEqual(before.body);
  });

  it('in a deposit txid: 400 naming txid, no deposit', async () => {
    const before = await deposits();
    expectRefused(
      await client.call(walletOperations.createDeposit, {
        token: investor.accessToken,
        body: { amount: '25', txid: bad },
      }),
      'txid',
      why,
    );
    expect(await deposits()).toBe(before);
  });

  it('in a field name: 400 saying so', async () => {
    // Raw: a body whose only field is not one the contract names.
    const key = await client.raw('POST', supportOperations.createTicket.path, {
      token: investor.accessToken,
      body: { [bad]: 'x' },
    });
    expect([key.status, ErrorBody.parse(key.body).message]).toEqual([
      400,
      `A field name in Request body ${why}`,
    ]);
  });
});

it('a NUL in a query parameter is a 400 naming it', async () => {
  // A query string cannot carry a lone surrogate: its percent-encoded bytes decode to U+FFFD.
  expectRefused(
    await client.call(identityOperations.auditLogs, {
      token: admin.accessToken,
      query: { targetType: '\u0000' },
    }),
    'targetType',
    UNSAFE[0][2],
  );
});

describe('calendar days', () => {
  // Its own title, so what other suites add meanwhile does not matter.
  const plan = {
    title: `Winter wheat ${randomUUID()}`,
    description: 'Winter wheat on the north fields.',
    minSlotPrice: '100',
    dailyInterestRate: '0.05',
    totalSlots: 10,
  };

  it('2031-02-30 is a 400 naming the field, not March 2nd; no plan is made', async () => {
    for (const [startDate, endDate, field] of [
      ['2031-02-30', '2031-06-01', 'startDate'],
      ['2031-01-01', '2031-02-30', 'endDate'],
      ['2031-01-01', '2031-04-31T10:00:00Z', 'endDate'],
    ] as const) {
      const answer = await client.call(plansOperations.createPlan, {
        token: admin.accessToken,
        body: { ...plan, startDate, endDate },
      });
      expect([startDate, endDate, answer.status]).toEqual([startDate, endDate, 400]);
      if (answer.ok) throw new Error('the plan was made');
      expect(answer.body.issues?.map((i) => i.path)).toContain(field);
    }
    const plans = await client.ok(plansOperations.plans, { token: admin.accessToken });
    expect(plans.filter(({ title }) => title === plan.title)).toEqual([]);
  });

  it('the account statement refuses 2031-02-30 too', async () => {
    const answer = await client.call(statementOperations.statement, {
      token: investor.accessToken,
      query: { from: '2031-02-30', to: '2031-03-05', format: 'csv' },
    });
    expect([answer.status, !answer.ok && answer.body.message]).toEqual([
      400,
      'from is not a real calendar day: 2031-02-30',
    ]);
  });
});

describe('bodies nested past the bound', () => {
  const deposit = (amount: string) => `{"amount":${amount}}`;
  const send = (body: string) =>
    sendRaw({
      method: 'POST',
      path: '/api/deposits',
      token: investor.accessToken,
      body,
      contentType: 'application/json',
    });

  it('65 and 40,000 levels of arrays or objects are a 400 saying so, and no deposit is made', async () => {
    const before = await deposits();
    for (const [what, body] of [
      ['arrays 65 deep', nestedArrays(MAX_JSON_DEPTH + 1)],
      ['arrays 40,000 deep (80 KB)', nestedArrays(40_000)],
      ['objects 65 deep', nestedObjects(MAX_JSON_DEPTH + 1)],
      ['objects 16,000 deep (80 KB)', nestedObjects(DEEP_OBJECTS)],
      ['the amount 65 deep', deposit(nestedArrays(MAX_JSON_DEPTH))],
      ['the amount 40,000 deep', deposit(nestedArrays(40_000 - 1))],
    ] as const) {
      const answer = await send(body);
      expect([what, answer.status, answer.contentType, JSON.parse(answer.text)]).toEqual([
        what,
        400,
        'application/json; charset=utf-8',
        expect.objectContaining({ code: 'BAD_REQUEST', message: BODY_TOO_DEEP }),
      ]);
    }
    expect(await deposits()).toBe(before);
  });

  it('64 levels are read, and answered by validation; brackets and escaped quotes in text do not count', async () => {
    for (const body of [
      nestedArrays(MAX_JSON_DEPTH),
      deposit(nestedArrays(MAX_JSON_DEPTH - 1)),
      JSON.stringify({ amount: '[[[[', txid: `\\"${'['.repeat(100)}` }),
    ]) {
      const answer = await send(body);
      expect([answer.status, (JSON.parse(answer.text) as { code: string }).code]).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
    }
  });
});

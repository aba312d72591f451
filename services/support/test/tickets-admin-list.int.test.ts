// The admin ticket list on the real stack: the shared admin-list checks (test/support/admin-list-suite.ts) with
// search by subject and by the opener's name and email, the status filters and both orders; then what is this
// list's own: the opener in each row, quotes, backslashes and SQL in a search only text, the counts of each
// status, and its own parameters refused naming them.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { OperationQuery } from '@cropvest/contracts/operation-call';
import { supportOperations } from '@cropvest/contracts/support/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import {
  adminSession,
  eventually,
  factories,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';

jest.setTimeout(60_000);

const client = stackClient();
/** A token in every subject and name of this run, so searches see only this file's tickets. */
const tag = randomUUID().slice(0, 8);
/** Opened in this order (the first oldest), one per opener; the second holds wildcard and quote characters. */
const subjects = [`${tag} deposit missing`, `${tag} 100% sure_it's late`, `${tag} cannot withdraw`];

const token = async () => (await adminSession()).accessToken;

async function list(query: OperationQuery<typeof supportOperations.adminTickets>) {
  const answer = await client.call(supportOperations.adminTickets, { token: await token(), query });
  if (!answer.ok) throw new Error(`the ticket list refused: ${answer.status} ${answer.body.message}`);
  return { items: answer.body, total: Number(answer.headers.get('x-total-count')) };
}
const ids = async (query: OperationQuery<typeof supportOperations.adminTickets>) =>
  (await list(query)).items.map((ticket) => ticket.id);

let made: Promise<{ id: string; investor: Session }[]> | undefined;
/** This file's three tickets, the first moved to in progress last, their openers projected. */
const tickets = () =>
  (made ??= (async () => {
    const opened: { id: string; investor: Session }[] = [];
    for (const [index, subject] of subjects.entries()) {
      const investor = await factories().investor(`Ticket Opener ${tag} ${index}`);
      const ticket = await client.ok(supportOperations.createTicket, {
        token: investor.accessToken,
        body: { subject, category: 'deposit', priority: 'high', description: 'Please look into it.' },
      });
      opened.push({ id: ticket.id, investor });
    }
    await client.ok(supportOperations.updateTicketStatus, {
      token: await token(),
      path: { id: opened[0]!.id },
      body: { status: 'in_progress' },
    });
    await eventually(
      async () => (await list({ q: `Ticket Opener ${tag}` })).total === 3,
      15_000,
      'the openers in support’s user projection',
    );
    return opened;
  })());

adminList(supportOperations.adminTickets).describe({
  seed: async () => {
    const opened = await tickets();
    const [first, second, third] = opened.map(({ id }) => id) as [string, string, string];
    return {
      ids: [third, second, first],
      scope: { q: tag },
      term: tag,
      searches: [
        { q: `${tag} cannot withdraw`, ids: [third] },
        { q: `Ticket Opener ${tag} 0`, ids: [first] },
        { q: opened[1]!.investor.user.email, ids: [second] },
        { q: `${tag} 100% sure_it's`, ids: [second] },
      ],
      filters: [
        { query: { status: 'open' }, ids: [third, second] },
        { query: { status: 'in_progress' }, ids: [first] },
        { query: { status: 'closed' }, ids: [] },
      ],
      sorts: [
        { query: { sort: 'createdAt' }, ids: [first, second, third] },
        // The last change first: the ticket just moved leads.
        { query: { sort: '-updatedAt' }, ids: [first, third, second] },
      ],
    };
  },
});

describe('the admin ticket list, beyond the shared checks', () => {
  let opened: { id: string; investor: Session }[];
  beforeAll(async () => {
    opened = await tickets();
  });

  it('shows the opener in each row', async () => {
    const [row] = (await list({ q: `Ticket Opener ${tag} 0` })).items;
    expect(row!.user).toEqual({ name: `Ticket Opener ${tag} 0`, email: opened[0]!.investor.user.email });
  });

  it('takes quotes, backslashes, SQL and other scripts in a search as text that finds nothing', async () => {
    expect(await ids({ q: `sure_it's` })).toContain(opened[1]!.id);
    for (const hostile of [
      `${tag}\\`,
      `${tag}' OR '1'='1`,
      `${tag}"; DROP TABLE support_tickets; --`,
      `${tag} 🌾 ünïcødé`,
    ]) {
      expect({ hostile, found: await ids({ q: hostile }) }).toEqual({ hostile, found: [] });
    }
    expect((await list({ q: tag })).total).toBe(3);
  });

  it('counts each status of the search', async () => {
    const counts = async (q: string) =>
      client.ok(supportOperations.adminTicketCounts, { token: await token(), query: { q } });
    expect(await counts(tag)).toEqual({ all: 3, open: 2, in_progress: 1, resolved: 0, closed: 0 });
    const all = await counts('');
    expect(all.all).toBe(all.open + all.in_progress + all.resolved + all.closed);
    expect(all.all).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad values of its own parameters naming them, and a status on the counts', async () => {
    for (const [query, message] of [
      ['status=pending', /status must be one of/],
      ['sort=subject', /sort must be one of/],
    ] as const) {
      const refused = await client.raw('GET', `${supportOperations.adminTickets.path}?${query}`, {
        token: await token(),
      });
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(JSON.stringify(refused.body)).toMatch(message);
    }
    const badCounts = await client.raw('GET', `${supportOperations.adminTicketCounts.path}?status=open`, {
      token: await token(),
    });
    expect(badCounts.status).toBe(400);
  });

  it('refuses an investor the counts at the gateway and at the service, and anonymous callers', async () => {
    const { path } = supportOperations.adminTicketCounts;
    const investor = opened[0]!.investor;
    for (const base of [undefined, stack().services.support]) {
      expect((await client.raw('GET', path, { token: investor.accessToken, base })).status).toBe(403);
      expect((await client.raw('GET', path, { base })).status).toBe(401);
    }
  });
});

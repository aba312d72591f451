import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorBody } from '@cropvest/contracts';
import type { ApiOperation } from '@cropvest/contracts/api-operation';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { supportOperations } from '@cropvest/contracts/support/api';
import { succeeded } from '../../../test/support/answers.ts';
import {
  eventually,
  loginAdmin,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { SEEDED_FAQ } from '../src/db/migrations/002_faq.ts';

jest.setTimeout(30_000);

const client = stackClient();
/** A refusal's error body; a raw answer is narrowed by the contract's schema. */
const errorOf = (answer: { body: unknown }): ErrorBody => ErrorBody.parse(answer.body);
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}?`;

type AuditedAction = 'faq_create' | 'faq_edit';
const auditOf = async (admin: Session, targetId: string, action: AuditedAction) =>
  (await client.ok(identityOperations.auditLogs, { token: admin.accessToken, query: { targetId, action } }))
    .items;
const auditRow = (admin: Session, targetId: string, action: AuditedAction) =>
  eventually(
    async () => (await auditOf(admin, targetId, action))[0],
    10_000,
    `the ${action} audit row of ${targetId}`,
  );

let admin: Session;
let investor: Session;
beforeAll(async () => {
  admin = await loginAdmin();
  investor = await registerInvestor();
});

const everyEntry = () =>
  client.ok(supportOperations.adminFaq, { token: admin.accessToken, query: { pageSize: 200 } });
const publicFaq = (query: { page?: number; pageSize?: number }) =>
  client.call(supportOperations.faq, { query });
const edit = (id: string, body: OperationBody<typeof supportOperations.updateFaqEntry>) =>
  client.call(supportOperations.updateFaqEntry, { token: admin.accessToken, path: { id }, body });
const reorder = (ids: string[]) =>
  client.call(supportOperations.reorderFaq, { token: admin.accessToken, body: { ids } });
/** A raw request's method and path for `operation` (its `{id}` filled in). */
const route = (operation: ApiOperation, id = '') => ({
  method: operation.method.toUpperCase(),
  path: operation.path.replace('{id}', id),
});

describe('the public FAQ', () => {
  it("answers without a token: the spec's six questions, published, in order, paged with a total", async () => {
    const all = succeeded(await publicFaq({ pageSize: 200 }), 200);
    const seeded = all.filter((entry) => SEEDED_FAQ.some((seed) => seed.question === entry.question));
    expect(seeded.map((entry) => entry.question)).toEqual(SEEDED_FAQ.map((seed) => seed.question));
    expect(Object.keys(all[0] ?? {}).sort()).toEqual(['answer', 'id', 'question']);

    const page = await publicFaq({ pageSize: 2, page: 2 });
    if (!page.ok) throw new Error(`the second page was refused: ${page.body.message}`);
    expect(page.body).toHaveLength(2);
    expect(page.body[0]?.id).toBe(all[2]?.id);
    expect(page.headers.get('x-total-count')).toBe(String(all.length));
    expect((await publicFaq({ pageSize: 0 })).status).toBe(400);
    // Raw: a query field the contract does not take.
    const unknown = await client.raw('GET', `${supportOperations.faq.path}?published=false`);
    expect(errorOf(unknown).message).toBe('Unknown field: published');
  });
});

describe('FAQ management', () => {
  it('is refused to investors and to callers without a token, by the gateway and the service', async () => {
    // Raw: the same requests through the gateway and to the service directly, one body for every route.
    for (const { method, path } of [
      route(supportOperations.adminFaq),
      route(supportOperations.createFaqEntry),
      route(supportOperations.reorderFaq),
      route(supportOperations.updateFaqEntry, randomUUID()),
    ]) {
      const body = method === 'GET' ? undefined : { question: 'q', answer: 'a' };
      for (const base of [undefined, stack().services.support]) {
        const asInvestor = await client.raw(method, path, { token: investor.accessToken, body, base });
        expect(asInvestor.status).toBe(403);
        expect((await client.raw(method, path, { body, base })).status).toBe(401);
      }
    }
  });

  it('adds a draft last, hidden from investors until published, every change audited', async () => {
    const question = unique('Is there a mobile app');
    const added = succeeded(
      await client.call(supportOperations.createFaqEntry, {
        token: admin.accessToken,
        body: { question: `  ${question}  `, answer: 'Not yet.' },
      }),
      201,
    );
    expect(added).toMatchObject({ question, answer: 'Not yet.', published: false });
    const entries = await everyEntry();
    expect(entries.at(-1)?.id).toBe(added.id);
    expect(added.position).toBe(entries.length);
    expect((await auditRow(admin, added.id, 'faq_create'))?.details).toMatchObject({
      question,
      published: false,
    });

    const publicList = async () =>
      (await client.ok(supportOperations.faq, { query: { pageSize: 200 } })).map((e) => e.id);
    expect(await publicList()).not.toContain(added.id);

    const published = succeeded(await edit(added.id, { published: true }), 200);
    expect(published.published).toBe(true);
    expect((await publicList()).at(-1)).toBe(added.id);
    expect((await auditRow(admin, added.id, 'faq_edit'))?.details).toEqual({
      published: { from: false, to: true },
    });

    const edited = succeeded(await edit(added.id, { answer: 'Use the web app.' }), 200);
    expect(edited.answer).toBe('Use the web app.');
    // A save that changes nothing writes no audit row.
    await edit(added.id, { answer: 'Use the web app.' });
    await eventually(
      async () => ((await auditOf(admin, added.id, 'faq_edit')).length === 2 ? true : undefined),
      10_000,
      'two faq_edit rows',
    );

    await edit(added.id, { published: false });
    expect(await publicList()).not.toContain(added.id);
  });

  it('reorders with every id once, and refuses an incomplete or repeated order', async () => {
    const before = await everyEntry();
    const ids = before.map((entry) => entry.id);
    const reversed = [...ids].reverse();
    const reordered = succeeded(await reorder(reversed), 200);
    expect(reordered.map((entry) => entry.id)).toEqual(reversed);
    expect(reordered.map((entry) => entry.position)).toEqual(ids.map((_, i) => i + 1));
    const publicOrder = (await client.ok(supportOperations.faq, { query: { pageSize: 200 } })).map(
      (e) => e.id,
    );
    expect(publicOrder).toEqual(reversed.filter((id) => publicOrder.includes(id)));
    const audited = await eventually(
      async () =>
        (
          await client.ok(identityOperations.auditLogs, {
            token: admin.accessToken,
            query: { action: 'faq_reorder' },
          })
        ).items[0],
      10_000,
      'the faq_reorder audit row',
    );
    expect(audited.details).toEqual({ from: ids, to: reversed });

    for (const [order, message] of [
      [reversed.slice(1), 'ids must name every FAQ entry exactly once'],
      [[reversed[0] ?? '', ...reversed.slice(0, -1)], 'ids must not repeat an entry'],
      [[...reversed.slice(1), randomUUID()], 'ids must name every FAQ entry exactly once'],
      [['not-an-id'], 'ids must hold valid entry ids'],
    ] as const) {
      const refused = await reorder([...order]);
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toBe(message);
    }
    // Raw: no ids at all, which the contract cannot send.
    const empty = await client.raw('PUT', supportOperations.reorderFaq.path, {
      token: admin.accessToken,
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(errorOf(empty).message).toBe('ids is required: every entry id in the new order');
    expect((await everyEntry()).map((entry) => entry.id)).toEqual(reversed);
    await reorder(ids);
    expect((await everyEntry()).map((entry) => entry.id)).toEqual(ids);
  });

  it('answers clear 4xx for bad input and changes nothing', async () => {
    const before = await everyEntry();
    for (const [body, message] of [
      [{ answer: 'a' }, 'Question is required'],
      [{ question: '   ', answer: 'a' }, 'Question is required'],
      [{ question: 'q', answer: 'x'.repeat(5001) }, 'Answer must be at most 5000 characters'],
      [{ question: 'q', answer: 'a', position: 1 }, 'Unknown field: position'],
      [{ question: 'q', answer: 'a', published: 'yes' }, 'published must be true or false'],
    ] as const) {
      // Raw: each body breaks the contract on purpose.
      const refused = await client.raw('POST', supportOperations.createFaqEntry.path, {
        token: admin.accessToken,
        body,
      });
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toBe(message);
    }
    const target = before[0]?.id ?? '';
    expect(errorOf(await edit(target, {})).message).toBe('Nothing to update');
    expect((await edit(randomUUID(), { published: true })).status).toBe(404);
    expect((await edit('not-an-id', { published: true })).status).toBe(400);
    expect(await everyEntry()).toEqual(before);
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  call,
  eventually,
  freshIp,
  loginAdmin,
  registerInvestor,
  stack,
  type Session,
} from '../../../test/support/api.ts';
import { SEEDED_FAQ } from '../src/db/migrations/002_faq.ts';

jest.setTimeout(30_000);

const as = (session: Session | null) => ({
  get: (path: string) => call('GET', path, { token: session?.accessToken, ip: freshIp() }),
  post: (path: string, body: unknown) =>
    call('POST', path, { token: session?.accessToken, ip: freshIp(), body }),
  put: (path: string, body: unknown) =>
    call('PUT', path, { token: session?.accessToken, ip: freshIp(), body }),
});
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}?`;

const auditOf = async (admin: Session, targetId: string, action: string) =>
  (await as(admin).get(`/api/admin/audit-logs?targetId=${targetId}&action=${action}`)).body.items as any[];
const auditRow = (admin: Session, targetId: string, action: string) =>
  eventually(
    async () => (await auditOf(admin, targetId, action))[0] as any,
    10_000,
    `the ${action} audit row of ${targetId}`,
  );

let admin: Session;
let investor: Session;
beforeAll(async () => {
  admin = await loginAdmin();
  investor = await registerInvestor();
});

const everyEntry = async () => (await as(admin).get('/api/admin/faq?pageSize=200')).body as any[];

describe('the public FAQ', () => {
  it("answers without a token: the spec's six questions, published, in order, paged with a total", async () => {
    const all = await as(null).get('/api/faq?pageSize=200');
    expect(all.status).toBe(200);
    const seeded = (all.body as any[]).filter((entry) =>
      SEEDED_FAQ.some((seed) => seed.question === entry.question),
    );
    expect(seeded.map((entry) => entry.question)).toEqual(SEEDED_FAQ.map((seed) => seed.question));
    expect(Object.keys(all.body[0]).sort()).toEqual(['answer', 'id', 'question']);

    const page = await as(null).get('/api/faq?pageSize=2&page=2');
    expect(page.body).toHaveLength(2);
    expect(page.body[0].id).toBe(all.body[2].id);
    expect(page.headers.get('x-total-count')).toBe(String(all.body.length));
    expect((await as(null).get('/api/faq?pageSize=0')).status).toBe(400);
    expect((await as(null).get('/api/faq?published=false')).body.message).toBe('Unknown field: published');
  });
});

describe('FAQ management', () => {
  it('is refused to investors and to callers without a token, by the gateway and the service', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/faq'],
      ['POST', '/api/admin/faq'],
      ['PUT', '/api/admin/faq/order'],
      ['PUT', `/api/admin/faq/${randomUUID()}`],
    ] as const) {
      const body = method === 'GET' ? undefined : { question: 'q', answer: 'a' };
      for (const base of [undefined, stack().services.support]) {
        const asInvestor = await call(method, path, {
          token: investor.accessToken,
          ip: freshIp(),
          body,
          base,
        });
        expect(asInvestor.status).toBe(403);
        expect((await call(method, path, { ip: freshIp(), body, base })).status).toBe(401);
      }
    }
  });

  it('adds a draft last, hidden from investors until published, every change audited', async () => {
    const question = unique('Is there a mobile app');
    const added = await as(admin).post('/api/admin/faq', { question: `  ${question}  `, answer: 'Not yet.' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ question, answer: 'Not yet.', published: false });
    const entries = await everyEntry();
    expect(entries.at(-1).id).toBe(added.body.id);
    expect(added.body.position).toBe(entries.length);
    expect((await auditRow(admin, added.body.id, 'faq_create')).details).toMatchObject({
      question,
      published: false,
    });

    const publicList = async () =>
      ((await as(null).get('/api/faq?pageSize=200')).body as any[]).map((e) => e.id);
    expect(await publicList()).not.toContain(added.body.id);

    const published = await as(admin).put(`/api/admin/faq/${added.body.id}`, { published: true });
    expect(published.status).toBe(200);
    expect(published.body.published).toBe(true);
    expect((await publicList()).at(-1)).toBe(added.body.id);
    expect((await auditRow(admin, added.body.id, 'faq_edit')).details).toEqual({
      published: { from: false, to: true },
    });

    const edited = await as(admin).put(`/api/admin/faq/${added.body.id}`, { answer: 'Use the web app.' });
    expect(edited.body.answer).toBe('Use the web app.');
    // A save that changes nothing writes no audit row.
    await as(admin).put(`/api/admin/faq/${added.body.id}`, { answer: 'Use the web app.' });
    await eventually(
      async () => ((await auditOf(admin, added.body.id, 'faq_edit')).length === 2 ? true : undefined),
      10_000,
      'two faq_edit rows',
    );

    await as(admin).put(`/api/admin/faq/${added.body.id}`, { published: false });
    expect(await publicList()).not.toContain(added.body.id);
  });

  it('reorders with every id once, and refuses an incomplete or repeated order', async () => {
    const before = await everyEntry();
    const ids = before.map((entry) => entry.id);
    const reversed = [...ids].reverse();
    const reordered = await as(admin).put('/api/admin/faq/order', { ids: reversed });
    expect(reordered.status).toBe(200);
    expect((reordered.body as any[]).map((entry) => entry.id)).toEqual(reversed);
    expect((reordered.body as any[]).map((entry) => entry.position)).toEqual(ids.map((_, i) => i + 1));
    const publicOrder = ((await as(null).get('/api/faq?pageSize=200')).body as any[]).map((e) => e.id);
    expect(publicOrder).toEqual(reversed.filter((id) => publicOrder.includes(id)));
    const audited = await eventually(
      async () => (await as(admin).get('/api/admin/audit-logs?action=faq_reorder')).body.items[0] as any,
      10_000,
      'the faq_reorder audit row',
    );
    expect(audited.details).toEqual({ from: ids, to: reversed });

    for (const [body, message] of [
      [{ ids: reversed.slice(1) }, 'ids must name every FAQ entry exactly once'],
      [{ ids: [reversed[0], ...reversed.slice(0, -1)] }, 'ids must not repeat an entry'],
      [{ ids: [...reversed.slice(1), randomUUID()] }, 'ids must name every FAQ entry exactly once'],
      [{ ids: ['not-an-id'] }, 'ids must hold valid entry ids'],
      [{}, 'ids is required: every entry id in the new order'],
    ] as const) {
      const refused = await as(admin).put('/api/admin/faq/order', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await everyEntry()).map((entry) => entry.id)).toEqual(reversed);
    await as(admin).put('/api/admin/faq/order', { ids });
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
      const refused = await as(admin).post('/api/admin/faq', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const target = before[0].id;
    expect((await as(admin).put(`/api/admin/faq/${target}`, {})).body.message).toBe('Nothing to update');
    expect((await as(admin).put(`/api/admin/faq/${randomUUID()}`, { published: true })).status).toBe(404);
    expect((await as(admin).put('/api/admin/faq/not-an-id', { published: true })).status).toBe(400);
    expect(await everyEntry()).toEqual(before);
  });
});

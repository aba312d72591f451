// The checks every admin list must pass, written once (issue 29 item 4): server paging with the total (in
// X-Total-Count, or beside the rows in an { items, total } answer), search (any case, `%` and `_` taken literally, a whole id), the filters and orders the list
// declares, bad queries refused with a 400 that says what is wrong, and the role refusal at the gateway and at
// the owning service. A list's own suite calls `adminList(operation).describe(...)` with a seed that makes its rows, and keeps only
// what is particular to that list (its fields, its counts, its workflow). A list of one thing's rows (a user's, a
// plan's) takes that thing's id in its path; a platform-wide list that nothing narrows to a run's rows is compared
// with the whole list, read at once, and so runs in an exclusive suite, where no other suite writes meanwhile.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { ApiOperation } from '@cropvest/contracts/api-operation';
import { TOTAL_COUNT_HEADER } from '@cropvest/contracts';
import { operationCall, type OperationPath, type OperationQuery } from '@cropvest/contracts/operation-call';
import type { z } from '@cropvest/contracts/zod';
import { adminSession, factories, stack, stackClient } from './api.ts';
import type { Answer, Caller } from './client.ts';

/** An admin list: it takes a query and answers one page of rows, with the total in X-Total-Count or beside them. */
export type AdminListOperation = ApiOperation & {
  auth: 'admin';
  query: z.ZodObject;
} & (
    | { paged: true; response: z.ZodType<object[]> }
    | { response: z.ZodType<{ items: object[]; total: number }> }
  );

/** One row of the list's answer. */
export type AdminListRow<Op extends AdminListOperation> =
  z.output<Op['response']> extends (infer Row)[]
    ? Row
    : z.output<Op['response']> extends { items: (infer Row)[] }
      ? Row
      : never;

/** The rows a query finds, in the order the list answers them. */
export interface Expected<Op extends AdminListOperation> {
  query: OperationQuery<Op>;
  ids: string[];
}

/** What a seed made: this run's rows and what the list should make of them. */
export interface AdminListSeed<Op extends AdminListOperation> {
  /** The rows, in the list's default order. At least three, so that paging by two has a last, partial page. */
  ids: string[];
  /** The path parameters of a list of one thing's rows (`{ id: userId }`); every query of the suite is sent to it. */
  path?: OperationPath<Op>;
  /**
   * The query that narrows the list to exactly these rows on a shared stack (`{ q: term }`, `{ userId }`); every
   * other query of the suite is sent with it. None where the path narrows it, or for a platform-wide list.
   */
  scope?: OperationQuery<Op>;
  /**
   * Text each of the rows holds in a searched field and no other row does (a lists with a search): the suite turns
   * it into patterns that would match them were `%` and `_` wildcards. At least three characters.
   */
  term?: string;
  /** Searches by each field the list searches, with the rows each finds; each is also tried in upper and lower case. */
  searches?: { q: string; ids: string[] }[];
  /** Each filter the list declares, with the rows it keeps (sent with `scope`). */
  filters?: Expected<Op>[];
  /** Each order the list declares, with the rows in that order (sent with `scope`). */
  sorts?: Expected<Op>[];
}

export type AdminListCase<Op extends AdminListOperation> = {
  /** Makes the rows; `tag` is unique to the run, for the seed to put in what the list searches. */
  seed: (tag: string) => Promise<AdminListSeed<Op>>;
  /** A row's whole id, given as the search, finds that row alone (in either case). */
  findsById?: boolean;
  /**
   * The list holds every suite's rows and nothing narrows it to this run's (the reserve's contributions): the
   * seed's ids must come in the list's order among the others, and paging is checked over the whole list, read at
   * once before; so the describing file must be an exclusive suite (`*.exclusive.test.ts`).
   */
  platformWide?: boolean;
} & (AdminListRow<Op> extends { id: string }
  ? { key?: undefined }
  : {
      /** What names a row where it has no id (an unmatched transfer: its transaction id); the seed's ids are these. */
      key: (row: AdminListRow<Op>) => string;
    });

/** The rows of one answered page, named by `key`, and the total the list gave. */
function pageOf(answer: Answer<AdminListOperation>, key: (row: object) => string) {
  if (!answer.ok) throw new Error(`the list refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  const body: object[] | { items: object[]; total: number } = answer.body;
  return Array.isArray(body)
    ? { ids: body.map(key), total: Number(answer.headers.get(TOTAL_COUNT_HEADER)) }
    : { ids: body.items.map(key), total: body.total };
}

const idOf = (row: object): string => {
  if (!('id' in row) || typeof row.id !== 'string')
    throw new Error('a row without an id: the suite needs a key');
  return row.id;
};

/**
 * The list's suite, described for the jest file that calls it: `adminList(operation).describe({ seed })`. The
 * operation comes first, on its own, so that the seed's queries are typed by it (one generic call inferring both
 * would widen the seed's literals before the operation is known).
 */
export const adminList = <Op extends AdminListOperation>(operation: Op) => ({
  describe: (suite: AdminListCase<Op>) => describeAdminList(operation, suite),
});

function describeAdminList<Op extends AdminListOperation>(
  operation: Op,
  { seed, findsById = false, platformWide = false, key }: AdminListCase<Op>,
): void {
  const keyOf = (key ?? idOf) as (row: object) => string;
  const read = (answer: Answer<AdminListOperation>) => pageOf(answer, keyOf);
  const ids = (answer: Answer<AdminListOperation>) => read(answer).ids;
  const total = (answer: Answer<AdminListOperation>) => read(answer).total;
  const shape = operation.query.shape;
  const searched = 'q' in shape;
  const sorted = 'sort' in shape;
  const tag = randomUUID().slice(0, 8);
  let seeded: AdminListSeed<Op>;
  /** The whole list in its default order: the seed's rows, and on a platform-wide list every other's too. */
  let everyRow: string[];
  let adminToken: string;

  /** One call of the list through the typed client; the suite's queries are the contract's or deliberately bad. */
  const list = (query: Record<string, unknown>, caller: Caller = { token: adminToken }) =>
    stackClient().call(operation as AdminListOperation, {
      ...caller,
      query,
      ...(seeded.path ? { path: seeded.path } : {}),
    });
  const scoped = (query: Record<string, unknown> = {}) => list({ ...seeded.scope, ...query });
  /** Every row a query keeps, page by largest page. */
  const all = async (query: Record<string, unknown> = {}) => {
    const pageSize = 200;
    const rows: string[] = [];
    for (let page = 1; ; page++) {
      const { ids: more, total } = read(await scoped({ ...query, page, pageSize }));
      rows.push(...more);
      if (more.length < pageSize || rows.length >= total) return rows;
    }
  };
  /** The seed's rows a query keeps, in the order the list answers them (only they, unless platform-wide). */
  const found = async (query: Record<string, unknown>) => {
    if (!platformWide) return ids(await scoped(query));
    const mine = new Set(seeded.ids);
    return (await all(query)).filter((id) => mine.has(id));
  };

  describe(`${operation.id} (${operation.method.toUpperCase()} ${operation.path}), the admin list`, () => {
    beforeAll(async () => {
      adminToken = (await adminSession()).accessToken;
      seeded = await seed(tag);
      expect(seeded.ids.length).toBeGreaterThanOrEqual(3);
      everyRow = platformWide ? await all() : seeded.ids;
      expect(await found({})).toEqual(seeded.ids);
    });

    it('pages on the server: pages of the asked size in the default order, the total in X-Total-Count', async () => {
      const pageSize = 2;
      const pages = Math.ceil(everyRow.length / pageSize);
      const walked: string[] = [];
      for (let page = 1; page <= pages + 1; page++) {
        const answer = await scoped({ page, pageSize });
        expect({ page, status: answer.status, total: total(answer) }).toEqual({
          page,
          status: 200,
          total: everyRow.length,
        });
        const rows = ids(answer);
        // Full pages, then the rest, then past the end nothing (the total still said).
        expect({ page, rows: rows.length }).toEqual({
          page,
          rows: Math.max(0, Math.min(pageSize, everyRow.length - (page - 1) * pageSize)),
        });
        walked.push(...rows);
      }
      expect(walked).toEqual(everyRow);
    });

    if (searched)
      it('searches the fields it declares in any case, `%` and `_` as plain characters', async () => {
        const term = seeded.term;
        if (!term) throw new Error(`${operation.id} searches: its seed must give the term its rows hold`);
        expect(await found({ q: term })).toEqual(seeded.ids);
        for (const { q, ids: expected } of seeded.searches ?? [])
          for (const spelled of [q, q.toUpperCase(), q.toLowerCase()])
            expect({ q: spelled, found: ids(await list({ q: spelled })) }).toEqual({
              q: spelled,
              found: expected,
            });
        // As LIKE patterns these would match every seeded row; as the text a person typed, none.
        const middle = Math.floor(term.length / 2);
        for (const q of [
          `${term.slice(0, middle)}_${term.slice(middle + 1)}`,
          `${term.slice(0, middle)}%${term.slice(middle)}`,
          `${term}%`,
          `%${term}`,
          `${term}_`,
        ]) {
          const answer = await list({ q });
          expect({ q, status: answer.status, found: ids(answer), total: total(answer) }).toEqual({
            q,
            status: 200,
            found: [],
            total: 0,
          });
        }
      });

    if (findsById)
      it('finds a row by its whole id, in either case', async () => {
        const target = seeded.ids[1]!;
        for (const q of [target, target.toUpperCase()]) {
          const answer = await list({ q });
          expect({ q, found: ids(answer), total: total(answer) }).toEqual({ q, found: [target], total: 1 });
        }
      });

    it('keeps the rows each declared filter and order keeps, in order', async () => {
      for (const { query, ids: expected } of [...(seeded.filters ?? []), ...(seeded.sorts ?? [])])
        expect({ query, found: await found(query) }).toEqual({ query, found: expected });
    });

    it('refuses a bad query with a 400 naming what is wrong, never a 500', async () => {
      const bad: [Record<string, unknown>, RegExp][] = [
        [{ pageSize: 0 }, /pageSize/],
        [{ pageSize: 201 }, /pageSize/],
        [{ page: 0 }, /page/],
        [{ [`unknown${tag}`]: 'x' }, new RegExp(`unknown${tag}`)],
      ];
      if (sorted) bad.push([{ sort: `unknown${tag}` }, /sort must be one of/]);
      if (searched)
        bad.push(
          [{ q: 'x'.repeat(201) }, /Search must be at most 200 characters/],
          [{ q: `${tag}\u0000` }, /NUL/],
        );
      for (const [query, message] of bad) {
        const answer = await list(query);
        const said = answer.ok ? '' : answer.body.message;
        expect({ query, status: answer.status }).toEqual({ query, status: 400 });
        expect({ query, said }).toEqual({ query, said: expect.stringMatching(message) });
      }
    });

    it('is refused to an investor (403) and to nobody signed in (401), at the gateway and at the service', async () => {
      const investor = await factories().investor();
      const service = stack().services[operation.owner];
      // The service is asked directly too: it must not count on the gateway to keep investors out.
      const { method, path } = operationCall(
        operation as AdminListOperation,
        ...((seeded.path ? [{ path: seeded.path }] : []) as []),
      );
      for (const base of [undefined, service]) {
        const where = base ? operation.owner : 'gateway';
        const asInvestor = await stackClient().raw(method, path, { token: investor.accessToken, base });
        expect({ where, status: asInvestor.status }).toEqual({ where, status: 403 });
        expect(JSON.stringify(asInvestor.body)).not.toContain(tag);
        const anonymous = await stackClient().raw(method, path, { base });
        expect({ where, status: anonymous.status }).toEqual({ where, status: 401 });
      }
    });
  });
}

// A download over real HTTP from real PostgreSQL: the whole file when read to the end, and a client that goes
// away part-way stops the reads and hands the snapshot's connection back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Koa from 'koa';
import { eventually } from '../../../test/support/api.ts';
import type { Knex } from '../src/db.ts';
import { csvStream, keysetPages, openDownloadSnapshot, sendDownload } from '../src/downloads.ts';
import { createLogger } from '../src/logger.ts';
import { scratchDatabase } from './support.ts';

const ROWS = 100_000;
const PAGE = 1000;
const BUSY = { message: 'Busy', code: 'TEST_BUSY' };

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let server: http.Server;
let base: string;
/** What the last download did: the pages it asked the database for, and whether its snapshot ended. */
const last = { pagesRead: 0, closed: false, failures: [] as Error[] };

/** Pooled connections in use (the snapshot holds one until it ends). */
const inUse = (db: Knex) => (db.client as { pool: { numUsed: () => number } }).pool.numUsed();

beforeAll(async () => {
  scratch = await scratchDatabase();
  await scratch.db.raw(
    `CREATE TABLE rows AS SELECT i AS id, 'row ' || i AS label FROM generate_series(1, ${ROWS}) AS i`,
  );
  await scratch.db.raw('ALTER TABLE rows ADD PRIMARY KEY (id)');
  const deps = {
    db: scratch.db,
    config: { DATABASE_POOL_MAX: 4 },
    logger: createLogger('kit-test', 'silent'),
  };
  const app = new Koa();
  app.use(async (ctx) => {
    Object.assign(last, { pagesRead: 0, closed: false, failures: [] });
    const { trx, close } = await openDownloadSnapshot(deps, BUSY);
    const pages = keysetPages(
      async (after: number | undefined) => {
        last.pagesRead += 1;
        return (await trx('rows')
          .where('id', '>', after ?? 0)
          .orderBy('id')
          .limit(PAGE)
          .select('id', 'label')) as { id: number; label: string }[];
      },
      (row) => row.id,
      PAGE,
    );
    async function* cells() {
      for await (const page of pages) yield page.map((row) => [String(row.id), row.label]);
    }
    const body = csvStream(['Id', 'Label'], cells(), (error) => last.failures.push(error));
    body.once('close', () => {
      close();
      last.closed = true;
    });
    sendDownload(ctx, { filename: 'rows.csv', contentType: 'text/csv; charset=utf-8', body });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await scratch.drop();
});

describe('a download from PostgreSQL over HTTP', () => {
  it('sends every row, chunked, then ends the snapshot', async () => {
    const response = await fetch(`${base}/`);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="rows.csv"');
    const lines = (await response.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('Id,Label');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines.at(-1)).toBe(`${ROWS},row ${ROWS}`);
    await eventually(async () => last.closed && inUse(scratch.db) === 0, 10_000, 'the snapshot to end');
    expect(last.pagesRead).toBe(ROWS / PAGE + 1);
    expect(last.failures).toEqual([]);
  });

  it('stops reading and hands the connection back when the client goes away part-way', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
    });
    await eventually(async () => last.closed && inUse(scratch.db) === 0, 10_000, 'the snapshot to end');
    // A few pages were on their way when the client left; nowhere near the 101 of the whole table. A read on the
    // ended snapshot would have failed and been reported.
    expect(last.pagesRead).toBeGreaterThan(0);
    expect(last.pagesRead).toBeLessThan(ROWS / PAGE / 2);
    expect(last.failures).toEqual([]);
  });
});

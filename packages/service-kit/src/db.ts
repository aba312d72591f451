// One PostgreSQL schema per service (ARCHITECTURE.md section 3). The pool's search_path points at it, so
// queries name bare tables; migrations are plain modules listed in code and run at boot.
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { ServiceEvents } from './bus/service-events.ts';
import { insideRecordingSpan, SpanKind, SpanStatusCode, startSpan, type Span } from './tracing.ts';

export type { Knex };

// numeric stays a string (money is never a float); int8 counts fit in a JS number here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface Migration {
  name: string;
  /** `events` writes a data migration's announcements as the service (the relay sends them once it starts). */
  up: (knex: Knex, events: ServiceEvents) => Promise<void>;
  down?: (knex: Knex) => Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  schema: string;
  migrations: Migration[];
  poolMax?: number;
  applicationName?: string;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export function createDatabase(options: DatabaseOptions): Knex {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name ${options.schema}`);
  return traceQueries(
    knexFactory({
      client: 'pg',
      connection: {
        connectionString: options.url,
        application_name: options.applicationName ?? options.schema,
      },
      searchPath: [options.schema],
      pool: {
        min: 0,
        max: options.poolMax ?? 10,
        afterCreate: (conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) => {
          conn.query(`SET search_path TO "${options.schema}"; SET TIME ZONE 'UTC'`).then(
            () => done(null, conn),
            (err: Error) => done(err, conn),
          );
        },
      },
      acquireConnectionTimeout: 10000,
      migrations: { schemaName: options.schema, tableName: 'schema_migrations' },
    }),
  );
}

interface QueryEvent {
  __knexQueryUid: string;
  sql: string;
  method?: string;
}

/** A client span per query, from knex's start and end events (its uid joins them), child of the active span. */
function traceQueries(knex: Knex): Knex {
  const open = new Map<string, Span>();
  const finish = (query: QueryEvent, failed: boolean) => {
    const span = open.get(query.__knexQueryUid);
    if (!span) return;
    open.delete(query.__knexQueryUid);
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  knex.on('query', (query: QueryEvent) => {
    if (!insideRecordingSpan()) return; // tracing off, or a query outside any request or message
    open.set(
      query.__knexQueryUid,
      startSpan(`db ${query.method ?? 'query'}`, SpanKind.CLIENT, {
        'db.system.name': 'postgresql',
        'db.query.text': query.sql,
      }),
    );
  });
  knex.on('query-response', (_response: unknown, query: QueryEvent) => finish(query, false));
  knex.on('query-error', (_error: unknown, query: QueryEvent) => finish(query, true));
  return knex;
}

/** Deadlock and serialization failure: Postgres rolled the whole transaction back, so a retry is safe. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a use case in one transaction, retrying it when Postgres picked it as a deadlock or serialization
 * victim; the relay is woken after each commit (`ServiceEvents.writing`).
 */
export async function inTransaction<T>(
  ctx: { db: Knex; events: Pick<ServiceEvents, 'writing'> },
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.events.writing(() => ctx.db.transaction(work));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
    }
  }
}

/**
 * Takes the transaction-level advisory lock named `name`, so one session at a time (one replica) runs what the
 * transaction does next; it ends with the transaction, or with the connection if the process dies. Waits for it,
 * or with `wait: false` answers false at once when another session holds it.
 * Advisory locks belong to the whole database, so the name is taken within the session's schema: the replicas of
 * one service share it, and a test's scratch schema never waits for (or skips because of) the running service.
 */
export async function advisoryLock(
  trx: Knex.Transaction,
  name: string,
  { wait = true }: { wait?: boolean } = {},
): Promise<boolean> {
  if (wait) {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '/' || ?))`, [name]);
    return true;
  }
  const { rows } = await trx.raw<{ rows: { locked: boolean }[] }>(
    `SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || '/' || ?)) AS locked`,
    [name],
  );
  return rows[0]?.locked === true;
}

/** One page of a list and the number of rows in all its pages. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Runs `read` in one snapshot (a read-only repeatable-read transaction), so that every statement in it sees the same
 * committed rows: read apart, a page and its count disagreed when a row was committed between them. On a client
 * already inside a transaction, `read` runs in that one (given no snapshot). Started by the client, as
 * `knex.transaction` does, so a caller holding only a query builder can pass its client.
 */
export function readInOneSnapshot<T>(
  client: Knex.Client,
  read: (snapshot?: Knex.Transaction) => Promise<T>,
): Promise<T> {
  if ((client as Knex.Client & { transacting?: boolean }).transacting) return read();
  return client.transaction(
    read,
    { isolationLevel: 'repeatable read', readOnly: true },
    undefined,
  ) as unknown as Promise<T>;
}

/**
 * One page of `query` (which sets the order) and its count: by default the same query without columns or order,
 * or `countQuery` where the page joins tables the count does not need. Both read one snapshot
 * (`readInOneSnapshot`). Lists are paged in SQL, never read whole (ARCHITECTURE.md section 12).
 */
export function pageOf<T>(
  query: Knex.QueryBuilder,
  { page, pageSize }: { page: number; pageSize: number },
  countQuery: Knex.QueryBuilder = query.clone().clearSelect().clearOrder(),
): Promise<Page<T>> {
  return readInOneSnapshot(query.client as Knex.Client, async (snapshot) => {
    const inSnapshot = (builder: Knex.QueryBuilder) =>
      snapshot ? builder.clone().transacting(snapshot) : builder.clone();
    const rows = await inSnapshot(query)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [counted] = await inSnapshot(countQuery).count<{ total: number }[]>({ total: '*' });
    return { items: rows as T[], total: Number(counted?.total ?? 0) };
  });
}

/** Before every uuid: a keyset over ids (`id > ?`) starts after it. */
export const BEFORE_EVERY_UUID = '00000000-0000-0000-0000-000000000000';

/** One keyset page: its rows, and the cursor of the next page (the last row's key), null when this one was the last. */
export const keysetPage = <T>(rows: T[], limit: number, key: (row: T) => string) => ({
  items: rows,
  next: rows.length === limit && rows.length > 0 ? key(rows.at(-1) as T) : null,
});

/** Makes `%`, `_` and `\` in a search literal characters of a LIKE pattern (with ESCAPE '\'). */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` with the text's LIKE wildcards escaped: "contains", for `ILIKE ? ESCAPE '\'`. */
export const containsPattern = (text: string): string => `%${likeLiteral(text)}%`;

/**
 * Creates pg_trgm unless it exists. Services migrating at the same moment may both try: the loser of that
 * race fails on the catalog's unique index once the winner commits, so the attempt runs in a savepoint and
 * that failure is accepted when the extension is then there.
 */
export async function ensureTrigramExtension(knex: Knex): Promise<void> {
  try {
    // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
    await knex.transaction((savepoint) =>
      savepoint.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public'),
    );
  } catch (error) {
    const found = await knex.raw(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    if ((found as { rows: unknown[] }).rows.length === 0) throw error;
  }
}

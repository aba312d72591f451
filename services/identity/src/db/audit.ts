// The audit log: an append-only hash chain (decision 0066). Appends are serialised by one advisory lock held to
// the end of the appending transaction, so every replica's consumer extends the same single chain.
import type { AuditEntryAnswer, EventData, EventEnvelope } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import {
  asStoredJson,
  chainStart,
  chainTime,
  checkNext,
  entryHash,
  type ChainBreak,
  type ChainCursor,
  type StoredEntry,
} from '../domain/audit-chain.ts';

const TABLE = 'audit_logs';
const BATCH = 1000;

/** The row's time in the chain's canonical form (UTC, microseconds), straight from the database. */
const CANONICAL_TIME = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The chained columns, named as the chain names them. */
const CHAINED_COLUMNS = [
  'id',
  'admin_id as adminId',
  'action',
  'target_id as targetId',
  'target_type as targetType',
  'details',
  'ip_address as ipAddress',
  'source',
];

interface StoredRow extends Omit<StoredEntry, 'createdAt'> {
  createdAt: string;
}

type AuditEvent = EventEnvelope<EventData<'audit.recorded'>>;

/**
 * Adds the events as the chain's next entries, in the order given, each once: an event already in the log (a
 * redelivery, same id) adds nothing and takes no position. The lock makes concurrent appends (several consumers,
 * several replicas) wait for each other until commit, so each reads the head the previous one wrote and the
 * "already there" check cannot race; the unique position would refuse a fork even without it. A batch pays for
 * the lock, the head and the insert once.
 */
export async function insertAuditLogs(trx: Knex.Transaction, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('identity.audit_logs'))`);
  const present = new Set<string>(
    await trx(TABLE)
      .whereIn(
        'id',
        events.map((event) => event.id),
      )
      .pluck('id'),
  );
  const head = (await trx(TABLE).select('seq', 'hash').orderBy('seq', 'desc').first()) as
    { seq: number; hash: string } | undefined;
  let cursor: ChainCursor = head ? { verified: head.seq, lastHash: head.hash } : chainStart;
  const rows = [];
  for (const event of events) {
    if (present.has(event.id)) continue;
    present.add(event.id);
    const fields = {
      seq: cursor.verified + 1,
      id: event.id,
      adminId: event.data.adminId,
      action: event.data.action,
      targetId: event.data.targetId,
      targetType: event.data.targetType,
      details: asStoredJson(event.data.details),
      ipAddress: event.data.ipAddress,
      source: event.source,
      createdAt: chainTime(event.occurredAt),
      prevHash: cursor.lastHash,
    };
    const hash = entryHash(fields);
    rows.push({
      id: fields.id,
      seq: fields.seq,
      admin_id: fields.adminId,
      action: fields.action,
      target_id: fields.targetId,
      target_type: fields.targetType,
      details: JSON.stringify(fields.details),
      ip_address: fields.ipAddress,
      source: fields.source,
      created_at: fields.createdAt,
      prev_hash: fields.prevHash,
      hash,
    });
    cursor = { verified: fields.seq, lastHash: hash };
  }
  if (rows.length > 0) await trx(TABLE).insert(rows);
}

export const insertAuditLog = (trx: Knex.Transaction, event: AuditEvent): Promise<void> =>
  insertAuditLogs(trx, [event]);

/** The chain in order, a batch at a time (keyset on the position): never the whole table in memory. */
async function* chainInOrder(db: Knex): AsyncGenerator<StoredRow[]> {
  let after = 0;
  for (;;) {
    const rows = (await db(TABLE)
      .select([
        ...CHAINED_COLUMNS,
        'seq',
        'prev_hash as prevHash',
        'hash',
        db.raw(`${CANONICAL_TIME} as "createdAt"`),
      ])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(BATCH)) as StoredRow[];
    if (rows.length === 0) return;
    yield rows;
    after = (rows[rows.length - 1] as StoredRow).seq;
  }
}

export interface ChainVerification {
  ok: boolean;
  /** Entries verified from the start (all of them when ok; those before the break otherwise). */
  verified: number;
  /** The last verified entry's hash: quoting it elsewhere pins the log up to there. */
  headHash: string;
  firstBroken: ChainBreak | null;
}

/** Walks the whole chain from the first entry and stops at the first entry that does not verify. */
export async function verifyAuditChain(db: Knex): Promise<ChainVerification> {
  let cursor: ChainCursor = chainStart;
  for await (const rows of chainInOrder(db)) {
    for (const row of rows) {
      const broken = checkNext(cursor, row);
      if (broken)
        return { ok: false, verified: cursor.verified, headHash: cursor.lastHash, firstBroken: broken };
      cursor = { verified: row.seq, lastHash: row.hash };
    }
  }
  return { ok: true, verified: cursor.verified, headHash: cursor.lastHash, firstBroken: null };
}

/**
 * Migration 007: the rows logged before the chain, chained in the order they happened (time, then id), a batch
 * at a time, with their positions and hashes for the caller to store.
 */
export async function* chainExistingRows(
  knex: Knex,
): AsyncGenerator<{ id: string; seq: number; prevHash: string; hash: string }[]> {
  let cursor: ChainCursor = chainStart;
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const last = after;
    const rows = (await knex(TABLE)
      .select([...CHAINED_COLUMNS, knex.raw(`${CANONICAL_TIME} as "createdAt"`)])
      .modify((q) => {
        if (last) q.whereRaw('(created_at, id) > (?::timestamptz, ?::uuid)', [last.createdAt, last.id]);
      })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(BATCH)) as Omit<StoredRow, 'seq' | 'prevHash' | 'hash'>[];
    if (rows.length === 0) return;
    const chained = rows.map((row) => {
      const fields = { ...row, seq: cursor.verified + 1, prevHash: cursor.lastHash };
      const hash = entryHash(fields);
      cursor = { verified: fields.seq, lastHash: hash };
      return { id: row.id, seq: fields.seq, prevHash: fields.prevHash, hash };
    });
    yield chained;
    const end = rows[rows.length - 1] as { createdAt: string; id: string };
    after = { createdAt: end.createdAt, id: end.id };
  }
}

/**
 * One entry by id and whether it holds its place: its fields still give its hash, its previous hash is the hash of
 * the entry before it (the genesis hash for the first), and the entry after it, if any, carries its hash.
 */
export async function auditEntryInChain(db: Knex, id: string): Promise<AuditEntryAnswer> {
  const chained = () =>
    db(TABLE).select([
      ...CHAINED_COLUMNS,
      'seq',
      'prev_hash as prevHash',
      'hash',
      db.raw(`${CANONICAL_TIME} as "createdAt"`),
    ]);
  const row = (await chained().where({ id }).first()) as StoredRow | undefined;
  if (!row) return { entry: null };
  const [before, after] = (await Promise.all([
    db(TABLE)
      .where({ seq: row.seq - 1 })
      .first('hash'),
    db(TABLE)
      .where({ seq: row.seq + 1 })
      .first('prev_hash as prevHash'),
  ])) as [{ hash: string } | undefined, { prevHash: string } | undefined];
  const cursor: ChainCursor = before ? { verified: row.seq - 1, lastHash: before.hash } : chainStart;
  const intact = checkNext(cursor, row) === null && (!after || after.prevHash === row.hash);
  return {
    entry: {
      id: row.id,
      position: row.seq,
      action: row.action,
      targetId: row.targetId,
      targetType: row.targetType,
      details: row.details as Record<string, unknown>,
      hash: row.hash,
      intact,
    },
  };
}

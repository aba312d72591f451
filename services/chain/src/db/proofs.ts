// Proof builds as stored (decision 0082): the root of each build, its tree cut into chunks of nodes, and its leaves.
// A build is written in one transaction, so a proof is published whole or not at all; its leaves are first staged
// in input order (in a temporary table) while the tree is built, and copied with their leaf indexes once the tree
// knows them, so the service never holds every investor in memory.
import { NODE_BYTES, type ProofLocation, type TreeChunk } from '@cropvest/contracts/chain/proof';
import type { Knex } from '@cropvest/service-kit/db';

export interface BuildRow {
  id: string;
  trigger: 'schedule' | 'admin';
  admin_id: string | null;
  started_at: Date;
  built_at: Date;
  leaf_count: number;
  root_hash: string | null;
  total: string;
  nodes_per_chunk: number;
  reconciliation_id: string | null;
  pruned_at: Date | null;
}

export interface LeafRow {
  leaf_index: number;
  amount: string;
  nonce: Buffer;
}

/**
 * Chunks per insert: each is up to NODES_PER_CHUNK × 48 bytes (196 KB), sent as hex text that the driver then copies
 * into its message; four keep that under 4 MB while the tree (about 100 MB for a million leaves) is still held.
 */
const CHUNKS_PER_INSERT = 4;

/** `built_at` is given: the transaction's now() is when the build began, not when its tree was done. */
export const insertBuild = async (trx: Knex.Transaction, build: Omit<BuildRow, 'pruned_at'>) => {
  await trx('proof_builds').insert(build);
};

export async function insertChunks(trx: Knex.Transaction, buildId: string, chunks: Iterable<TreeChunk>) {
  let batch: TreeChunk[] = [];
  const flush = async () => {
    if (!batch.length) return;
    await trx('proof_chunks').insert(
      batch.map(({ level, chunk, bytes }) => ({
        build_id: buildId,
        level,
        chunk,
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      })),
    );
    batch = [];
  };
  for (const chunk of chunks) {
    batch.push(chunk);
    if (batch.length === CHUNKS_PER_INSERT) await flush();
  }
  await flush();
}

/** The temporary table leaves wait in until their leaf indexes are known; it goes with the transaction. */
export const createLeafStaging = (trx: Knex.Transaction) =>
  trx.raw(`CREATE TEMPORARY TABLE leaf_staging (
             input integer PRIMARY KEY, user_id uuid NOT NULL, amount numeric(28,8) NOT NULL, nonce bytea NOT NULL
           ) ON COMMIT DROP`);

/** Leaves in the order they were given to the tree, from `firstInput` on; nonces as 64 hex digits. */
export async function stageLeaves(
  trx: Knex.Transaction,
  firstInput: number,
  leaves: { userId: string; amount: string; nonce: string }[],
): Promise<void> {
  await trx.raw(
    `INSERT INTO leaf_staging (input, user_id, amount, nonce)
     SELECT ?::int + ordinality::int - 1, user_id, amount, decode(nonce, 'hex')
       FROM unnest(?::uuid[], ?::numeric[], ?::text[]) WITH ORDINALITY AS l(user_id, amount, nonce)`,
    [firstInput, leaves.map((l) => l.userId), leaves.map((l) => l.amount), leaves.map((l) => l.nonce)],
  );
}

/**
 * Leaves copied per statement: their indexes travel as one array of text, so a slice keeps it small (a million at once
 * took some 65 MB of numbers and text while the tree was still held).
 */
const LEAVES_PER_INSERT = 50_000;

/**
 * Copies the staged leaves into the build with the index the tree gave each (`leafIndexByInput[i]` is where the
 * i-th leaf given ended up), a slice at a time.
 */
export async function insertLeaves(
  trx: Knex.Transaction,
  buildId: string,
  leafIndexByInput: Uint32Array,
): Promise<void> {
  for (let first = 0; first < leafIndexByInput.length; first += LEAVES_PER_INSERT) {
    const slice = leafIndexByInput.subarray(first, first + LEAVES_PER_INSERT);
    await trx.raw(
      `INSERT INTO proof_leaves (build_id, user_id, leaf_index, amount, nonce)
       SELECT ?, s.user_id, m.leaf_index, s.amount, s.nonce
         FROM unnest(?::int[]) WITH ORDINALITY AS m(leaf_index, n)
         JOIN leaf_staging s ON s.input = ?::int + m.n::int - 1
        ORDER BY m.n`,
      [buildId, Array.from(slice), first],
    );
  }
}

/** The newest build, published or empty. */
export const latestBuild = (db: Knex): Promise<BuildRow | undefined> =>
  db<BuildRow>('proof_builds').orderBy('built_at', 'desc').first();

export const leafOf = (db: Knex, buildId: string, userId: string): Promise<LeafRow | undefined> =>
  db('proof_leaves')
    .where({ build_id: buildId, user_id: userId })
    .first<LeafRow>('leaf_index', 'amount', 'nonce');

/** The nodes at `locations` (one per level of a path), each NODE_BYTES read out of its chunk, in the same order. */
export async function nodesAt(db: Knex, buildId: string, locations: ProofLocation[]): Promise<Buffer[]> {
  const { rows } = await db.raw<{ rows: { step: number; node: Buffer }[] }>(
    `SELECT w.step, substring(c.bytes FROM w.offset_bytes + 1 FOR ${NODE_BYTES}) AS node
       FROM unnest(?::int[], ?::int[], ?::int[]) WITH ORDINALITY AS w(level, chunk, offset_bytes, step)
       JOIN proof_chunks c ON c.build_id = ? AND c.level = w.level AND c.chunk = w.chunk
      ORDER BY w.step`,
    [
      locations.map((l) => l.level),
      locations.map((l) => l.chunk),
      locations.map((l) => l.offset * NODE_BYTES),
      buildId,
    ],
  );
  if (rows.length !== locations.length)
    throw new Error(`build ${buildId} is missing ${locations.length - rows.length} of a path's nodes`);
  return rows.map((row) => row.node);
}

/**
 * Deletes the chunks and leaves of every build but the newest `keep`; their roots stay. Answers the builds pruned.
 */
export async function pruneBuilds(trx: Knex.Transaction, keep: number): Promise<string[]> {
  const old = await trx<BuildRow>('proof_builds')
    .whereNull('pruned_at')
    .orderBy('built_at', 'desc')
    .offset(keep)
    .pluck('id');
  if (!old.length) return [];
  await trx('proof_leaves').whereIn('build_id', old).delete();
  await trx('proof_chunks').whereIn('build_id', old).delete();
  await trx('proof_builds').whereIn('id', old).update({ pruned_at: trx.fn.now() });
  return old;
}

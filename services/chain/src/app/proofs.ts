// The proof of liabilities (docs/decisions/0082): once a UTC day (and when an admin asks), a Merkle-sum tree over
// every investor owed more than zero, each with a fresh secret nonce, from what the wallet and plans say in keyset
// pages, merged by user id. Published with the reserves of the latest reconciliation beside it; each investor can
// then fetch their own proof and nobody else's.
import { hash } from 'node:crypto';
import {
  OwedPage,
  PLANS_ACCRUED_PAGE_SUBJECT,
  WALLET_BALANCES_PAGE_SUBJECT,
  type ProofBuildStarted,
  type ProofOfReservesReport,
} from '@cropvest/contracts';
import {
  buildMerkleSumTree,
  generateNonce,
  NODES_PER_CHUNK,
  PROOF_VERSION,
  proofLocations,
  readNode,
  unitsToDecimal,
  type LiabilityLeaf,
  type LiabilityProof,
} from '@cropvest/contracts/chain/proof';
import { sendCommand } from '@cropvest/service-kit/bus';
import { advisoryLock, type Knex } from '@cropvest/service-kit/db';
import { ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import { v7 as uuidv7 } from 'uuid';
import { mergeOwed, type OwedAmount, type OwedUnits } from '../domain/liabilities.ts';
import { coverageRatio, proofDue } from '../domain/reserves.ts';
import {
  createLeafStaging,
  insertBuild,
  insertChunks,
  insertLeaves,
  latestBuild,
  leafOf,
  nodesAt,
  pruneBuilds,
  stageLeaves,
  type BuildRow,
} from '../db/proofs.ts';
import { latestRunRow, runById } from '../db/reconciliations.ts';
import { publishedReserves } from './reserve-views.ts';
import { type ChainContext, type RequestMeta } from './context.ts';
import type { Trigger } from './reconcile.ts';

/** One replica, one build at a time. */
const LOCK = 'chain.proof_build';

const sha256 = (data: Uint8Array) => hash('sha256', data, 'buffer');

/**
 * Builds and publishes a proof, in one transaction: the root, the tree's chunks and every leaf, or nothing. A
 * scheduled build answers null when today's proof exists or another replica is building; `started` is told once the
 * build holds the lock. Leaves and chunks of builds older than PROOF_RETAIN_BUILDS are deleted afterwards.
 */
export async function buildProof(
  ctx: ChainContext,
  trigger: Trigger,
  started?: (at: Date) => void,
): Promise<BuildRow | null> {
  const built = await ctx.events.writing(() =>
    ctx.db.transaction(async (trx) => {
      if (!(await advisoryLock(trx, LOCK, { wait: false }))) return null;
      if (trigger.kind === 'schedule') {
        const last = await latestBuild(trx);
        if (!proofDue(last?.built_at ?? null, ctx.config.PROOF_BUILD_HOUR_UTC, new Date())) return null;
      }
      const startedAt = new Date();
      started?.(startedAt);
      const build = await buildTree(ctx, trx, uuidv7(), trigger, startedAt);
      if (trigger.kind === 'admin')
        await ctx.events.audit(
          trx,
          {
            adminId: trigger.adminId,
            action: 'liabilities_proof_build',
            targetType: 'proof_build',
            targetId: build.id,
            details: { leafCount: build.leaf_count, total: build.total, rootHash: build.root_hash },
            ipAddress: trigger.meta.ip,
          },
          trigger.meta.traceparent,
        );
      return build;
    }),
  );
  if (!built) return null;
  ctx.logger.info(
    {
      build: built.id,
      leaves: built.leaf_count,
      total: built.total,
      seconds: (Date.now() - built.started_at.getTime()) / 1000,
    },
    'proof of liabilities published',
  );
  const pruned = await ctx.db.transaction((trx) => pruneBuilds(trx, ctx.config.PROOF_RETAIN_BUILDS));
  if (pruned.length) ctx.logger.info({ builds: pruned }, 'old proof builds pruned (their roots stay)');
  return built;
}

async function buildTree(
  ctx: ChainContext,
  trx: Knex.Transaction,
  id: string,
  trigger: Trigger,
  startedAt: Date,
): Promise<BuildRow> {
  const reconciliation = await latestRunRow(trx);
  const row = {
    id,
    trigger: trigger.kind,
    admin_id: trigger.kind === 'admin' ? trigger.adminId : null,
    started_at: startedAt,
    nodes_per_chunk: NODES_PER_CHUNK,
    reconciliation_id: reconciliation?.id ?? null,
  };
  const owed = mergeOwed(
    owedPages(ctx, WALLET_BALANCES_PAGE_SUBJECT),
    owedPages(ctx, PLANS_ACCRUED_PAGE_SUBJECT),
  );
  const first = await owed.next();
  if (first.done) {
    // Nobody is owed anything: the day's build is recorded, with nothing to publish.
    const empty = { ...row, built_at: new Date(), leaf_count: 0, root_hash: null, total: '0.00000000' };
    await insertBuild(trx, empty);
    return { ...empty, pruned_at: null };
  }
  await createLeafStaging(trx);
  const { build, leafIndexByInput } = await storeTree(
    trx,
    row,
    stagedLeaves(ctx, trx, prepend(first.value, owed)),
  );
  await insertLeaves(trx, id, leafIndexByInput);
  return { ...build, pruned_at: null };
}

/**
 * Builds the tree from the leaves, stores its root and chunks, and answers where each leaf went: the tree's levels
 * (about 100 MB for a million leaves) are no longer held once this returns, while the leaves are copied.
 */
async function storeTree(
  trx: Knex.Transaction,
  row: Omit<BuildRow, 'built_at' | 'leaf_count' | 'root_hash' | 'total' | 'pruned_at'>,
  leaves: AsyncIterable<LiabilityLeaf>,
): Promise<{ build: Omit<BuildRow, 'pruned_at'>; leafIndexByInput: Uint32Array }> {
  const tree = await buildMerkleSumTree(leaves, sha256);
  const build = {
    ...row,
    built_at: new Date(),
    leaf_count: tree.leafCount,
    root_hash: tree.rootHash,
    total: tree.total,
  };
  await insertBuild(trx, build);
  await insertChunks(trx, row.id, tree.chunks());
  return { build, leafIndexByInput: tree.leafIndexByInput };
}

async function* prepend<T>(first: T, rest: AsyncIterable<T>): AsyncGenerator<T> {
  yield first;
  yield* rest;
}

/**
 * Every user a source owes, page after page; the next page is asked for while this one is used, so the build
 * waits on the bus as little as it can.
 */
async function* owedPages(ctx: ChainContext, subject: string): AsyncGenerator<OwedAmount> {
  const ask = (after: string | null) => {
    const answer = sendCommand(
      ctx.bus.nc,
      subject,
      { after, limit: ctx.config.PROOF_PAGE_SIZE },
      ctx.config.LIABILITIES_TIMEOUT_MS,
    ).then((page) => OwedPage.parse(page));
    // A page asked ahead whose build failed meanwhile is never awaited: its failure is not unhandled.
    answer.catch(() => undefined);
    return answer;
  };
  let next = ask(null);
  for (;;) {
    const page = await next;
    if (page.next) next = ask(page.next);
    yield* page.items;
    if (!page.next) return;
  }
}

/**
 * The tree's leaves, each with a fresh nonce, staged in the build's transaction as they go (a page at a time, one
 * insert in flight while the tree hashes on), so what each investor was given is kept without holding them all.
 */
async function* stagedLeaves(
  ctx: ChainContext,
  trx: Knex.Transaction,
  owed: AsyncIterable<OwedUnits>,
): AsyncGenerator<LiabilityLeaf> {
  let batch: { userId: string; amount: string; nonce: string }[] = [];
  let staged = 0;
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async () => {
    await inFlight;
    inFlight = stageLeaves(trx, staged, batch);
    inFlight.catch(() => undefined);
    staged += batch.length;
    batch = [];
  };
  for await (const { userId, units } of owed) {
    const leaf = { userId, units, nonce: generateNonce() };
    batch.push({ userId, amount: unitsToDecimal(units), nonce: leaf.nonce });
    yield leaf;
    if (batch.length === ctx.config.PROOF_PAGE_SIZE) await flush();
  }
  if (batch.length) await flush();
  await inFlight;
}

/** Starts a build for an admin: answers once it has begun (409 while another runs); the build goes on after. */
export function requestProofBuild(
  ctx: ChainContext,
  adminId: string,
  meta: RequestMeta,
  track: (work: Promise<unknown>) => void,
): Promise<ProofBuildStarted> {
  return new Promise((resolve, reject) => {
    const build = buildProof(ctx, { kind: 'admin', adminId, meta }, (at) =>
      resolve({ startedAt: at.toISOString() }),
    );
    track(
      build.then(
        (built) => {
          if (!built)
            reject(
              new ConflictError(
                'A proof of liabilities is being built already; it is published when it is done.',
                'PROOF_BUILD_RUNNING',
              ),
            );
        },
        (error: unknown) => {
          ctx.logger.error({ err: error }, 'proof of liabilities build failed');
          reject(error);
        },
      ),
    );
  });
}

/** The latest build's root and the reserves read beside it, as anyone may see them. */
export async function publicReport(ctx: ChainContext): Promise<ProofOfReservesReport> {
  const build = await latestBuild(ctx.db);
  if (!build) return { proof: null, builtAt: null, reserves: null, coverage: null };
  const run = build.reconciliation_id ? await runById(ctx.db, build.reconciliation_id) : null;
  const reserves = run ? publishedReserves(ctx, run) : null;
  return {
    proof: build.root_hash
      ? {
          version: PROOF_VERSION,
          rootHash: build.root_hash,
          total: build.total,
          leafCount: build.leaf_count,
          builtAt: build.built_at.toISOString(),
        }
      : null,
    builtAt: build.built_at.toISOString(),
    reserves,
    coverage: reserves ? coverageRatio(reserves.total, build.total) : null,
  };
}

/** The caller's own proof from the latest build: only ever theirs, as the id comes from their token. */
export async function myProof(ctx: ChainContext, userId: string): Promise<LiabilityProof> {
  const build = await latestBuild(ctx.db);
  if (!build?.root_hash)
    throw new NotFoundError('No proof of liabilities has been published yet.', 'NO_PROOF');
  const leaf = await leafOf(ctx.db, build.id, userId);
  if (!leaf)
    throw new NotFoundError(
      `You were owed nothing when the latest proof was built (${build.built_at.toISOString()}), so it holds no balance of yours.`,
      'NOT_IN_PROOF',
    );
  const locations = proofLocations(leaf.leaf_index, build.leaf_count, build.nodes_per_chunk);
  const nodes = await nodesAt(ctx.db, build.id, locations);
  return {
    version: PROOF_VERSION,
    rootHash: build.root_hash,
    total: build.total,
    userId,
    nonce: leaf.nonce.toString('hex'),
    amount: leaf.amount,
    leafIndex: leaf.leaf_index,
    path: locations.map((location, step) => ({ ...readNode(nodes[step] as Buffer, 0), side: location.side })),
    builtAt: build.built_at.toISOString(),
  };
}

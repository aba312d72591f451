// What admins see of the reserves: the latest reconciliation and proof build, a run on demand, and the daily history.
import type { Reconciliation, ReservesHistory, ReservesOverview } from '@cropvest/contracts';
import { coverageRatio } from '../domain/reserves.ts';
import { latestBuild } from '../db/proofs.ts';
import { dailyHistory, latestRun } from '../db/reconciliations.ts';
import { reconcile } from './reconcile.ts';
import { reconciliationView } from './reserve-views.ts';
import type { ChainContext, RequestMeta } from './context.ts';

export async function reservesOverview(ctx: ChainContext): Promise<ReservesOverview> {
  const [run, build] = await Promise.all([latestRun(ctx.db), latestBuild(ctx.db)]);
  return {
    latest: run ? reconciliationView(ctx, run) : null,
    proof: build
      ? {
          builtAt: build.built_at.toISOString(),
          leafCount: build.leaf_count,
          total: build.total,
          rootHash: build.root_hash,
        }
      : null,
  };
}

/** An admin's run: waits for a run in progress, then reads everything again (audited with the run). */
export async function reconcileNow(
  ctx: ChainContext,
  adminId: string,
  meta: RequestMeta,
): Promise<Reconciliation> {
  return reconciliationView(ctx, await reconcile(ctx, { kind: 'admin', adminId, meta }));
}

export async function reservesHistory(ctx: ChainContext, days: number): Promise<ReservesHistory> {
  const rows = await dailyHistory(ctx.db, days);
  return { days: rows.map((row) => ({ ...row, coverage: coverageRatio(row.reserves, row.liabilities) })) };
}

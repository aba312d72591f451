// Figures the gateway composes itself from the services' own answers over NATS request/reply, so no one
// reads another service's tables (ARCHITECTURE.md sections 3 and 11): the operations the contracts give the
// gateway (dashboard-api.ts), `publicStats` (the landing page's statistics row, public) and `adminDashboard`
// (the admin dashboard summary, admins only).
// A service that does not answer (not deployed yet, or down: NATS "no responders" or a timeout) leaves its
// figures null and is named in `unavailable`; nothing is ever estimated. These answers sit behind edge.ts like
// any proxied call, so its checks (token, ban, role, admin addresses, maintenance) run once, there.
import type { Context } from 'koa';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import {
  AdminDashboard,
  apiOperations,
  IdentityStats,
  PlansStats,
  PublicStats,
  STATS_SUBJECTS,
  WalletStats,
  type StatsSource,
  type z,
} from '@cropvest/contracts';
import { sendCommand } from '@cropvest/service-kit/bus';
import type { OperationOf } from '@cropvest/service-kit/operations';

export interface ComposeDeps {
  nc: NatsConnection;
  logger: Logger;
  /** How long to wait for each service's answer. */
  timeoutMs?: number;
}

type OwnOperationId = OperationOf<'gateway'>['id'];

/** The answer to each operation the gateway owns, by its id: one left out does not compile. */
export type OwnAnswers = Record<OwnOperationId, (ctx: Context) => Promise<void>>;

const ownOperations = apiOperations.filter((operation) => operation.owner === 'gateway');

/**
 * The gateway's own answer to a request, if it is one of the gateway's operations. Their paths name no
 * parameter, so a request matches one by method and path alone.
 */
export function ownAnswerTo(
  answers: OwnAnswers,
  method: string,
  path: string,
): ((ctx: Context) => Promise<void>) | undefined {
  const operation = ownOperations.find(
    (candidate) => candidate.method.toUpperCase() === method && candidate.path === path,
  );
  return operation && answers[operation.id as OwnOperationId];
}

export function composedAnswers(deps: ComposeDeps): OwnAnswers {
  const timeoutMs = deps.timeoutMs ?? 2000;

  async function ask<S extends z.ZodType>(source: StatsSource, schema: S): Promise<z.output<S> | null> {
    try {
      return schema.parse(await sendCommand<unknown>(deps.nc, STATS_SUBJECTS[source], {}, timeoutMs));
    } catch (error) {
      deps.logger.debug({ err: error, source }, 'statistics not available');
      return null;
    }
  }

  async function gather() {
    const [identity, wallet, plans] = await Promise.all([
      ask('identity', IdentityStats),
      ask('wallet', WalletStats),
      ask('plans', PlansStats),
    ]);
    const unavailable: StatsSource[] = [];
    if (!identity) unavailable.push('identity');
    if (!wallet) unavailable.push('wallet');
    if (!plans) unavailable.push('plans');
    return { identity, wallet, plans, unavailable, generatedAt: new Date().toISOString() };
  }

  return {
    publicStats: async (ctx) => {
      const { identity, plans, unavailable, generatedAt } = await gather();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = PublicStats.parse({
        totalInvested: plans?.totalInvested ?? null,
        investors: identity?.totalInvestors ?? null,
        activePlans: plans?.activePlans ?? null,
        harvestsPaid: plans?.harvestsPaid ?? null,
        unavailable: unavailable.filter((s) => s !== 'wallet'),
        generatedAt,
      });
    },
    adminDashboard: async (ctx) => {
      const { identity, wallet, plans, unavailable, generatedAt } = await gather();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = AdminDashboard.parse({
        totalUsers: identity?.totalUsers ?? null,
        totalInvestors: identity?.totalInvestors ?? null,
        totalDeposits: wallet?.totalDeposits ?? null,
        totalWithdrawals: wallet?.totalWithdrawals ?? null,
        activeInvestments: plans?.activeInvestments ?? null,
        pendingDeposits: wallet?.pendingDeposits ?? null,
        pendingWithdrawals: wallet?.pendingWithdrawals ?? null,
        unavailable,
        generatedAt,
      });
    },
  };
}

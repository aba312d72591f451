// Figures the gateway composes from the services' own answers over NATS request/reply (ARCHITECTURE.md
// sections 3 and 11): the public statistics row of the landing page and the admin dashboard. A figure
// whose service does not answer (not deployed yet, or down) is null and named in `unavailable`; the
// front end shows "—" for it, never an invented number.
import { z } from '../zod.ts';
import { MoneyString } from '../decimal.ts';
import { Timestamp } from '../common.ts';
import { IDENTITY_STATS_SUBJECT } from '../identity/auth.ts';
import { PLANS_STATS_SUBJECT } from '../plans/model.ts';
import { WALLET_STATS_SUBJECT } from '../wallet/model.ts';

/** Request/reply subjects the gateway asks; each owning service defines and answers its own. */
export const STATS_SUBJECTS = {
  identity: IDENTITY_STATS_SUBJECT,
  wallet: WALLET_STATS_SUBJECT,
  plans: PLANS_STATS_SUBJECT,
} as const;

/** Every `STATS_SUBJECTS` command takes no arguments: a service answers its own figures. */
export const StatsQuery = z.object({}).strict();

/** `cmd.identity.stats` answer. */
export const IdentityStats = z.object({
  totalUsers: z.number().int().min(0),
  totalInvestors: z.number().int().min(0),
});
export type IdentityStats = z.infer<typeof IdentityStats>;

// `cmd.wallet.stats` answers WalletStats, defined with the wallet's own contracts (wallet.ts).

/** `cmd.plans.stats` answer: principal ever invested, active plans and investments, harvests paid out. */
export const PlansStats = z.object({
  totalInvested: MoneyString,
  activePlans: z.number().int().min(0),
  activeInvestments: z.number().int().min(0),
  harvestsPaid: z.number().int().min(0),
});
export type PlansStats = z.infer<typeof PlansStats>;

export const StatsSource = z.enum(['identity', 'wallet', 'plans']);
export type StatsSource = z.infer<typeof StatsSource>;

const Unavailable = z
  .array(StatsSource)
  .openapi({ description: 'Services that did not answer; their figures are null.' });

/** GET /api/stats/public: the landing page's statistics row. */
export const PublicStats = z
  .object({
    totalInvested: MoneyString.nullable(),
    investors: z.number().int().min(0).nullable(),
    activePlans: z.number().int().min(0).nullable(),
    harvestsPaid: z.number().int().min(0).nullable(),
    unavailable: Unavailable,
    generatedAt: Timestamp,
  })
  .openapi('PublicStats');
export type PublicStats = z.infer<typeof PublicStats>;

/** GET /api/admin/dashboard: the spec's summary (totalUsers, totalDeposits, totalWithdrawals, activeInvestments) plus investors. */
export const AdminDashboard = z
  .object({
    totalUsers: z.number().int().min(0).nullable(),
    totalInvestors: z.number().int().min(0).nullable(),
    totalDeposits: MoneyString.nullable(),
    totalWithdrawals: MoneyString.nullable(),
    activeInvestments: z.number().int().min(0).nullable(),
    pendingDeposits: z.number().int().min(0).nullable(),
    pendingWithdrawals: z.number().int().min(0).nullable(),
    unavailable: Unavailable,
    generatedAt: Timestamp,
  })
  .openapi('AdminDashboard');
export type AdminDashboard = z.infer<typeof AdminDashboard>;

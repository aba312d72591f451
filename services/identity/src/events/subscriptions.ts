// Everything identity reacts to, in one place.
import { subscribe, type Subscription } from '@cropvest/service-kit/bus';
import { insertAuditLog, insertAuditLogs } from '../db/audit.ts';
import { setBalanceProjection, setBalanceProjections, setKycProjection } from '../db/users.ts';

export const subscriptions = (): Subscription[] => [
  subscribe({
    durable: 'identity-audit-recorded',
    type: 'audit.recorded',
    handle: (trx, event) => insertAuditLog(trx, event),
    // A burst (a bulk review, a busy hour) takes the chain's lock once per batch instead of once per entry.
    batch: 50,
    handleMany: (trx, events) => insertAuditLogs(trx, events),
  }),
  // users.kycStatus (in /api/auth/me and the admin lists) follows the KYC service.
  subscribe({
    durable: 'identity-kyc-submitted',
    type: 'kyc.submitted',
    handle: (trx, event) =>
      setKycProjection(trx, {
        userId: event.data.userId,
        kycId: event.data.kycId,
        status: 'pending',
        at: event.occurredAt,
      }),
  }),
  subscribe({
    durable: 'identity-kyc-reviewed',
    type: 'kyc.reviewed',
    handle: (trx, event) =>
      setKycProjection(trx, {
        userId: event.data.userId,
        kycId: event.data.kycId,
        status: event.data.status,
        at: event.occurredAt,
      }),
  }),
  // users.balance follows the wallet's available account. Events may arrive out of order; each carries the
  // version of the balances, and the projection keeps only a newer one, so the newest balance always stays. A
  // harvest day sends one per investor per payout batch: a backlog is written 100 events per statement.
  subscribe({
    durable: 'identity-wallet-balance-changed',
    type: 'wallet.balance_changed',
    handle: (trx, event) => setBalanceProjection(trx, event.data.userId, event.data),
    batch: 100,
    handleMany: (trx, events) =>
      setBalanceProjections(
        trx,
        events.map((event) => event.data),
      ),
  }),
];

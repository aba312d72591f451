// Everything identity reacts to, in one place.
import { WALLET_BALANCE_SUBJECT, type WalletBalances } from '@cropvest/contracts';
import { sendCommand, subscribe, type ServiceDeps, type Subscription } from '@cropvest/service-kit';
import { insertAuditLog } from '../db/audit.ts';
import { lockUserRow, setBalanceProjection, setKycProjection } from '../db/users.ts';

export const subscriptions = (deps: ServiceDeps): Subscription[] => [
  subscribe({
    durable: 'identity-audit-recorded',
    type: 'audit.recorded',
    handle: (trx, event) => insertAuditLog(trx, event),
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
  // users.balance follows the wallet's available account. Events may arrive out of order, so the handler asks
  // the wallet for the balance as it is now instead of trusting the event's copy: the last event handled
  // always leaves the newest balance (docs/decisions/0003-balance-projection.md).
  subscribe({
    durable: 'identity-wallet-balance-changed',
    type: 'wallet.balance_changed',
    handle: async (trx, event) => {
      // The row lock serialises replicas handling the same user, so an older answer never overwrites a newer one.
      if (!(await lockUserRow(trx, event.data.userId))) return;
      const now = await sendCommand<WalletBalances>(deps.bus.nc, WALLET_BALANCE_SUBJECT, {
        userId: event.data.userId,
      });
      await setBalanceProjection(trx, event.data.userId, now.available);
    },
  }),
];

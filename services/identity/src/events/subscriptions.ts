// Everything identity reacts to, in one place.
import { subscribe, type Subscription } from '@cropvest/service-kit';
import { insertAuditLog } from '../db/audit.ts';

export const subscriptions = (): Subscription[] => [
  subscribe({ durable: 'identity-audit-recorded', type: 'audit.recorded', handle: (trx, event) => insertAuditLog(trx, event) }),
];

// Everything KYC reacts to, in one place: identity's user events keep the submitter projection fresh.
import { subscribe, type Subscription } from '@cropvest/service-kit';
import { upsertUser } from '../db/users.ts';

export const subscriptions = (): Subscription[] => [
  subscribe({
    durable: 'kyc-user-registered',
    type: 'user.registered',
    handle: (trx, event) =>
      upsertUser(
        trx,
        { id: event.data.userId, name: event.data.name, email: event.data.email, role: event.data.role },
        event.occurredAt,
      ),
  }),
  subscribe({
    durable: 'kyc-user-updated',
    type: 'user.updated',
    handle: (trx, event) =>
      upsertUser(
        trx,
        { id: event.data.userId, name: event.data.name, email: event.data.email, role: event.data.role },
        event.occurredAt,
      ),
  }),
];

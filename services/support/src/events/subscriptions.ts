// Everything support reacts to, in one place: identity's user events keep the opener projection fresh.
import { subscribe, type Subscription } from '@cropvest/service-kit';
import { upsertUser } from '../db/users.ts';

export const subscriptions = (): Subscription[] => [
  subscribe({
    durable: 'support-user-registered',
    type: 'user.registered',
    handle: (trx, event) =>
      upsertUser(
        trx,
        { id: event.data.userId, name: event.data.name, email: event.data.email, role: event.data.role },
        event.occurredAt,
      ),
  }),
  subscribe({
    durable: 'support-user-updated',
    type: 'user.updated',
    handle: (trx, event) =>
      upsertUser(
        trx,
        { id: event.data.userId, name: event.data.name, email: event.data.email, role: event.data.role },
        event.occurredAt,
      ),
  }),
];

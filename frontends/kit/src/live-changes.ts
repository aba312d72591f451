// What each `changed` message of the live stream makes the screens read again (docs/decisions/0105): the one
// mapping from the server's topics to this API's cache tags. A topic invalidates whole tag types, or a
// list's LIST tag where every screen that shows the data provides it, so an open screen refetches and a
// closed one reads fresh data when it opens. The messages of a burst (a deposit approved is also a balance
// changed) are gathered into one invalidation.
import type { LiveTopic } from '@cropvest/contracts/notify/notification-stream';
import { LIVE_TOPICS } from '@cropvest/contracts/notify/notification-stream';
import { api } from './api.ts';
import type { AppDispatch } from './store.ts';

type Tag = Parameters<typeof api.util.invalidateTags>[0][number];

/** The admin dashboard's figures count the queues, so every queue's change refreshes them too. */
const QUEUE_FIGURES: Tag = 'AdminDashboard';

export const LIVE_TOPIC_TAGS: Record<LiveTopic, readonly Tag[]> = {
  // The balance is part of the signed-in user (/api/auth/me), which every layout holds.
  balance: ['User'],
  // Transaction History provides the deposit, withdrawal and investment lists' tags too; an admin's page of one
  // user shows that user's deposits, withdrawals and investments.
  deposits: [{ type: 'Deposits', id: 'LIST' }, QUEUE_FIGURES, 'AdminUserPage'],
  withdrawals: [{ type: 'Withdrawals', id: 'LIST' }, QUEUE_FIGURES, 'AdminUserPage'],
  investments: ['Investments', QUEUE_FIGURES, 'AdminUserPage'],
  // Slots left on every plan, on the plan lists and each plan's page.
  plans: ['Plans'],
  // The KYC status is also part of the signed-in user.
  kyc: ['Kyc', 'AdminKyc', 'User', QUEUE_FIGURES],
  tickets: ['Tickets', QUEUE_FIGURES],
  users: ['AdminUsers', 'AdminUserPage'],
  unmatched: ['UnmatchedTransfers'],
  // A disbursement's, proceeds' or reserve contribution's transfer checked on chain.
  funding: ['PlanFunding', 'ReserveFund'],
};

export const tagsForTopics = (topics: Iterable<LiveTopic>): Tag[] => [
  ...new Set([...topics].flatMap((topic) => LIVE_TOPIC_TAGS[topic])),
];

/** Everything a `changed` message can name: what a stream that was down may have missed. */
export const ALL_LIVE_TAGS: Tag[] = tagsForTopics(LIVE_TOPICS);

/** How long the messages of one burst are gathered before the screens read again. */
export const LIVE_CHANGE_GATHER_MS = 100;

/** Gathers topics and invalidates their tags once per burst; `flush` at once when the stream ends. */
export function liveChangeBatcher(dispatch: AppDispatch, gatherMs = LIVE_CHANGE_GATHER_MS) {
  const pending = new Set<LiveTopic>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const tags = tagsForTopics(pending);
    pending.clear();
    dispatch(api.util.invalidateTags(tags));
  };
  return {
    add(topics: readonly string[]) {
      for (const topic of topics)
        if ((LIVE_TOPICS as readonly string[]).includes(topic)) pending.add(topic as LiveTopic);
      timer ??= setTimeout(flush, gatherMs);
    },
    flush,
  };
}

// What each event changes on the screens that are open (docs/decisions/0105): the one table from which
// notify's live stream tells a browser which data to read again. The owner is the investor the event is
// about (the event's `userId`; a rule with no owner topics needs none); admins are every open admin stream (the
// queues); everyone is every open stream (plan slots, which every investor browsing plans sees). A `changed` message names topics only, never the data, so telling
// every admin or everyone leaks nothing of one investor to another.
import type { EventType, LiveTopic } from '@cropvest/contracts';

export interface LiveChangeRule {
  owner: LiveTopic[];
  admins?: LiveTopic[];
  everyone?: LiveTopic[];
}

export const LIVE_CHANGES = {
  'deposit.requested': { owner: ['deposits'], admins: ['deposits'] },
  'deposit.approved': { owner: ['deposits', 'balance'], admins: ['deposits'] },
  'deposit.rejected': { owner: ['deposits'], admins: ['deposits'] },
  'withdrawal.requested': { owner: ['withdrawals', 'balance'], admins: ['withdrawals'] },
  'withdrawal.approved': { owner: ['withdrawals'], admins: ['withdrawals'] },
  'withdrawal.rejected': { owner: ['withdrawals', 'balance'], admins: ['withdrawals'] },
  'withdrawal.transfer_recorded': { owner: ['withdrawals'], admins: ['withdrawals'] },
  // Every other movement of the balance: an admin's adjustment, a harvest, a refund.
  'wallet.balance_changed': { owner: ['balance'] },
  'investment.created': { owner: ['investments', 'balance'], admins: ['investments'], everyone: ['plans'] },
  'investment.failed': { owner: ['investments', 'balance'], admins: ['investments'], everyone: ['plans'] },
  'investment.cancelled': {
    owner: ['investments', 'balance'],
    admins: ['investments'],
    everyone: ['plans'],
  },
  'investment.harvested': { owner: ['investments', 'balance'], admins: ['investments'] },
  'kyc.submitted': { owner: ['kyc'], admins: ['kyc'] },
  'kyc.reviewed': { owner: ['kyc'], admins: ['kyc'] },
  'ticket.created': { owner: ['tickets'], admins: ['tickets'] },
  'ticket.responded': { owner: ['tickets'], admins: ['tickets'] },
  'ticket.status_changed': { owner: ['tickets'], admins: ['tickets'] },
  // The chain's verdicts on a claimed deposit or a payout show on the deposit's and withdrawal's pages and lists.
  'chain.deposit.checked': { owner: ['deposits'], admins: ['deposits'] },
  'chain.deposit.verified': { owner: ['deposits'], admins: ['deposits'] },
  'chain.deposit.refused': { owner: ['deposits'], admins: ['deposits'] },
  'chain.withdrawal.verified': { owner: ['withdrawals'], admins: ['withdrawals'] },
  // A transfer nobody claimed leaves the admins' queue once assigned (the wallet then credits it as a deposit).
  'chain.transfer.assigned': { owner: ['deposits'], admins: ['unmatched', 'deposits'] },
  'chain.funding_transfer.verified': { owner: [], admins: ['funding'] },
  // The admins' user lists and a user's page: a sign-up, a change of name, email or role, a ban.
  'user.registered': { owner: [], admins: ['users'] },
  'user.updated': { owner: [], admins: ['users'] },
  'user.banned': { owner: [], admins: ['users'] },
} as const satisfies Partial<Record<EventType, LiveChangeRule>>;

export type LiveChangeEvent = keyof typeof LIVE_CHANGES;
export const LIVE_CHANGE_EVENTS = Object.keys(LIVE_CHANGES) as LiveChangeEvent[];

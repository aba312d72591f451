// Who may say what on the bus (ARCHITECTURE.md section 6: "NATS is not a trusted network"). This table is the
// one source of the NATS permissions: scripts/stack.ts writes the local nats-server config from it, and the
// file docker compose and Kubernetes mount (k8s/nats-users/nats-server.conf) is generated from it by
// scripts/nats-config.ts and checked by test/deploy/bus-permissions.unit.test.ts. docs/decisions/0050.
//
// Every process connects as its own user and may publish and subscribe only to what is listed here; anything
// else is refused by the server ("Permissions Violation"). The JetStream API is limited the same way: a service
// may look up and create the EVENTS stream, and create, read and pull only its own durable consumers, each
// bound to the one subject it was made for.
import {
  IDENTITY_ACCESS_STATE_SUBJECT,
  IDENTITY_AUDIT_ENTRY_SUBJECT,
  IDENTITY_REVOCATIONS_SUBJECT,
  IDENTITY_STATS_SUBJECT,
  KYC_DOCUMENT_TICKET_SUBJECT,
  PLAN_IMAGE_TICKET_SUBJECT,
  PLANS_ACCRUED_PAGE_SUBJECT,
  PLANS_LIABILITIES_SUBJECT,
  PLANS_STATS_SUBJECT,
  STATS_SUBJECTS,
  WALLET_ADJUST_SUBJECT,
  WALLET_BALANCE_SUBJECT,
  WALLET_BALANCES_PAGE_SUBJECT,
  WALLET_DEBIT_SUBJECT,
  WALLET_LIABILITIES_SUBJECT,
  WALLET_STATS_SUBJECT,
  type EventType,
} from '@cropvest/contracts';
import { EVENT_STREAM, inboxPrefix } from './connection.ts';

/**
 * Every verifier of access tokens follows ended sessions (docs/decisions/0052-access-revocation.md): it loads
 * them from identity and watches `user.sessions_revoked`.
 */
const VERIFIES_TOKENS = {
  watches: ['user.sessions_revoked'],
  calls: [IDENTITY_REVOCATIONS_SUBJECT],
} as const satisfies Pick<BusGrant, 'watches' | 'calls'>;

export interface BusGrant {
  /** Event types it publishes (its outbox relay sends `events.<type>` to JetStream). */
  emits: readonly EventType[];
  /** Event types it consumes, each through its durable consumer `durableName(principal, type)`. */
  consumes: readonly EventType[];
  /** Event subjects it follows with a plain subscription, no durable (the live ban list, ended sessions). */
  watches?: readonly EventType[];
  /** `cmd.*` subjects it answers (request/reply). */
  serves: readonly string[];
  /** `cmd.*` subjects it sends. */
  calls: readonly string[];
  /** Whether it uses JetStream at all (looks up or creates the EVENTS stream); the gateway does not. */
  jetstream: boolean;
  /** Anything else, spelled as NATS subjects (notify's push fan-out; the test principal's tools). */
  publish?: readonly string[];
  subscribe?: readonly string[];
}

export const BUS_PRINCIPALS = [
  'identity',
  'wallet',
  'plans',
  'kyc',
  'support',
  'notify',
  'chain',
  'gateway',
] as const;
/**
 * Tests and benchmarks: forges events, watches every event, sends the wallet's balance and debit commands and
 * the read-only statistics and session-revocation commands, and makes throwaway consumers. Never `cmd.wallet.adjust`. Only local runs
 * create it (NODE_ENV=test, or STACK_NATS_TEST_USER=true); the compose and Kubernetes configs leave it out.
 */
export const TEST_PRINCIPAL = 'test' as const;
export type ServicePrincipal = (typeof BUS_PRINCIPALS)[number];
export type Principal = ServicePrincipal | typeof TEST_PRINCIPAL;

export const BUS_MATRIX: Record<Principal, BusGrant> = {
  identity: {
    emits: [
      'user.registered',
      'user.updated',
      'user.banned',
      'user.sessions_revoked',
      'user.security_alert',
      'user.anti_phishing_code_changed',
      'user.password_reset_requested',
      'user.email_change_requested',
      'user.email_changed',
      'user.device_approval_requested',
      'user.freeze_link_issued',
      'user.unfreeze_requested',
      'settings.updated',
      'audit.recorded',
    ],
    consumes: ['audit.recorded', 'kyc.submitted', 'kyc.reviewed', 'wallet.balance_changed'],
    // Its own verifier reads the revocations from its tables, and follows the event like every replica.
    watches: VERIFIES_TOKENS.watches,
    serves: [
      IDENTITY_ACCESS_STATE_SUBJECT,
      IDENTITY_REVOCATIONS_SUBJECT,
      IDENTITY_STATS_SUBJECT,
      IDENTITY_AUDIT_ENTRY_SUBJECT,
    ],
    // Admin balance adjustments; the live balance of /api/auth/me.
    calls: [WALLET_ADJUST_SUBJECT, WALLET_BALANCE_SUBJECT],
    jetstream: true,
  },
  wallet: {
    emits: [
      'deposit.approved',
      'deposit.rejected',
      'withdrawal.requested',
      'withdrawal.approved',
      'withdrawal.rejected',
      'wallet.balance_changed',
      'wallet.networks_changed',
      'deposit.requested',
      'withdrawal.transfer_recorded',
      // The address book's notices to its owner (decision 0097).
      'address_book.entry_added',
      'address_book.whitelist_switched_off',
      'withdrawal_limits.raised',
      'audit.recorded',
    ],
    consumes: [
      'user.registered',
      'user.updated',
      'kyc.reviewed',
      'settings.updated',
      'investment.harvested',
      // The principal of an investment cancelled within its four days to reconsider (decision 0094).
      'investment.cancelled',
      // Funded payouts (decision 0091): principal to the operator, proceeds, the reserve fund.
      'investment.disbursed',
      'plan.proceeds_recorded',
      'reserve.contributed',
      'reserve.allocated',
      // The chain's verdicts on deposit claims (docs/decisions/0080).
      'chain.deposit.checked',
      'chain.deposit.verified',
      'chain.deposit.refused',
      'chain.withdrawal.verified',
      // An admin's assignment of an unmatched transfer (docs/decisions/0084).
      'chain.transfer.assigned',
      // Holds on new withdrawals after a security change (docs/decisions/0098).
      'user.security_alert',
      'user.email_changed',
    ],
    serves: [
      WALLET_DEBIT_SUBJECT,
      WALLET_ADJUST_SUBJECT,
      WALLET_BALANCE_SUBJECT,
      WALLET_STATS_SUBJECT,
      // What it owes, for the chain's reconciliation and proof of liabilities (docs/decisions/0082).
      WALLET_LIABILITIES_SUBJECT,
      WALLET_BALANCES_PAGE_SUBJECT,
    ],
    watches: VERIFIES_TOKENS.watches,
    // POST /api/objects/upload asks each other bucket's owner for its ticket.
    calls: [PLAN_IMAGE_TICKET_SUBJECT, KYC_DOCUMENT_TICKET_SUBJECT, ...VERIFIES_TOKENS.calls],
    jetstream: true,
  },
  plans: {
    emits: [
      'investment.created',
      'investment.failed',
      'investment.harvested',
      'investment.cancelled',
      'field_report.published',
      'plan.key_information_published',
      'investment.disbursed',
      'plan.proceeds_recorded',
      'reserve.contributed',
      'reserve.allocated',
      'plan.settlement_needed',
      'plan.payout_postponed',
      'plan.harvest_paid',
      // A disbursement, proceeds or contribution naming its on-chain transfer, for the chain to verify (decision 0095).
      'plan.funding_transfer_recorded',
      'audit.recorded',
    ],
    consumes: [
      'kyc.reviewed',
      'settings.updated',
      'user.registered',
      'user.updated',
      'chain.funding_transfer.verified',
    ],
    serves: [
      PLANS_STATS_SUBJECT,
      PLAN_IMAGE_TICKET_SUBJECT,
      PLANS_LIABILITIES_SUBJECT,
      PLANS_ACCRUED_PAGE_SUBJECT,
    ],
    watches: VERIFIES_TOKENS.watches,
    // The audit entry of a field report, for its verification.
    calls: [WALLET_DEBIT_SUBJECT, IDENTITY_AUDIT_ENTRY_SUBJECT, ...VERIFIES_TOKENS.calls],
    jetstream: true,
  },
  kyc: {
    emits: ['kyc.submitted', 'kyc.reviewed', 'audit.recorded'],
    consumes: ['user.registered', 'user.updated'],
    serves: [KYC_DOCUMENT_TICKET_SUBJECT],
    watches: VERIFIES_TOKENS.watches,
    calls: [...VERIFIES_TOKENS.calls],
    jetstream: true,
  },
  support: {
    emits: ['ticket.created', 'ticket.responded', 'ticket.status_changed', 'audit.recorded'],
    consumes: ['user.registered', 'user.updated'],
    serves: [],
    watches: VERIFIES_TOKENS.watches,
    calls: [...VERIFIES_TOKENS.calls],
    jetstream: true,
  },
  notify: {
    emits: ['audit.recorded'],
    consumes: [
      'field_report.published',
      'user.registered',
      'user.updated',
      'user.banned',
      'user.password_reset_requested',
      'user.email_change_requested',
      'user.email_changed',
      'user.security_alert',
      // The code every mail to the account carries (decision 0098); no other service sees it.
      'user.anti_phishing_code_changed',
      // The mailed links of new-device approval and the freeze (decisions 0100, 0101); only notify sees them.
      'user.device_approval_requested',
      'user.freeze_link_issued',
      'user.unfreeze_requested',
      'settings.updated',
      'ticket.responded',
      'ticket.status_changed',
      'deposit.approved',
      'deposit.rejected',
      'withdrawal.approved',
      'withdrawal.rejected',
      'address_book.entry_added',
      'address_book.whitelist_switched_off',
      'withdrawal_limits.raised',
      'kyc.reviewed',
      'investment.created',
      'investment.failed',
      'investment.cancelled',
      // A harvest, told once per investor and plan (decision 0134).
      'plan.harvest_paid',
      // A funded plan's payout under review or postponed (decision 0091).
      'plan.settlement_needed',
      'plan.payout_postponed',
    ],
    serves: [],
    watches: [
      ...VERIFIES_TOKENS.watches,
      // What changes the screens that are open (docs/decisions/0105): every replica follows these itself and
      // tells the streams it holds what to read again (services/notify/src/push/live-changes.ts).
      'deposit.requested',
      'deposit.approved',
      'deposit.rejected',
      'withdrawal.requested',
      'withdrawal.approved',
      'withdrawal.rejected',
      'withdrawal.transfer_recorded',
      'wallet.balance_changed',
      'investment.created',
      'investment.failed',
      'investment.cancelled',
      'investment.harvested',
      'kyc.submitted',
      'kyc.reviewed',
      'ticket.created',
      'ticket.responded',
      'ticket.status_changed',
      'chain.deposit.checked',
      'chain.deposit.verified',
      'chain.deposit.refused',
      'chain.withdrawal.verified',
      'chain.transfer.assigned',
      'chain.funding_transfer.verified',
      'user.registered',
      'user.updated',
      'user.banned',
    ],
    calls: [...VERIFIES_TOKENS.calls],
    jetstream: true,
    // Replicas hand each other what to push to the streams they hold (services/notify/src/push/hub.ts).
    publish: ['notify.push.>'],
    subscribe: ['notify.push.>'],
  },
  chain: {
    emits: [
      'chain.deposit.checked',
      'chain.deposit.verified',
      'chain.deposit.refused',
      'chain.withdrawal.verified',
      'chain.transfer.assigned',
      'chain.funding_transfer.verified',
      'audit.recorded',
    ],
    consumes: [
      'wallet.networks_changed',
      'deposit.requested',
      'deposit.approved',
      'deposit.rejected',
      'withdrawal.approved',
      'withdrawal.transfer_recorded',
      'plan.funding_transfer_recorded',
      // Unmatched transfers: the four-eyes threshold, and the investors they are assigned to (decision 0084).
      'settings.updated',
      'user.registered',
      'user.updated',
    ],
    serves: [],
    watches: VERIFIES_TOKENS.watches,
    // What the wallet and plans owe, for reconciliation and the proof of liabilities (docs/decisions/0082).
    calls: [
      ...VERIFIES_TOKENS.calls,
      WALLET_LIABILITIES_SUBJECT,
      WALLET_BALANCES_PAGE_SUBJECT,
      PLANS_LIABILITIES_SUBJECT,
      PLANS_ACCRUED_PAGE_SUBJECT,
    ],
    jetstream: true,
  },
  gateway: {
    emits: [],
    consumes: [],
    watches: ['user.banned', 'settings.updated', ...VERIFIES_TOKENS.watches],
    serves: [],
    calls: [IDENTITY_ACCESS_STATE_SUBJECT, ...VERIFIES_TOKENS.calls, ...Object.values(STATS_SUBJECTS)],
    jetstream: false,
  },
  test: {
    emits: [],
    consumes: [],
    serves: [],
    calls: [
      WALLET_BALANCE_SUBJECT,
      WALLET_DEBIT_SUBJECT,
      WALLET_STATS_SUBJECT,
      PLANS_STATS_SUBJECT,
      IDENTITY_STATS_SUBJECT,
      // A service started by a test (service-kit's own tests) verifies tokens like any other.
      ...VERIFIES_TOKENS.calls,
    ],
    jetstream: true,
    publish: [
      // Events as a publisher's relay would send them (idempotency and malformed-event tests, harvests).
      'events.>',
      // Throwaway consumers: ordered ones to read the stream, durable ones in service-kit's own tests.
      `$JS.API.CONSUMER.CREATE.${EVENT_STREAM}.>`,
      `$JS.API.CONSUMER.INFO.${EVENT_STREAM}.*`,
      `$JS.API.CONSUMER.DELETE.${EVENT_STREAM}.*`,
      `$JS.API.CONSUMER.MSG.NEXT.${EVENT_STREAM}.*`,
      `$JS.ACK.${EVENT_STREAM}.>`,
    ],
    subscribe: ['events.>'],
  },
};

/** A service's durable consumer of one event type: `<principal>-<type with . and _ as ->`. */
export const durableName = (principal: string, type: EventType): string =>
  `${principal}-${type.replace(/[._]/g, '-')}`;

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** Lets a responder answer the reply subject of a request it received, once, and nothing else. */
  allowResponses: boolean;
}

/** The NATS allow lists of one principal, derived from its grant. */
export function permissionsFor(principal: Principal): NatsPermissions {
  const grant = BUS_MATRIX[principal];
  const api = '$JS.API';
  const publish = new Set<string>();
  const subscribe = new Set<string>([`${inboxPrefix(principal)}.>`]);
  for (const type of grant.emits) publish.add(`events.${type}`);
  for (const subject of grant.calls) publish.add(subject);
  for (const subject of grant.serves) subscribe.add(subject);
  for (const type of grant.watches ?? []) subscribe.add(`events.${type}`);
  if (grant.jetstream) {
    publish.add(`${api}.INFO`);
    publish.add(`${api}.STREAM.INFO.${EVENT_STREAM}`);
    publish.add(`${api}.STREAM.CREATE.${EVENT_STREAM}`);
    // Every start brings the stream to the platform's settings (replicas, limits): an update, never a delete.
    publish.add(`${api}.STREAM.UPDATE.${EVENT_STREAM}`);
  }
  const allowResponses = grant.serves.length > 0;
  for (const type of grant.consumes) {
    const durable = durableName(principal, type);
    // Only the filtered form of "create": the consumer can never be re-pointed at another subject.
    publish.add(`${api}.CONSUMER.CREATE.${EVENT_STREAM}.${durable}.events.${type}`);
    publish.add(`${api}.CONSUMER.INFO.${EVENT_STREAM}.${durable}`);
    publish.add(`${api}.CONSUMER.MSG.NEXT.${EVENT_STREAM}.${durable}`);
    // Acks, naks and terms. A principal that answers commands (allow_responses) acks each event as the one reply
    // to its delivery, which allow_responses already permits: the server notes every delivery with a reply
    // subject for such a client and forgets it when the reply is sent, but an ack allowed by these grants is
    // never matched to its note, so the notes piled up and the server swept all of them at every delivery (a
    // harvest day's 100,000 events: the bus at 400 a second, docs/decisions/0050). Other principals get the
    // grants; the second form is the ack subject with domain and account hash (newer servers).
    if (!allowResponses) {
      publish.add(`$JS.ACK.${EVENT_STREAM}.${durable}.>`);
      publish.add(`$JS.ACK.*.*.${EVENT_STREAM}.${durable}.>`);
    }
  }
  for (const subject of grant.publish ?? []) publish.add(subject);
  for (const subject of grant.subscribe ?? []) subscribe.add(subject);
  return { publish: [...publish], subscribe: [...subscribe], allowResponses };
}

/** The environment variable that holds a principal's password, e.g. NATS_WALLET_PASSWORD. */
export const passwordVariable = (principal: Principal): string => `NATS_${principal.toUpperCase()}_PASSWORD`;

/**
 * A nats-server `authorization` block with one user per principal. Passwords are not in it: each is a
 * reference to the environment variable `passwordVariable(principal)`, which nats-server reads at start (so
 * the file holds no secret and one file serves every environment). nats-server parses the variable's value as
 * a config value, hence the password rule in NATS_PASSWORD (config.ts).
 */
export function natsAuthorizationConfig(principals: readonly Principal[]): string {
  const quote = (subject: string) => JSON.stringify(subject);
  const list = (subjects: string[]) =>
    `[\n${subjects.map((s) => `            ${quote(s)}`).join(',\n')}\n          ]`;
  const users = principals.map((principal) => {
    const permissions = permissionsFor(principal);
    return [
      `    {`,
      `      user: ${quote(principal)}`,
      `      password: $${passwordVariable(principal)}`,
      `      permissions: {`,
      `        publish: {`,
      `          allow: ${list(permissions.publish)}`,
      `        }`,
      `        subscribe: {`,
      `          allow: ${list(permissions.subscribe)}`,
      `        }`,
      ...(permissions.allowResponses ? [`        allow_responses: true`] : []),
      `      }`,
      `    }`,
    ].join('\n');
  });
  return [
    '# Generated from packages/service-kit/src/bus/permissions.ts (docs/decisions/0050-bus-permissions.md).',
    '# Each password is read from the environment variable named after its `$`.',
    'authorization {',
    '  users = [',
    users.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}

// Events the wallet publishes (ARCHITECTURE.md sections 4 and 6): deposits, withdrawals and balances, spread
// into `eventSchemas` in events.ts. What it consumes is defined by each publisher.
import { z } from '../zod.ts';
import { Uuid } from '../common.ts';
import { MoneyString } from '../decimal.ts';
import { NETWORK_TYPES } from '../chain/networks.ts';

const Network = z.enum(NETWORK_TYPES);

export const walletEventSchemas = {
  /**
   * `amount` is what was credited. Approved by the chain (`creditedBy: 'chain'`, `approvedBy` CHAIN_ACTOR_ID),
   * it is what the transaction moved, and `claimedAmount` what the investor typed when the two differ.
   */
  'deposit.approved': z.object({
    depositId: Uuid,
    userId: Uuid,
    amount: MoneyString,
    approvedBy: Uuid,
    creditedBy: z.enum(['chain', 'admin']).optional(),
    network: Network.optional(),
    claimedAmount: MoneyString.nullable().optional(),
  }),
  'deposit.rejected': z.object({
    depositId: Uuid,
    userId: Uuid,
    amount: MoneyString,
    rejectionReason: z.string().nullable(),
    rejectedBy: Uuid,
  }),
  'withdrawal.requested': z.object({
    withdrawalId: Uuid,
    userId: Uuid,
    amount: MoneyString,
    walletAddress: z.string(),
  }),
  'withdrawal.approved': z.object({
    withdrawalId: Uuid,
    userId: Uuid,
    amount: MoneyString,
    walletAddress: z.string(),
    txid: z.string().nullable(),
    approvedBy: Uuid,
  }),
  'withdrawal.rejected': z.object({
    withdrawalId: Uuid,
    userId: Uuid,
    amount: MoneyString,
    rejectionReason: z.string().nullable(),
    rejectedBy: Uuid,
  }),
  /**
   * A user's balances after a movement. `version` grows by one with every movement of that user, so a
   * projection can ignore an older event arriving late.
   */
  'wallet.balance_changed': z.object({
    userId: Uuid,
    available: MoneyString,
    hold: MoneyString,
    invested: MoneyString,
    version: z.number().int().min(1),
  }),
  /**
   * The wallet's networks, all of them, after any change of Wallet Settings or Payment Methods: a snapshot, so
   * one event is the whole truth (`version` grows; an older one arriving late is ignored). `addresses` lists
   * every address the network ever had, the active one included: the platform holds all of them.
   */
  'wallet.networks_changed': z.object({
    version: z.number().int().min(1),
    networks: z.array(
      z.object({
        network: Network,
        activeAddress: z.string().nullable(),
        addresses: z.array(z.string()),
        deposits: z.boolean(),
        withdrawals: z.boolean(),
      }),
    ),
  }),
  /**
   * An admin gave the transaction id of an approved withdrawal's payout after approving it (or replaced one the
   * chain found wrong): the chain verifies it like the id given with the approval (`withdrawal.approved`).
   */
  'withdrawal.transfer_recorded': z.object({
    withdrawalId: Uuid,
    userId: Uuid,
    amount: MoneyString,
    walletAddress: z.string(),
    txid: z.string(),
    recordedBy: Uuid,
  }),
  /** An investor claims a deposit by its transaction id: the chain service verifies it. */
  'deposit.requested': z.object({
    depositId: Uuid,
    userId: Uuid,
    network: Network,
    txid: z.string(),
    amount: MoneyString,
  }),
  /**
   * An investor saved a withdrawal address (docs/decisions/0097): they are told at once, with where to cancel it,
   * before its cool-down ends at `usableFrom`.
   */
  'address_book.entry_added': z.object({
    entryId: Uuid,
    userId: Uuid,
    label: z.string(),
    address: z.string(),
    network: Network,
    usableFrom: z.string(),
  }),
  /** "Whitelisted addresses only" was switched off; it stays on until `effectiveAt` (the cool-down). */
  'address_book.whitelist_switched_off': z.object({ userId: Uuid, effectiveAt: z.string() }),
  /** An admin's raise of an investor's withdrawal limits took effect (decision 0099): the investor is told. */
  'withdrawal_limits.raised': z.object({
    userId: Uuid,
    raiseId: Uuid,
    dailyLimit: z.string(),
    monthlyLimit: z.string(),
    previousDailyLimit: z.string(),
    previousMonthlyLimit: z.string(),
  }),
} as const;

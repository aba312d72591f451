// Events the wallet publishes (ARCHITECTURE.md sections 4 and 6): deposits, withdrawals and balances, spread
// into `eventSchemas` in events.ts. What it consumes is defined by each publisher.
import { z } from './zod.ts';
import { Uuid } from './common.ts';
import { MoneyString } from './decimal.ts';

export const walletEventSchemas = {
  'deposit.approved': z.object({ depositId: Uuid, userId: Uuid, amount: MoneyString, approvedBy: Uuid }),
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
} as const;

// Events of the money flow (ARCHITECTURE.md sections 4 and 6), spread into `eventSchemas` in events.ts.
// The wallet publishes the deposit, withdrawal and balance events; it consumes `kyc.reviewed` (published by
// the KYC service) and `investment.harvested` (published by the plans service), defined here until those
// services own a contracts file of their own.
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
  /** Published by the KYC service when an admin reviews a submission. */
  'kyc.reviewed': z.object({
    userId: Uuid,
    kycId: Uuid,
    status: z.enum(['approved', 'rejected']),
    rejectionReason: z.string().nullable(),
  }),
  /**
   * Published by the plans service when a plan's end date has passed: the wallet pays both to available, once.
   * `planTitle` names the payout in the investor's transaction history (events published before it have none).
   */
  'investment.harvested': z.object({
    investmentId: Uuid,
    userId: Uuid,
    planId: Uuid,
    planTitle: z.string().optional(),
    principal: MoneyString,
    interest: MoneyString,
  }),
} as const;

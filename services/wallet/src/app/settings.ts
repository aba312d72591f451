// The platform's address on each network, set by an admin and validated for its network; the networks accepted for
// deposits and withdrawals (Payment Methods). Every change is audited and announced to the chain service
// (`wallet.networks_changed`); address changes are also kept as a history the admin screen pages through.
import { v7 as uuidv7 } from 'uuid';
import {
  DEFAULT_DEPOSIT_NETWORK,
  NETWORK_LABELS,
  type NetworkType,
  type PaymentMethod,
  type PaymentMethodUpdate,
  type WalletAddressChange,
  type WalletSettings,
  type WalletSettingsUpdate,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type Page } from '@cropvest/service-kit/db';
import { ConflictError, ValidationError } from '@cropvest/service-kit/errors';
import { checkAddress } from '@cropvest/contracts/chain/addresses';
import {
  lockWalletSettings,
  readAllWalletSettings,
  readWalletSettings,
  upsertWalletSettings,
} from '../db/wallet-settings.ts';
import {
  insertAddressChange,
  listAddressChanges,
  lockPaymentMethods,
  readPaymentMethod,
  readPaymentMethods,
  updatePaymentMethod,
} from '../db/payment-methods.ts';
import { announceNetworks } from '../events/announcements.ts';
import { inTransaction, type RequestMeta, type WalletContext } from './context.ts';

/** The spec's one wallet (`GET /api/wallet-settings`): the default deposit network's. */
export const walletSettings = (ctx: WalletContext): Promise<WalletSettings | null> =>
  readWalletSettings(ctx.db, DEFAULT_DEPOSIT_NETWORK);

/** Every network's wallet, for Wallet Settings. */
export const allWalletSettings = (ctx: WalletContext): Promise<WalletSettings[]> =>
  readAllWalletSettings(ctx.db);

export const paymentMethods = (ctx: WalletContext): Promise<PaymentMethod[]> => readPaymentMethods(ctx.db);

export const addressHistory = (
  ctx: WalletContext,
  query: { page: number; pageSize: number },
): Promise<Page<WalletAddressChange>> => listAddressChanges(ctx.db, query);

export async function saveWalletSettings(
  ctx: WalletContext,
  admin: AuthUser,
  input: WalletSettingsUpdate,
  meta: RequestMeta,
): Promise<WalletSettings> {
  const check = checkAddress(input.networkType, input.address);
  if (!check.ok) throw new ValidationError(check.message, [{ path: 'address', message: check.message }]);
  return inTransaction(ctx, async (trx) => {
    const wallets = await lockWalletSettings(trx);
    const methods = await lockPaymentMethods(trx);
    const before = wallets.find((wallet) => wallet.networkType === input.networkType) ?? null;
    const label = NETWORK_LABELS[input.networkType];
    // Investors would be shown nowhere to send: deposits on the network are switched off first.
    if (!input.isActive && methods.some((method) => method.network === input.networkType && method.deposits))
      throw new ConflictError(
        `${label} takes deposits; switch them off in Payment Methods before deactivating its address`,
        'NETWORK_ACCEPTS_DEPOSITS',
      );
    const after = await upsertWalletSettings(trx, {
      id: before?.id ?? uuidv7(),
      address: check.address,
      network: input.networkType,
      isActive: input.isActive,
      updatedBy: admin.id,
    });
    const changed =
      !before || before.usdtWalletAddress !== after.usdtWalletAddress || before.isActive !== after.isActive;
    if (!changed) return after;
    await insertAddressChange(trx, {
      id: uuidv7(),
      admin_id: admin.id,
      previous_address: before?.usdtWalletAddress ?? null,
      previous_network: before?.networkType ?? null,
      previous_is_active: before?.isActive ?? null,
      address: after.usdtWalletAddress,
      network: after.networkType,
      is_active: after.isActive,
    });
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'wallet_update',
        targetId: after.id,
        targetType: 'wallet_settings',
        details: {
          from: before
            ? {
                address: before.usdtWalletAddress,
                networkType: before.networkType,
                isActive: before.isActive,
              }
            : null,
          to: { address: after.usdtWalletAddress, networkType: after.networkType, isActive: after.isActive },
        },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    await announceNetworks(ctx.events, trx);
    return after;
  });
}

/**
 * Switches one network for deposits and withdrawals. Deposits need an active platform wallet on that network
 * (investors would otherwise be shown nowhere to send), and one network always stays accepted for deposits.
 */
export async function savePaymentMethod(
  ctx: WalletContext,
  admin: AuthUser,
  input: PaymentMethodUpdate,
  meta: RequestMeta,
): Promise<PaymentMethod[]> {
  return inTransaction(ctx, async (trx) => {
    const wallets = await lockWalletSettings(trx);
    const methods = await lockPaymentMethods(trx);
    const label = NETWORK_LABELS[input.network];
    const wallet = wallets.find((row) => row.networkType === input.network);
    if (input.deposits && !wallet?.isActive)
      throw new ConflictError(
        `Add an active ${label} wallet address before accepting deposits on ${label}`,
        'NO_ACTIVE_WALLET',
      );
    const otherDeposits = methods.some((method) => method.network !== input.network && method.deposits);
    if (!input.deposits && !otherDeposits)
      throw new ConflictError(
        `${label} is the only network accepted for deposits; at least one must stay accepted`,
        'LAST_DEPOSIT_NETWORK',
      );
    const before = methods.find((method) => method.network === input.network);
    await updatePaymentMethod(trx, input, admin.id);
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'payment_methods_update',
        targetId: input.network,
        targetType: 'payment_methods',
        details: { network: input.network, from: before ?? null, to: input },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    await announceNetworks(ctx.events, trx);
    return methods.map((method) => (method.network === input.network ? { ...input } : method));
  });
}

/** Refuses a withdrawal while TRC-20 (the only withdrawal network) is switched off for withdrawals. */
export async function assertWithdrawalsAccepted(ctx: WalletContext, network: NetworkType): Promise<void> {
  if (!(await readPaymentMethod(ctx.db, network)).withdrawals)
    throw new ConflictError(
      `Withdrawals on ${NETWORK_LABELS[network]} are not accepted at the moment`,
      'WITHDRAWALS_NOT_ACCEPTED',
    );
}

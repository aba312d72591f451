// The platform's deposit address, set by an admin and validated for its network.
import { v7 as uuidv7 } from 'uuid';
import type { WalletSettings, WalletSettingsUpdate } from '@cropvest/contracts';
import { emitAudit, ValidationError, type AuthUser } from '@cropvest/service-kit';
import { checkAddress } from '@cropvest/contracts/addresses';
import { lockWalletSettings, readWalletSettings, upsertWalletSettings } from '../db/records.ts';
import { inTransaction, SOURCE, type RequestMeta, type WalletContext } from './context.ts';

export const walletSettings = (ctx: WalletContext): Promise<WalletSettings | null> =>
  readWalletSettings(ctx.db);

export async function saveWalletSettings(
  ctx: WalletContext,
  admin: AuthUser,
  input: WalletSettingsUpdate,
  meta: RequestMeta,
): Promise<WalletSettings> {
  const check = checkAddress(input.networkType, input.address);
  if (!check.ok) throw new ValidationError(check.message, [{ path: 'address', message: check.message }]);
  return inTransaction(ctx, async (trx) => {
    const before = await lockWalletSettings(trx);
    const after = await upsertWalletSettings(trx, {
      id: before?.id ?? uuidv7(),
      address: check.address,
      network: input.networkType,
      isActive: input.isActive,
      updatedBy: admin.id,
    });
    await emitAudit(
      trx,
      SOURCE,
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
    return after;
  });
}

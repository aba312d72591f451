import {
  ipInRanges,
  type AllSettings,
  type EventData,
  type PublicSettings,
  type SecuritySettings,
  type SettingsPatchRequest,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { inTransaction } from '@cropvest/service-kit/db';
import { ForbiddenError, ValidationError } from '@cropvest/service-kit/errors';
import { applySettingsPatch } from '../domain/settings.ts';
import { lockSettings, readSettings, writeSettingsSection } from '../db/settings.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

export const allSettings = (ctx: IdentityContext): Promise<AllSettings> => readSettings(ctx.db);

export async function publicSettings(ctx: IdentityContext): Promise<PublicSettings> {
  const { general, interest, security } = await readSettings(ctx.db);
  return {
    autoCompoundInterest: interest.autoCompoundInterest,
    autoCreditDeposits: security.autoCreditDeposits,
    autoCreditCeiling: security.autoCreditCeiling,
    requireKeyInformationAcknowledgement: security.requireKeyInformationAcknowledgement,
    requireKycForInvesting: security.requireKycForInvesting,
    platformName: general.platformName,
    platformDescription: general.platformDescription,
    supportEmail: general.supportEmail,
    supportHours: general.supportHours,
    allowRegistrations: general.allowRegistrations,
    maintenanceMode: general.maintenanceMode,
    liveChatScriptUrl: general.liveChatScriptUrl,
    liveChatKey: general.liveChatKey,
  };
}

export async function saveSettingsSection(
  ctx: IdentityContext,
  admin: AuthUser,
  patch: SettingsPatchRequest,
  meta: RequestMeta,
): Promise<AllSettings> {
  const saved = await inTransaction(ctx, async (trx) => {
    await lockSettings(trx);
    const current = await readSettings(trx);
    const section = applySettingsPatch(current, patch);
    if (patch.section === 'security') refuseSelfLockout(section as SecuritySettings, meta.ip);
    await writeSettingsSection(trx, patch.section, section, admin.id);
    const event = { section: patch.section, settings: section } as EventData<'settings.updated'>;
    await ctx.events.emit(trx, 'settings.updated', event, {
      actorId: admin.id,
      subjectId: patch.section,
      traceparent: meta.traceparent,
    });
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'settings_update',
        targetId: patch.section,
        targetType: 'settings',
        details: { section: patch.section, before: current[patch.section], after: section },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return { ...current, [patch.section]: section };
  });
  return saved;
}

export const IP_NOT_ALLOWED_MESSAGE = 'Admin access is not allowed from this address (IP whitelisting)';

/** Whether an admin may sign in or act from `ip` under these security settings. */
export const adminIpAllowed = (security: SecuritySettings, ip: string | null): boolean =>
  !security.ipWhitelisting || (ip !== null && ipInRanges(ip, security.ipWhitelist));

/** Refuses an admin call from an address the allow-list leaves out (the gateway refuses it first). */
export async function requireAdminIpAllowed(ctx: IdentityContext, ip: string | null): Promise<void> {
  const { security } = await readSettings(ctx.db);
  if (!adminIpAllowed(security, ip)) throw new ForbiddenError(IP_NOT_ALLOWED_MESSAGE, 'IP_NOT_ALLOWED');
}

/** A save that would leave out the address it comes from is refused: the admin would lock themselves out. */
function refuseSelfLockout(security: SecuritySettings, ip: string | null): void {
  if (adminIpAllowed(security, ip)) return;
  const message = `Your address ${ip ?? '(unknown)'} is not in the allowed list: add it before turning on IP whitelisting`;
  throw new ValidationError(message, [{ path: 'ipWhitelist', message }]);
}

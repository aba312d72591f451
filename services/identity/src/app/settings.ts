import type { AllSettings, PublicSettings, SettingsPatchRequest } from '@cropvest/contracts';
import { emit, emitAudit, type AuthUser } from '@cropvest/service-kit';
import { applySettingsPatch } from '../domain/settings.ts';
import { lockSettings, readSettings, writeSettingsSection } from '../db/settings.ts';
import { SOURCE, type IdentityContext, type RequestMeta } from './context.ts';

export const allSettings = (ctx: IdentityContext): Promise<AllSettings> => readSettings(ctx.db);

export async function publicSettings(ctx: IdentityContext): Promise<PublicSettings> {
  const { general } = await readSettings(ctx.db);
  return {
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
  const saved = await ctx.db.transaction(async (trx) => {
    await lockSettings(trx);
    const current = await readSettings(trx);
    const section = applySettingsPatch(current, patch);
    await writeSettingsSection(trx, patch.section, section, admin.id);
    const event = { section: patch.section, settings: section } as Parameters<
      typeof emit<'settings.updated'>
    >[2];
    await emit(trx, 'settings.updated', event, {
      source: SOURCE,
      actorId: admin.id,
      subjectId: patch.section,
      traceparent: meta.traceparent,
    });
    await emitAudit(
      trx,
      SOURCE,
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
  ctx.eventsWritten();
  return saved;
}

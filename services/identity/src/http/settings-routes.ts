import { handlers } from '@cropvest/service-kit/operations';
import * as settings from '../app/settings.ts';
import type { IdentityContext } from '../app/context.ts';

/** The platform's settings: the public part anyone reads, all of them as admins keep them. */
export const settingsRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    publicSettings: () => settings.publicSettings(identity),
    adminSettings: () => settings.allSettings(identity),
    updateAdminSettings: ({ actor, body, meta }) => settings.saveSettingsSection(identity, actor, body, meta),
  });

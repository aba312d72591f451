// Request/reply answers identity gives other services.
import {
  AccessStateQuery,
  AuditEntryQuery,
  IDENTITY_ACCESS_STATE_SUBJECT,
  IDENTITY_AUDIT_ENTRY_SUBJECT,
  IDENTITY_REVOCATIONS_SUBJECT,
  IDENTITY_STATS_SUBJECT,
  SessionRevocationsQuery,
  StatsQuery,
  type IdentityStats,
} from '@cropvest/contracts';
import { serveCommand } from '@cropvest/service-kit/bus';
import { auditEntryInChain } from '../db/audit.ts';
import { revocationSnapshot } from '../app/revocation.ts';
import { countUsers, listBannedUserIds } from '../db/users.ts';
import { readSettings } from '../db/settings.ts';
import type { IdentityContext } from '../app/context.ts';

/**
 * What the gateway needs to refuse banned users, enforce maintenance mode and keep admin routes to the allowed
 * addresses (null: IP whitelisting off); it also follows the events.
 */
export interface AccessState {
  bannedUserIds: string[];
  maintenanceMode: boolean;
  adminIpAllowList: string[] | null;
}

export function serveCommands(identity: IdentityContext) {
  const subscriptions = [
    serveCommand(identity.bus.nc, identity.logger, {
      subject: IDENTITY_ACCESS_STATE_SUBJECT,
      schema: AccessStateQuery,
      handle: async (): Promise<AccessState> => {
        const [bannedUserIds, settings] = await Promise.all([
          listBannedUserIds(identity.db),
          readSettings(identity.db),
        ]);
        return {
          bannedUserIds,
          maintenanceMode: settings.general.maintenanceMode,
          adminIpAllowList: settings.security.ipWhitelisting ? settings.security.ipWhitelist : null,
        };
      },
    }),
    // Every verifier (the gateway, each service) loads the sessions that ended from here.
    serveCommand(identity.bus.nc, identity.logger, {
      subject: IDENTITY_REVOCATIONS_SUBJECT,
      schema: SessionRevocationsQuery,
      handle: () => revocationSnapshot(identity),
    }),
    serveCommand(identity.bus.nc, identity.logger, {
      subject: IDENTITY_STATS_SUBJECT,
      schema: StatsQuery,
      handle: (): Promise<IdentityStats> => countUsers(identity.db),
    }),
    // The plans service's field-report verification compares a report with its entry here.
    serveCommand(identity.bus.nc, identity.logger, {
      subject: IDENTITY_AUDIT_ENTRY_SUBJECT,
      schema: AuditEntryQuery,
      handle: (input) => auditEntryInChain(identity.db, input.id),
    }),
  ];
  return { stop: async () => subscriptions.forEach((s) => s.unsubscribe()) };
}

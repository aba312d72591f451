import { AuditExportQuery } from '@cropvest/contracts';
import { csvExportRoute } from '@cropvest/service-kit/db';
import { handlers } from '@cropvest/service-kit/operations';
import { checkAuditTrail } from '../app/audit-trail.ts';
import type { IdentityContext } from '../app/context.ts';
import { auditAdmins, queryAuditLogs } from '../db/audit-list.ts';
import { auditExport } from '../db/exports.ts';

/** The audit trail: its list, the admins its filter can name, its export and the check of its hash chain. */
export const auditLogRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    auditLogs: async ({ query }) => {
      const { items, total } = await queryAuditLogs(identity.db, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
    auditLogAdmins: () => auditAdmins(identity.db),
    exportAuditLogs: { middleware: [csvExportRoute(identity, AuditExportQuery, auditExport)] },
    auditLogVerification: () => checkAuditTrail(identity),
  });

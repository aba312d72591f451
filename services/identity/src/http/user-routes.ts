import { UserExportQuery } from '@cropvest/contracts';
import { csvExportRoute } from '@cropvest/service-kit/db';
import { handlers } from '@cropvest/service-kit/operations';
import * as users from '../app/admin-users.ts';
import type { IdentityContext } from '../app/context.ts';
import { usersExport } from '../db/exports.ts';
import { userReport } from '../db/reports.ts';

/** The admin's users: the list, its counts, export and report, one user's record, its edits and a ban. */
export const userRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    adminUsers: ({ query }) => users.adminUsers(identity, query),
    adminUserCounts: ({ query }) => users.userCounts(identity, query),
    exportUsers: { middleware: [csvExportRoute(identity, UserExportQuery, usersExport)] },
    usersReport: ({ query }) => userReport(identity.db, query),
    adminInvestorSummary: () => users.investorSummary(identity),
    adminUser: ({ id }) => users.oneUser(identity, id),
    updateAdminUser: ({ actor, id, body, meta }) => users.editUser(identity, actor, id, body, meta),
    banUser: ({ actor, id, body, meta }) => users.setBanned(identity, actor, id, body, meta),
    adminResetPassword: ({ actor, id, meta }) => users.issuePasswordReset(identity, actor, id, meta),
  });

import Router from '@koa/router';
import {
  AdminFreezeRequest,
  AdminUserCountsQuery,
  AdminUserListQuery,
  AdminUserUpdate,
  AuditExportQuery,
  AuditLogQuery,
  BanRequest,
  CreateTestimonialRequest,
  ListQuery,
  SettingsPatchRequest,
  TestimonialListQuery,
  UserExportQuery,
} from '@cropvest/contracts';
import {
  authenticate,
  csvExportRoute,
  pageRoute,
  requestMeta,
  requireRole,
  route,
} from '@cropvest/service-kit';
import * as users from '../app/admin-users.ts';
import * as devices from '../app/device-approvals.ts';
import * as freeze from '../app/freeze.ts';
import * as settings from '../app/settings.ts';
import * as testimonials from '../app/testimonials.ts';
import { auditAdmins, queryAuditLogs } from '../db/audit-list.ts';
import { checkAuditTrail } from '../app/audit-trail.ts';
import { auditExport, usersExport } from '../db/exports.ts';
import type { IdentityContext } from '../app/context.ts';

/** Every route here needs an admin token, checked again here even though the gateway checked it first. */
export function adminRoutes(identity: IdentityContext): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(authenticate(identity.verifier), requireRole('admin'), async (ctx, next) => {
    await settings.requireAdminIpAllowed(identity, requestMeta(ctx).ip);
    await next();
  });

  router.get(
    '/users',
    pageRoute({ query: AdminUserListQuery }, ({ query }) => users.adminUsers(identity, query)),
  );
  // Before /users/:id, which would take these for an id.
  router.get(
    '/users/counts',
    route({ query: AdminUserCountsQuery }, ({ query }) => users.userCounts(identity, query)),
  );
  router.get('/users/export.csv', csvExportRoute(identity, UserExportQuery, usersExport));
  router.get(
    '/investors/summary',
    route({}, () => users.investorSummary(identity)),
  );
  router.get(
    '/users/:id',
    route({}, ({ id }) => users.oneUser(identity, id)),
  );
  router.patch(
    '/users/:id',
    route({ body: AdminUserUpdate }, ({ actor, id, body, meta }) =>
      users.editUser(identity, actor, id, body, meta),
    ),
  );
  router.patch(
    '/users/:id/ban',
    route({ body: BanRequest }, ({ actor, id, body, meta }) =>
      users.setBanned(identity, actor, id, body, meta),
    ),
  );
  router.get(
    '/users/:id/devices',
    // An admin's own device is never the user's: nothing is marked as the asking device.
    pageRoute({ query: ListQuery }, ({ id, query }) => devices.trustedDevices(identity, id, query, null)),
  );
  router.get(
    '/users/:id/freeze',
    route({}, ({ id }) => freeze.adminAccountProtection(identity, id)),
  );
  router.post(
    '/users/:id/freeze',
    route({ body: AdminFreezeRequest }, ({ actor, id, body, meta }) =>
      freeze.adminSetFreeze(identity, actor, id, true, body.reason, meta),
    ),
  );
  router.post(
    '/users/:id/unfreeze',
    route({ body: AdminFreezeRequest }, ({ actor, id, body, meta }) =>
      freeze.adminSetFreeze(identity, actor, id, false, body.reason, meta),
    ),
  );
  router.post(
    '/users/:id/reset-password',
    route({}, ({ actor, id, meta }) => users.issuePasswordReset(identity, actor, id, meta)),
  );

  router.get(
    '/settings',
    route({}, () => settings.allSettings(identity)),
  );
  router.patch(
    '/settings',
    route({ body: SettingsPatchRequest }, ({ actor, body, meta }) =>
      settings.saveSettingsSection(identity, actor, body, meta),
    ),
  );
  router.get(
    '/settings/testimonials',
    pageRoute({ query: TestimonialListQuery }, ({ query }) =>
      testimonials.adminTestimonials(identity, query),
    ),
  );
  router.post(
    '/settings/testimonials',
    route({ body: CreateTestimonialRequest, status: 201 }, ({ actor, body, meta }) =>
      testimonials.addTestimonial(identity, actor, body, meta),
    ),
  );
  router.delete(
    '/settings/testimonials/:id',
    route({}, async ({ actor, id, meta }) => {
      await testimonials.removeTestimonial(identity, actor, id, meta);
      return { ok: true };
    }),
  );

  router.get(
    '/audit-logs',
    route({ query: AuditLogQuery }, async ({ query }) => {
      const { items, total } = await queryAuditLogs(identity.db, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    }),
  );
  router.get('/audit-logs/export.csv', csvExportRoute(identity, AuditExportQuery, auditExport));
  router.get(
    '/audit-logs/verification',
    route({}, () => checkAuditTrail(identity)),
  );
  router.get(
    '/audit-logs/admins',
    route({}, () => auditAdmins(identity.db)),
  );
  return router;
}

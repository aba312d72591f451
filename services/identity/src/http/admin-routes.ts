import Router from '@koa/router';
import {
  AdminUserUpdate,
  AuditExportQuery,
  AuditLogQuery,
  BanRequest,
  CreateTestimonialRequest,
  IdParam,
  SettingsPatchRequest,
  TestimonialListQuery,
  UserExportQuery,
} from '@cropvest/contracts';
import {
  authenticate,
  csvExportRoute,
  currentUser,
  parseInput,
  requireRole,
  requestMeta,
  sendPage,
} from '@cropvest/service-kit';
import * as users from '../app/admin-users.ts';
import * as settings from '../app/settings.ts';
import * as testimonials from '../app/testimonials.ts';
import { auditAdmins, queryAuditLogs, verifyAuditChain } from '../db/audit.ts';
import { auditExport, usersExport } from '../db/exports.ts';
import type { IdentityContext } from '../app/context.ts';

/** Every route here needs an admin token, checked again here even though the gateway checked it first. */
export function adminRoutes(identity: IdentityContext): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(authenticate(identity.verifier), requireRole('admin'), async (ctx, next) => {
    await settings.requireAdminIpAllowed(identity, requestMeta(ctx).ip);
    await next();
  });

  router.get('/users', async (ctx) => {
    ctx.body = await users.allUsers(identity);
  });
  // Before /users/:id, which would take export.csv for an id.
  router.get('/users/export.csv', csvExportRoute(identity, UserExportQuery, usersExport));
  router.get('/users/:id', async (ctx) => {
    ctx.body = await users.oneUser(identity, parseInput(IdParam, ctx.params).id);
  });
  router.patch('/users/:id', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await users.editUser(
      identity,
      currentUser(ctx.state),
      id,
      parseInput(AdminUserUpdate, ctx.request.body),
      requestMeta(ctx),
    );
  });
  router.patch('/users/:id/ban', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await users.setBanned(
      identity,
      currentUser(ctx.state),
      id,
      parseInput(BanRequest, ctx.request.body).isBanned,
      requestMeta(ctx),
    );
  });
  router.post('/users/:id/reset-password', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await users.issuePasswordReset(identity, currentUser(ctx.state), id, requestMeta(ctx));
  });

  router.get('/settings', async (ctx) => {
    ctx.body = await settings.allSettings(identity);
  });
  router.patch('/settings', async (ctx) => {
    ctx.body = await settings.saveSettingsSection(
      identity,
      currentUser(ctx.state),
      parseInput(SettingsPatchRequest, ctx.request.body),
      requestMeta(ctx),
    );
  });
  router.get('/settings/testimonials', async (ctx) => {
    sendPage(
      ctx,
      await testimonials.adminTestimonials(identity, parseInput(TestimonialListQuery, ctx.query)),
    );
  });
  router.post('/settings/testimonials', async (ctx) => {
    ctx.body = await testimonials.addTestimonial(
      identity,
      currentUser(ctx.state),
      parseInput(CreateTestimonialRequest, ctx.request.body),
      requestMeta(ctx),
    );
    ctx.status = 201;
  });
  router.delete('/settings/testimonials/:id', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    await testimonials.removeTestimonial(identity, currentUser(ctx.state), id, requestMeta(ctx));
    ctx.body = { ok: true };
  });

  router.get('/audit-logs', async (ctx) => {
    const query = parseInput(AuditLogQuery, ctx.query);
    const { items, total } = await queryAuditLogs(identity.db, query);
    ctx.body = { items, total, page: query.page, pageSize: query.pageSize };
  });
  router.get('/audit-logs/export.csv', csvExportRoute(identity, AuditExportQuery, auditExport));
  router.get('/audit-logs/verification', async (ctx) => {
    ctx.body = { ...(await verifyAuditChain(identity.db)), checkedAt: new Date().toISOString() };
  });
  router.get('/audit-logs/admins', async (ctx) => {
    ctx.body = await auditAdmins(identity.db);
  });
  return router;
}

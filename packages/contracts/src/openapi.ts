// The OpenAPI 3.1 document, generated from the same schemas the services validate with.
// Each area adds its operations to `routes`; the gateway serves the result at /api/openapi.json.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import type { z } from './zod.ts';
import { ErrorBody, IdParam } from './common.ts';
import { AuthResponse, LoginRequest, LogoutRequest, OkResponse, RefreshRequest, RegisterRequest, ResetPasswordRequest, TokenPair, User } from './auth.ts';
import { AdminUserList, AdminUserUpdate, BanRequest, PasswordResetIssued } from './admin-users.ts';
import { AllSettings, PublicSettings, SettingsPatchRequest } from './settings.ts';
import { AuditLogPage, AuditLogQuery } from './audit.ts';

interface Operation {
  method: RouteConfig['method'];
  path: string;
  summary: string;
  tag: string;
  auth: 'public' | 'user' | 'admin';
  body?: ZodType;
  query?: z.ZodObject;
  params?: boolean;
  response: ZodType;
  status?: number;
}

const routes: Operation[] = [
  { method: 'post', path: '/api/auth/register', summary: 'Create an investor account', tag: 'Auth', auth: 'public', body: RegisterRequest, response: AuthResponse, status: 201 },
  { method: 'post', path: '/api/auth/login', summary: 'Sign in', tag: 'Auth', auth: 'public', body: LoginRequest, response: AuthResponse },
  { method: 'post', path: '/api/auth/refresh', summary: 'Rotate the refresh token', tag: 'Auth', auth: 'public', body: RefreshRequest, response: TokenPair },
  { method: 'post', path: '/api/auth/logout', summary: 'Revoke the session of a refresh token', tag: 'Auth', auth: 'public', body: LogoutRequest, response: OkResponse },
  { method: 'post', path: '/api/auth/reset-password', summary: 'Set a new password with a reset token', tag: 'Auth', auth: 'public', body: ResetPasswordRequest, response: OkResponse },
  { method: 'get', path: '/api/auth/me', summary: 'The signed-in user', tag: 'Auth', auth: 'user', response: User },
  { method: 'get', path: '/api/settings/public', summary: 'Settings the signed-out front end needs', tag: 'Settings', auth: 'public', response: PublicSettings },
  { method: 'get', path: '/api/admin/users', summary: 'All users', tag: 'Admin: users', auth: 'admin', response: AdminUserList },
  { method: 'get', path: '/api/admin/users/{id}', summary: 'One user', tag: 'Admin: users', auth: 'admin', params: true, response: User },
  { method: 'patch', path: '/api/admin/users/{id}', summary: 'Edit name, email or role', tag: 'Admin: users', auth: 'admin', params: true, body: AdminUserUpdate, response: User },
  { method: 'patch', path: '/api/admin/users/{id}/ban', summary: 'Ban or unban', tag: 'Admin: users', auth: 'admin', params: true, body: BanRequest, response: User },
  { method: 'post', path: '/api/admin/users/{id}/reset-password', summary: 'Issue a one-hour password reset link by email', tag: 'Admin: users', auth: 'admin', params: true, response: PasswordResetIssued },
  { method: 'get', path: '/api/admin/settings', summary: 'All settings sections', tag: 'Admin: settings', auth: 'admin', response: AllSettings },
  { method: 'patch', path: '/api/admin/settings', summary: 'Save one settings section', tag: 'Admin: settings', auth: 'admin', body: SettingsPatchRequest, response: AllSettings },
  { method: 'get', path: '/api/admin/audit-logs', summary: 'Audit trail, filtered and paginated', tag: 'Admin: audit', auth: 'admin', query: AuditLogQuery, response: AuditLogPage },
];

export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  registry.register('Error', ErrorBody);
  const bearer = registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });

  for (const op of routes) {
    registry.registerPath({
      method: op.method,
      path: op.path,
      summary: op.summary,
      tags: [op.tag],
      security: op.auth === 'public' ? [] : [{ [bearer.name]: [] }],
      request: {
        ...(op.params ? { params: IdParam } : {}),
        ...(op.query ? { query: op.query } : {}),
        ...(op.body ? { body: { content: { 'application/json': { schema: op.body } } } } : {}),
      },
      responses: {
        [op.status ?? 200]: { description: 'Success', content: { 'application/json': { schema: op.response } } },
        400: errorResponse('Invalid input'),
        ...(op.auth !== 'public' ? { 401: errorResponse('Missing or invalid token') } : {}),
        ...(op.auth === 'admin' ? { 403: errorResponse('Not an admin') } : {}),
      },
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'CropVest API', version: '1.0.0', description: 'Every /api call of the crop-season investment platform.' },
    servers: [{ url: '/' }],
  });
}


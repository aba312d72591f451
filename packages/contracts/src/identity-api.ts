// The identity service's operations: sign-up and sessions, admin user management, settings, audit.
import type { ApiOperation } from './api-operation.ts';
import { AuthResponse, LoginRequest, LogoutRequest, OkResponse, RefreshRequest, RegisterRequest, ResetPasswordRequest, TokenPair, User } from './auth.ts';
import { AdminUserList, AdminUserUpdate, BanRequest, PasswordResetIssued } from './admin-users.ts';
import { AllSettings, PublicSettings, SettingsPatchRequest } from './settings.ts';
import { AuditLogPage, AuditLogQuery } from './audit.ts';

export const identityOperations: ApiOperation[] = [
  { method: 'post', path: '/api/auth/register', summary: 'Create an investor account', tag: 'Auth', auth: 'public', body: RegisterRequest, response: AuthResponse, status: 201 },
  { method: 'post', path: '/api/auth/login', summary: 'Sign in', tag: 'Auth', auth: 'public', body: LoginRequest, response: AuthResponse },
  { method: 'post', path: '/api/auth/refresh', summary: 'Rotate the refresh token', tag: 'Auth', auth: 'public', body: RefreshRequest, response: TokenPair },
  { method: 'post', path: '/api/auth/logout', summary: 'Revoke the session of a refresh token', tag: 'Auth', auth: 'public', body: LogoutRequest, response: OkResponse },
  { method: 'post', path: '/api/auth/reset-password', summary: 'Set a new password with a reset token', tag: 'Auth', auth: 'public', body: ResetPasswordRequest, response: OkResponse },
  { method: 'get', path: '/api/auth/me', summary: 'The signed-in user', tag: 'Auth', auth: 'user', response: User },
  { method: 'get', path: '/api/settings/public', summary: 'Settings the signed-out front end needs', tag: 'Settings', auth: 'public', response: PublicSettings },
  { method: 'get', path: '/api/admin/users', summary: 'All users', tag: 'Admin: users', auth: 'admin', response: AdminUserList },
  { method: 'get', path: '/api/admin/users/{id}', summary: 'One user', tag: 'Admin: users', auth: 'admin', params: true, response: User },
  { method: 'patch', path: '/api/admin/users/{id}', summary: 'Edit name, email, role or balance (a balance change needs balanceReason)', tag: 'Admin: users', auth: 'admin', params: true, body: AdminUserUpdate, response: User },
  { method: 'patch', path: '/api/admin/users/{id}/ban', summary: 'Ban or unban', tag: 'Admin: users', auth: 'admin', params: true, body: BanRequest, response: User },
  { method: 'post', path: '/api/admin/users/{id}/reset-password', summary: 'Issue a one-hour password reset link by email', tag: 'Admin: users', auth: 'admin', params: true, response: PasswordResetIssued },
  { method: 'get', path: '/api/admin/settings', summary: 'All settings sections', tag: 'Admin: settings', auth: 'admin', response: AllSettings },
  { method: 'patch', path: '/api/admin/settings', summary: 'Save one settings section', tag: 'Admin: settings', auth: 'admin', body: SettingsPatchRequest, response: AllSettings },
  { method: 'get', path: '/api/admin/audit-logs', summary: 'Audit trail, filtered and paginated', tag: 'Admin: audit', auth: 'admin', query: AuditLogQuery, response: AuditLogPage },
];

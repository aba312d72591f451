// Identity's operations for new-device approval, trusted devices and the freeze (issue 26;
// docs/decisions/0100-new-device-approval.md, docs/decisions/0101-account-freeze.md).
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import { ListQuery } from '../common.ts';
import { OkResponse, SessionsRevoked } from './auth.ts';
import { LoginResponse } from './two-factor.ts';
import {
  AccountFreeze,
  AdminAccountProtection,
  AdminFreezeRequest,
  DeviceApprovalClaim,
  DeviceApprovalDenial,
  DeviceApprovalDetails,
  DeviceApprovalSetting,
  DeviceApprovalSettingUpdate,
  DeviceApprovalToken,
  FreezeLinkRequest,
  TrustedDevice,
  UnfreezeConfirmRequest,
  UnfreezeRequest,
  UnfreezeRequested,
} from './account-protection.ts';

export const accountProtectionOperations = ownedBy('identity', {
  claimDeviceApproval: {
    method: 'post',
    path: '/api/auth/login/device-approval',
    summary:
      'The browser waiting for a new-device approval asks with its wait token: 202 while the mailed link is unopened, then what the sign-in goes on with (a session, or the two-factor challenge)',
    tag: 'Auth',
    auth: 'public',
    body: DeviceApprovalClaim,
    response: LoginResponse,
  },
  deviceApprovalDetails: {
    method: 'post',
    path: '/api/auth/device-approvals/details',
    errors: { 429: 'Too many attempts from this address; wait and try again' },
    summary: 'What the mailed approval link is for: the device, browser, approximate place and time',
    tag: 'Auth',
    auth: 'public',
    body: DeviceApprovalToken,
    response: DeviceApprovalDetails,
  },
  approveDevice: {
    method: 'post',
    path: '/api/auth/device-approvals/approve',
    errors: {
      409: 'The sign-in was already decided, or expired (DEVICE_APPROVAL_CLOSED)',
      429: 'Too many attempts from this address; wait and try again',
    },
    summary: 'Approve the waiting sign-in from the mailed link; the device becomes trusted',
    tag: 'Auth',
    auth: 'public',
    body: DeviceApprovalToken,
    response: DeviceApprovalDetails,
  },
  denyDevice: {
    method: 'post',
    path: '/api/auth/device-approvals/deny',
    errors: {
      409: 'The sign-in was already decided, or expired (DEVICE_APPROVAL_CLOSED)',
      429: 'Too many attempts from this address; wait and try again',
    },
    summary: '"It wasn\'t me": refuse the waiting sign-in, and with `freeze` freeze the account at once',
    tag: 'Auth',
    auth: 'public',
    body: DeviceApprovalDenial,
    response: DeviceApprovalDetails,
  },
  trustedDevices: {
    method: 'get',
    path: '/api/auth/devices',
    summary:
      'Own trusted devices, last seen first, one page (total in X-Total-Count); the asking device marked',
    tag: 'Auth',
    auth: 'user',
    query: ListQuery,
    paged: true,
    response: z.array(TrustedDevice),
  },
  removeTrustedDevice: {
    method: 'delete',
    path: '/api/auth/devices/{id}',
    summary:
      'Remove a trusted device: it is signed out, and its next sign-in from a network the account never used needs approval again',
    tag: 'Auth',
    auth: 'user',
    response: SessionsRevoked,
  },
  signOutDevice: {
    method: 'post',
    path: '/api/auth/devices/{id}/sign-out',
    summary: 'Sign out every session of one trusted device; it stays trusted',
    tag: 'Auth',
    auth: 'user',
    response: SessionsRevoked,
  },
  deviceApprovalSetting: {
    method: 'get',
    path: '/api/auth/device-approval',
    summary: 'Whether own sign-ins from somewhere new wait for a mailed approval',
    tag: 'Auth',
    auth: 'user',
    response: DeviceApprovalSetting,
  },
  updateDeviceApprovalSetting: {
    method: 'put',
    path: '/api/auth/device-approval',
    errors: { 403: 'Administrators cannot switch new-device approval off' },
    summary:
      'Switch own new-device approval on, or off (the current password confirms it); the owner is mailed a notice',
    tag: 'Auth',
    auth: 'user',
    body: DeviceApprovalSettingUpdate,
    response: DeviceApprovalSetting,
  },
  freezeAccount: {
    method: 'post',
    path: '/api/auth/freeze',
    summary:
      'Freeze own account at once: every session ends (this one too), sign-ins and withdrawals stop, and no pending withdrawal can be approved',
    tag: 'Auth',
    auth: 'user',
    response: AccountFreeze,
  },
  freezeByLink: {
    method: 'post',
    path: '/api/auth/freeze/link',
    errors: { 429: 'Too many attempts from this address; wait and try again' },
    summary: 'Freeze the account from the link in a security mail, without signing in',
    tag: 'Auth',
    auth: 'public',
    body: FreezeLinkRequest,
    response: OkResponse,
  },
  requestUnfreeze: {
    method: 'post',
    path: '/api/auth/unfreeze',
    errors: {
      403: 'An administrator froze the account (ACCOUNT_FROZEN_BY_ADMIN)',
      429: 'Too many attempts, or the account is locked for a while after wrong passwords',
    },
    summary:
      'Ask to unfreeze own account with the password (and the second factor when enrolled); a confirmation link is mailed',
    tag: 'Auth',
    auth: 'public',
    body: UnfreezeRequest,
    response: UnfreezeRequested,
  },
  confirmUnfreeze: {
    method: 'post',
    path: '/api/auth/unfreeze/confirm',
    errors: { 429: 'Too many attempts from this address; wait and try again' },
    summary: 'Unfreeze from the mailed link; new withdrawals are then on hold for the configured hours',
    tag: 'Auth',
    auth: 'public',
    body: UnfreezeConfirmRequest,
    response: OkResponse,
  },
  userDevices: {
    method: 'get',
    path: '/api/admin/users/{id}/devices',
    summary: "One user's trusted devices, last seen first, one page (total in X-Total-Count)",
    tag: 'Admin users',
    auth: 'admin',
    query: ListQuery,
    paged: true,
    response: z.array(TrustedDevice),
  },
  userFreeze: {
    method: 'get',
    path: '/api/admin/users/{id}/freeze',
    summary: "Whether a user's account is frozen, since when and by whom, and their new-device approval",
    tag: 'Admin users',
    auth: 'admin',
    response: AdminAccountProtection,
  },
  adminFreezeUser: {
    method: 'post',
    path: '/api/admin/users/{id}/freeze',
    summary: "Freeze a user's account (audited, the owner is told): every session ends, withdrawals stop",
    tag: 'Admin users',
    auth: 'admin',
    body: AdminFreezeRequest,
    response: AccountFreeze,
  },
  adminUnfreezeUser: {
    method: 'post',
    path: '/api/admin/users/{id}/unfreeze',
    summary:
      "Unfreeze a user's account (audited, the owner is told); new withdrawals are then on hold for the configured hours",
    tag: 'Admin users',
    auth: 'admin',
    body: AdminFreezeRequest,
    response: AccountFreeze,
  },
});

import { handlers } from '@cropvest/service-kit/operations';
import * as devices from '../app/device-approvals.ts';
import type { IdentityContext } from '../app/context.ts';
import { deviceOf } from './device-cookie.ts';

/**
 * Devices: a new device's sign-in approved or denied from the mailed link, a user's trusted devices and whether
 * new ones need approval, and an admin's view of a user's devices.
 */
export const deviceRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    // Public: the mailed link may be opened anywhere; its single-use token is the permission.
    deviceApprovalDetails: ({ body }) => devices.approvalDetails(identity, body.token),
    approveDevice: ({ body, meta }) => devices.approveDevice(identity, body.token, meta),
    denyDevice: ({ body, meta }) => devices.denyDevice(identity, body, meta),
    trustedDevices: ({ actor, query, ctx }) =>
      devices.trustedDevices(identity, actor.id, query, deviceOf(ctx)),
    removeTrustedDevice: ({ actor, id, meta }) => devices.endDevice(identity, actor, id, true, meta),
    signOutDevice: ({ actor, id, meta }) => devices.endDevice(identity, actor, id, false, meta),
    deviceApprovalSetting: ({ actor }) => devices.ownApprovalSetting(identity, actor),
    updateDeviceApprovalSetting: ({ actor, body, meta }) =>
      devices.setOwnApprovalSetting(identity, actor, body, meta),
    // An admin's own device is never the user's: nothing is marked as the asking device.
    userDevices: ({ id, query }) => devices.trustedDevices(identity, id, query, null),
  });

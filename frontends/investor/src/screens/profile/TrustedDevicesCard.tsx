// Trusted devices (issue 26 item 5, docs/decisions/0100-new-device-approval.md): the devices that sign in without a
// mailed approval, last seen first, this one marked. "Sign out" ends a device's sessions and keeps it trusted;
// "Remove" also forgets it, so its next sign-in from a new network waits for approval again. Removing this device
// signs this browser out. Each asks first; the sessions list below refreshes with it.
import { useState } from 'react';
import { LaptopMinimalCheck } from 'lucide-react';
import type { TrustedDevice } from '@cropvest/contracts/identity/account-protection';
import { logout, useAppDispatch } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { toast } from '@cropvest/ui/toast';
import { TrustedDeviceList, trustedDeviceName } from '@cropvest/ui/trusted-device';
import {
  DEVICES_PAGE_SIZE,
  useRemoveDeviceMutation,
  useSignOutDeviceMutation,
  useTrustedDevicesQuery,
} from '../../api/identity.ts';

type DeviceAction = { kind: 'sign-out' | 'remove'; device: TrustedDevice };

export function TrustedDevicesCard() {
  const [page, setPage] = useState(1);
  const devices = useTrustedDevicesQuery(page);
  const [action, setAction] = useState<DeviceAction | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <LaptopMinimalCheck aria-hidden="true" className="h-5 w-5 text-brand" /> Trusted Devices
        </CardTitle>
        <CardDescription>
          Devices that sign in to your account without an emailed approval. Remove any you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <TrustedDeviceList
          query={devices}
          what="your trusted devices"
          page={page}
          pageSize={DEVICES_PAGE_SIZE}
          onPageChange={setPage}
          itemClassName="py-3"
          currentLabel="This device"
          actions={(device) => {
            const name = trustedDeviceName(device);
            return (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={device.activeSessions === 0}
                  onClick={() => setAction({ kind: 'sign-out', device })}
                  aria-label={`Sign out ${name}, ${device.ipAddress ?? 'unknown IP'}`}
                >
                  Sign out
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={() => setAction({ kind: 'remove', device })}
                  aria-label={`Remove ${name}, ${device.ipAddress ?? 'unknown IP'}`}
                >
                  Remove
                </Button>
              </>
            );
          }}
        />
      </CardContent>
      {action?.kind === 'sign-out' ? (
        <SignOutDeviceDialog device={action.device} onClose={() => setAction(null)} />
      ) : action?.kind === 'remove' ? (
        <RemoveDeviceDialog
          device={action.device}
          onClose={() => setAction(null)}
          onRemoved={() => {
            // The last device of a later page gone: show the page before it.
            if (page > 1 && devices.data?.items.length === 1) setPage(page - 1);
          }}
        />
      ) : null}
    </Card>
  );
}

function SignOutDeviceDialog({ device, onClose }: { device: TrustedDevice; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [signOut, { isLoading }] = useSignOutDeviceMutation();
  const confirm = async () => {
    try {
      await signOut(device.id).unwrap();
      // This browser's own session ended with the others.
      if (device.current) return await logout(dispatch, { toast: true });
      toast({ title: 'Device signed out', description: 'It stays trusted.', variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not sign that device out' });
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Sign out this device?"
      description={
        device.current
          ? 'This is the device you are using: this browser is signed out at once. It stays trusted, so signing in again needs no approval.'
          : `${trustedDeviceName(device)} (${device.ipAddress ?? 'unknown IP'}) is signed out at once. It stays trusted, so it can sign in again without an emailed approval.`
      }
      confirmLabel="Sign out"
      tone="destructive"
      busy={isLoading}
      onConfirm={confirm}
    />
  );
}

function RemoveDeviceDialog({
  device,
  onClose,
  onRemoved,
}: {
  device: TrustedDevice;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const dispatch = useAppDispatch();
  const [remove, { isLoading }] = useRemoveDeviceMutation();
  const confirm = async () => {
    try {
      await remove(device.id).unwrap();
      if (device.current) return await logout(dispatch, { toast: true });
      toast({ title: 'Device removed', description: 'It was signed out and forgotten.', variant: 'success' });
      onRemoved();
      onClose();
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not remove that device' });
    }
  };
  const after =
    'Its next sign-in from a network your account never used waits for an emailed approval again.';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Remove this device?"
      description={
        device.current
          ? `This is the device you are using: this browser will be signed out at once and forgotten. ${after}`
          : `${trustedDeviceName(device)} (${device.ipAddress ?? 'unknown IP'}) is signed out at once and forgotten. ${after}`
      }
      confirmLabel="Remove"
      tone="destructive"
      busy={isLoading}
      onConfirm={confirm}
    />
  );
}

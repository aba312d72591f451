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
import { useProfileMessages } from './messages/catalogue.ts';

type DeviceAction = { kind: 'sign-out' | 'remove'; device: TrustedDevice };

export function TrustedDevicesCard() {
  const { text } = useProfileMessages();
  const [page, setPage] = useState(1);
  const devices = useTrustedDevicesQuery(page);
  const [action, setAction] = useState<DeviceAction | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <LaptopMinimalCheck aria-hidden="true" className="h-5 w-5 text-brand" />
          {text('profile.trusted.title')}
        </CardTitle>
        <CardDescription>{text('profile.trusted.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <TrustedDeviceList
          query={devices}
          what={text('profile.trusted.what')}
          page={page}
          pageSize={DEVICES_PAGE_SIZE}
          onPageChange={setPage}
          itemClassName="py-3"
          currentLabel={text('profile.sessions.thisDevice')}
          actions={(device) => {
            const values = {
              device: trustedDeviceName(device),
              ip: device.ipAddress ?? text('profile.unknownIp'),
            };
            return (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={device.activeSessions === 0}
                  onClick={() => setAction({ kind: 'sign-out', device })}
                  aria-label={text('profile.trusted.signOutLabel', values)}
                >
                  {text('profile.trusted.signOut')}
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={() => setAction({ kind: 'remove', device })}
                  aria-label={text('profile.trusted.removeLabel', values)}
                >
                  {text('profile.trusted.remove')}
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
  const { text } = useProfileMessages();
  const dispatch = useAppDispatch();
  const [signOut, { isLoading }] = useSignOutDeviceMutation();
  const confirm = async () => {
    try {
      await signOut(device.id).unwrap();
      // This browser's own session ended with the others.
      if (device.current) return await logout(dispatch, { toast: true });
      toast({
        title: text('profile.trusted.signedOut'),
        description: text('profile.trusted.signedOutText'),
        variant: 'success',
      });
      onClose();
    } catch (error) {
      toastFailure(error, { title: text('profile.error'), fallback: text('profile.trusted.signOutFailed') });
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('profile.trusted.signOutTitle')}
      description={
        device.current
          ? text('profile.trusted.signOutThis')
          : text('profile.trusted.signOutOther', {
              device: trustedDeviceName(device),
              ip: device.ipAddress ?? text('profile.unknownIp'),
            })
      }
      confirmLabel={text('profile.trusted.signOut')}
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
  const { text } = useProfileMessages();
  const [remove, { isLoading }] = useRemoveDeviceMutation();
  const confirm = async () => {
    try {
      await remove(device.id).unwrap();
      if (device.current) return await logout(dispatch, { toast: true });
      toast({
        title: text('profile.trusted.removed'),
        description: text('profile.trusted.removedText'),
        variant: 'success',
      });
      onRemoved();
      onClose();
    } catch (error) {
      toastFailure(error, { title: text('profile.error'), fallback: text('profile.trusted.removeFailed') });
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('profile.trusted.removeTitle')}
      description={
        device.current
          ? text('profile.trusted.removeThis')
          : text('profile.trusted.removeOther', {
              device: trustedDeviceName(device),
              ip: device.ipAddress ?? text('profile.unknownIp'),
            })
      }
      confirmLabel={text('profile.trusted.remove')}
      tone="destructive"
      busy={isLoading}
      onConfirm={confirm}
    />
  );
}

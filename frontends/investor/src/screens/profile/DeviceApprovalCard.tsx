// New-device approval (issue 26 item 5, docs/decisions/0100-new-device-approval.md): a sign-in from a device and a
// network the account never used waits for the link mailed to the owner. On by default; switching it off warns what
// it gives up and asks for the password, switching it on asks nothing. Administrators cannot switch it off.
import { useId, useState } from 'react';
import { AlertTriangle, MailQuestion } from 'lucide-react';
import { DEVICE_APPROVAL_MINUTES } from '@cropvest/contracts/identity/auth';
import { toastFailure } from '@cropvest/web-kit/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Switch } from '@cropvest/ui/switch';
import { toast } from '@cropvest/ui/toast';
import { useDeviceApprovalQuery, useSetDeviceApprovalMutation } from '../../api/identity.ts';
import { PasswordConfirmDialog, type PasswordConfirmation } from './PasswordConfirmDialog.tsx';

export function DeviceApprovalCard() {
  const id = useId();
  const setting = useDeviceApprovalQuery();
  const [setDeviceApproval, saving] = useSetDeviceApprovalMutation();
  const [confirmingOff, setConfirmingOff] = useState(false);

  const switchOn = async () => {
    try {
      await setDeviceApproval({ enabled: true }).unwrap();
      toast({ title: 'New-device approval on', variant: 'success' });
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not switch new-device approval on' });
    }
  };
  const switchOff = async ({ currentPassword }: PasswordConfirmation) => {
    await setDeviceApproval({ enabled: false, currentPassword }).unwrap();
    toast({
      title: 'New-device approval off',
      description: 'We mailed you about the change.',
      variant: 'success',
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <MailQuestion aria-hidden="true" className="h-5 w-5 text-brand" /> New-Device Approval
        </CardTitle>
        <CardDescription>
          A sign-in from a device and a network your account has never used waits until you approve it from
          the link we mail you ({DEVICE_APPROVAL_MINUTES} minutes to do so).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView query={setting} what="your new-device approval" skeleton={<SkeletonRows rows={1} />}>
          {({ enabled, locked }) => (
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <label htmlFor={id} className="font-medium text-ink">
                  Approve sign-ins from new devices by email
                </label>
                <p id={`${id}-description`} className="text-sm text-ink-muted">
                  {locked
                    ? 'Administrator accounts always need it: it cannot be switched off.'
                    : 'Someone who learns your password still cannot sign in from their own device without your mailbox.'}
                </p>
              </div>
              <Switch
                id={id}
                checked={enabled}
                disabled={locked || saving.isLoading}
                aria-describedby={`${id}-description`}
                onCheckedChange={(on) => (on ? void switchOn() : setConfirmingOff(true))}
              />
            </div>
          )}
        </QueryView>
      </CardContent>
      <PasswordConfirmDialog
        open={confirmingOff}
        onOpenChange={setConfirmingOff}
        title="Switch new-device approval off?"
        description="Enter your password to confirm."
        submitLabel="Switch Off"
        busy={saving.isLoading}
        busyLabel="Switching off…"
        onConfirm={switchOff}
        failure="Could not switch new-device approval off"
      >
        <p className="flex gap-2 rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            Without it, anyone who learns your password (from a fake sign-in page, a leaked list or malware)
            can sign in from any device straight away, without a link from your mailbox. With Login Alerts on,
            you hear of such a sign-in only after it happened.
          </span>
        </p>
      </PasswordConfirmDialog>
    </Card>
  );
}

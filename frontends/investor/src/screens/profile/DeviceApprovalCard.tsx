// New-device approval (issue 26 item 5, docs/decisions/0100-new-device-approval.md): a sign-in from a device and a
// network the account never used waits for the link mailed to the owner. On by default; switching it off warns what
// it gives up and asks for the password, switching it on asks nothing. Administrators cannot switch it off.
import { useId, useState } from 'react';
import { AlertTriangle, MailQuestion } from 'lucide-react';
import { DEVICE_APPROVAL_MINUTES } from '@cropvest/contracts/identity/sign-in-rules';
import { toastFailure } from '@cropvest/web-kit/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Switch } from '@cropvest/ui/switch';
import { toast } from '@cropvest/ui/toast';
import { useDeviceApprovalQuery, useSetDeviceApprovalMutation } from '../../api/identity.ts';
import { PasswordConfirmDialog, type PasswordConfirmation } from './PasswordConfirmDialog.tsx';
import { useProfileMessages } from './messages/catalogue.ts';

export function DeviceApprovalCard() {
  const { text } = useProfileMessages();
  const id = useId();
  const setting = useDeviceApprovalQuery();
  const [setDeviceApproval, saving] = useSetDeviceApprovalMutation();
  const [confirmingOff, setConfirmingOff] = useState(false);

  const switchOn = async () => {
    try {
      await setDeviceApproval({ enabled: true }).unwrap();
      toast({ title: text('profile.deviceApproval.turnedOn'), variant: 'success' });
    } catch (error) {
      toastFailure(error, {
        title: text('profile.error'),
        fallback: text('profile.deviceApproval.onFailed'),
      });
    }
  };
  const switchOff = async ({ currentPassword }: PasswordConfirmation) => {
    await setDeviceApproval({ enabled: false, currentPassword }).unwrap();
    toast({
      title: text('profile.deviceApproval.turnedOff'),
      description: text('profile.deviceApproval.turnedOffText'),
      variant: 'success',
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <MailQuestion aria-hidden="true" className="h-5 w-5 text-brand" />
          {text('profile.deviceApproval.title')}
        </CardTitle>
        <CardDescription>
          {text('profile.deviceApproval.description', { minutes: DEVICE_APPROVAL_MINUTES })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={setting}
          what={text('profile.deviceApproval.what')}
          skeleton={<SkeletonRows rows={1} />}
        >
          {({ enabled, locked }) => (
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <label htmlFor={id} className="font-medium text-ink">
                  {text('profile.deviceApproval.label')}
                </label>
                <p id={`${id}-description`} className="text-sm text-ink-muted">
                  {text(locked ? 'profile.deviceApproval.locked' : 'profile.deviceApproval.why')}
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
        title={text('profile.deviceApproval.offTitle')}
        description={text('profile.confirmWithPassword')}
        submitLabel={text('profile.switchOff')}
        busy={saving.isLoading}
        busyLabel={text('profile.deviceApproval.offBusy')}
        onConfirm={switchOff}
        failure={text('profile.deviceApproval.offFailed')}
      >
        <p className="flex gap-2 rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{text('profile.deviceApproval.offWarning')}</span>
        </p>
      </PasswordConfirmDialog>
    </Card>
  );
}

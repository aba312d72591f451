// Security (spec section 2, issue 11): Change Password (current with show/hide, new, confirm; the spec's texts),
// two-factor sign-in (QR code, a code to confirm, recovery codes shown once; off with the password and a code),
// Login Alerts (a switch; docs/decisions/0065), the anti-phishing code (docs/decisions/0098), new-device approval and
// the trusted devices (docs/decisions/0100), Device Tracking (the account's sessions, this device marked, Revoke and
// Sign out everywhere) and "Freeze my account" (docs/decisions/0101).
import { useId, useState } from 'react';
import { BellRing, KeyRound, LogOut, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import type { SessionInfo } from '@cropvest/contracts/identity/auth';
import type { TwoFactorEnrolment } from '@cropvest/contracts/identity/two-factor';
import { logout, useAppDispatch } from '@cropvest/web-kit';
import { lazyZodResolver, reportFormError, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { formatDateTime } from '@cropvest/ui/format';
import { TextField } from '@cropvest/ui/input';
import { PasswordInput } from '@cropvest/ui/password-input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Spinner } from '@cropvest/ui/spinner';
import { Switch } from '@cropvest/ui/switch';
import { toast } from '@cropvest/ui/toast';
import { EnrolmentSecret, RecoveryCodesList } from '@cropvest/ui/two-factor';
import {
  useChangePasswordMutation,
  useConfirmEnrolmentMutation,
  useDisableTwoFactorMutation,
  useLoginAlertsQuery,
  useNewRecoveryCodesMutation,
  useRevokeSessionMutation,
  useSessionsQuery,
  useSetLoginAlertsMutation,
  useSignOutEverywhereMutation,
  useStartEnrolmentMutation,
  useTwoFactorStatusQuery,
} from '../../api/identity.ts';
import { AntiPhishingCard } from './AntiPhishingCard.tsx';
import { DeviceApprovalCard } from './DeviceApprovalCard.tsx';
import { FreezeAccountCard } from './FreezeAccountCard.tsx';
import { PasswordConfirmDialog, type PasswordConfirmation } from './PasswordConfirmDialog.tsx';
import { TrustedDevicesCard } from './TrustedDevicesCard.tsx';

const schemas = () => import('./security-schemas.ts');

type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };
const passwordResolver = lazyZodResolver<PasswordValues, PasswordValues>(() =>
  schemas().then((s) => s.ChangePasswordForm),
);
type CodeValues = { code: string };
const codeResolver = lazyZodResolver<CodeValues, CodeValues>(() =>
  schemas().then((s) => s.TwoFactorCodeRequest),
);

const codeInput = { inputMode: 'numeric', autoComplete: 'one-time-code' } as const;

function ChangePasswordCard() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const form = useContractForm<PasswordValues, PasswordValues>({
    resolver: passwordResolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = async ({ currentPassword, newPassword }: PasswordValues) => {
    try {
      await changePassword({ currentPassword, newPassword }).unwrap();
      toast({
        title: 'Password Updated',
        description: 'Your password has been changed successfully.',
        variant: 'success',
      });
      form.reset();
    } catch (error) {
      reportFormError(form, error, { title: 'Error', fallback: 'Failed to update password' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="h-5 w-5 text-brand" /> Change Password
        </CardTitle>
        <CardDescription>
          Every other device signed in to your account is signed out when it changes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="max-w-md space-y-4">
          <TextField
            label="Current Password"
            control={PasswordInput}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <TextField
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" disabled={isLoading}>
            {isLoading ? <Spinner size="sm" label="Updating password…" /> : null}
            Update Password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** A form asking for one code; used to confirm enrolment and to make new recovery codes. */
function CodeForm({
  submitLabel,
  busy,
  onCode,
}: {
  submitLabel: string;
  busy: boolean;
  onCode: (code: string, form: ReturnType<typeof useCodeForm>) => Promise<void>;
}) {
  const form = useCodeForm();
  return (
    <form noValidate onSubmit={form.handleSubmit(({ code }) => onCode(code, form))} className="space-y-4">
      <TextField
        label="Authentication code"
        hint="The 6-digit code your authenticator app shows for CropVest."
        error={form.formState.errors.code?.message}
        {...codeInput}
        {...form.register('code')}
      />
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner size="sm" label="Checking…" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
const useCodeForm = () =>
  useContractForm<CodeValues, CodeValues>({ resolver: codeResolver, defaultValues: { code: '' } });

function TwoFactorCard() {
  const status = useTwoFactorStatusQuery();
  const [startEnrolment, starting] = useStartEnrolmentMutation();
  const [confirmEnrolment, confirming] = useConfirmEnrolmentMutation();
  const [setup, setSetup] = useState<TwoFactorEnrolment | null>(null);
  // Recovery codes just made: shown until the investor says they saved them.
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'renew' | null>(null);

  const begin = async () => {
    try {
      setSetup(await startEnrolment().unwrap());
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not start two-factor setup' });
    }
  };
  const confirm = async (code: string, form: ReturnType<typeof useCodeForm>) => {
    try {
      const answer = await confirmEnrolment({ code }).unwrap();
      setSetup(null);
      setCodes(answer.recoveryCodes);
      toast({ title: 'Two-factor authentication is on', variant: 'success' });
    } catch (error) {
      reportFormError(form, error, {
        title: 'Error',
        fallback: 'Could not turn on two-factor authentication',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand" /> Two-Factor Authentication
        </CardTitle>
        <CardDescription>
          Signing in asks for a code from an authenticator app (Google Authenticator, Authy, 1Password …)
          after your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {codes ? (
          <div className="max-w-md space-y-4">
            <RecoveryCodesList codes={codes} />
            <Button onClick={() => setCodes(null)}>I have saved my codes</Button>
          </div>
        ) : (
          <QueryView query={status} what="your two-factor status" skeleton={<SkeletonRows rows={2} />}>
            {(state) =>
              state.enabled ? (
                <div className="space-y-3">
                  <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                    <Badge tone="green">On</Badge> since {formatDateTime(state.enabledAt)} ·{' '}
                    {state.recoveryCodesLeft} of 10 recovery codes left
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" onClick={() => setDialog('renew')}>
                      New Recovery Codes
                    </Button>
                    <Button variant="destructive" onClick={() => setDialog('disable')}>
                      Turn Off
                    </Button>
                  </div>
                </div>
              ) : setup ? (
                <div className="grid max-w-2xl gap-6 sm:grid-cols-2">
                  <div className="space-y-2">
                    <p className="text-sm text-ink-muted">
                      1. Scan this QR code with your authenticator app.
                    </p>
                    <EnrolmentSecret setup={setup} />
                  </div>
                  <div className="space-y-2">
                    <p className="text-sm text-ink-muted">
                      2. Enter the code it shows to turn two-factor on.
                    </p>
                    <CodeForm submitLabel="Confirm" busy={confirming.isLoading} onCode={confirm} />
                    <Button variant="link" className="px-0" onClick={() => setSetup(null)}>
                      Cancel
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="space-y-3">
                  <p className="flex items-center gap-2 text-sm text-ink-muted">
                    <Badge tone="gray">Off</Badge> Your account is protected by your password only.
                  </p>
                  <Button onClick={() => void begin()} disabled={starting.isLoading}>
                    {starting.isLoading ? <Spinner size="sm" label="Starting…" /> : null}
                    Turn On Two-Factor
                  </Button>
                </div>
              )
            }
          </QueryView>
        )}
      </CardContent>
      <DisableDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
      />
      <RenewDialog
        open={dialog === 'renew'}
        onOpenChange={(open) => setDialog(open ? 'renew' : null)}
        onCodes={(fresh) => {
          setDialog(null);
          setCodes(fresh);
        }}
      />
    </Card>
  );
}

function DisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const turnOff = async ({ currentPassword, code }: PasswordConfirmation) => {
    await disable({ password: currentPassword, code }).unwrap();
    toast({ title: 'Two-factor authentication is off', variant: 'success' });
  };
  return (
    <PasswordConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Turn off two-factor authentication"
      description="Signing in will ask for your password only. Enter your password and a current code."
      withCode
      submitLabel="Turn Off"
      busy={isLoading}
      busyLabel="Turning off…"
      onConfirm={turnOff}
      failure="Could not turn off two-factor authentication"
    />
  );
}

function RenewDialog({
  open,
  onOpenChange,
  onCodes,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCodes: (codes: string[]) => void;
}) {
  const [renew, { isLoading }] = useNewRecoveryCodesMutation();
  const form = useCodeForm();
  const onSubmit = async ({ code }: CodeValues) => {
    try {
      onCodes((await renew({ code }).unwrap()).recoveryCodes);
      form.reset();
    } catch (error) {
      reportFormError(form, error, { title: 'Error', fallback: 'Could not make new recovery codes' });
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New recovery codes"
      description="Your current recovery codes stop working. Enter a code from your authenticator app."
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel="Make New Codes"
      busy={isLoading}
      busyLabel="Making codes…"
    >
      <TextField
        label="Authentication code"
        error={form.formState.errors.code?.message}
        {...codeInput}
        {...form.register('code')}
      />
    </FormDialog>
  );
}

/** "Chrome on Windows" from a User-Agent: enough to recognise a device, not a fingerprint. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ??
    // Not a browser (an app or a script): its own name, as it gives it.
    (userAgent.split(/[\s/]/)[0] || 'Unknown device');
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ?? null;
  return system ? `${browser} on ${system}` : browser;
}

function LoginAlertsCard() {
  const id = useId();
  const setting = useLoginAlertsQuery();
  const [setLoginAlerts, saving] = useSetLoginAlertsMutation();
  const change = async (enabled: boolean) => {
    try {
      await setLoginAlerts({ enabled }).unwrap();
      toast({ title: enabled ? 'Login alerts on' : 'Login alerts off', variant: 'success' });
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not save your login alerts choice' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="h-5 w-5 text-brand" /> Login Alerts
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryView
          query={setting}
          what="your login alerts choice"
          skeleton={<SkeletonRows rows={1} className="h-12" />}
        >
          {({ enabled }) => (
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <label htmlFor={id} className="font-medium text-ink">
                  Tell me about sign-ins from somewhere new
                </label>
                <p id={`${id}-description`} className="text-sm text-ink-muted">
                  A mail and a notification when your account is signed in to from a device and a network it
                  has never used. A new browser on a network you use, or your own device elsewhere, is not
                  alerted.
                </p>
              </div>
              <Switch
                id={id}
                checked={enabled}
                disabled={saving.isLoading}
                aria-describedby={`${id}-description`}
                onCheckedChange={(on) => void change(on)}
              />
            </div>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}

function DeviceTrackingCard() {
  const dispatch = useAppDispatch();
  const sessions = useSessionsQuery();
  const [revoke, revoking] = useRevokeSessionMutation();
  const [signOutEverywhere, signingOut] = useSignOutEverywhereMutation();
  const [toRevoke, setToRevoke] = useState<SessionInfo | null>(null);
  const [everywhere, setEverywhere] = useState(false);

  const confirmRevoke = async () => {
    if (!toRevoke) return;
    try {
      await revoke(toRevoke.id).unwrap();
      toast({ title: 'Session revoked', description: 'That device is signed out.', variant: 'success' });
      setToRevoke(null);
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not revoke the session' });
    }
  };
  const confirmEverywhere = async () => {
    try {
      await signOutEverywhere().unwrap();
      // This session ended too: leave the way a sign-out does.
      await logout(dispatch, { toast: true });
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not sign out everywhere' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <MonitorSmartphone aria-hidden="true" className="h-5 w-5 text-brand" /> Device Tracking
        </CardTitle>
        <CardDescription>
          Where your account is signed in now. Revoke any device you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryView
          query={sessions}
          what="your sessions"
          skeleton={<SkeletonRows rows={3} className="h-14" />}
        >
          {(list) => (
            <ul className="divide-y divide-border" aria-label="Active sessions">
              {list.map((session) => (
                <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                      {describeDevice(session.userAgent)}
                      {session.current ? <Badge tone="green">This device</Badge> : null}
                    </p>
                    <p className="text-sm text-ink-muted">
                      {session.ipAddress ?? 'Unknown IP'} · last seen {formatDateTime(session.lastSeenAt)}
                    </p>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setToRevoke(session)}
                      aria-label={`Revoke ${describeDevice(session.userAgent)}, ${session.ipAddress ?? 'unknown IP'}`}
                    >
                      Revoke
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <Button variant="outline" onClick={() => setEverywhere(true)}>
          <LogOut aria-hidden="true" className="h-4 w-4" /> Sign out everywhere
        </Button>
      </CardContent>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => (open ? undefined : setToRevoke(null))}
        title="Revoke this session?"
        description={`${describeDevice(toRevoke?.userAgent ?? null)} (${toRevoke?.ipAddress ?? 'unknown IP'}) will be signed out at once.`}
        confirmLabel="Revoke"
        tone="destructive"
        busy={revoking.isLoading}
        onConfirm={confirmRevoke}
      />
      <ConfirmDialog
        open={everywhere}
        onOpenChange={setEverywhere}
        title="Sign out everywhere?"
        description="Every device signed in to your account is signed out, this one included."
        confirmLabel="Sign out everywhere"
        tone="destructive"
        busy={signingOut.isLoading}
        onConfirm={confirmEverywhere}
      />
    </Card>
  );
}

export function SecurityTab() {
  return (
    <div className="space-y-6">
      <ChangePasswordCard />
      <TwoFactorCard />
      <LoginAlertsCard />
      <AntiPhishingCard />
      <DeviceApprovalCard />
      <TrustedDevicesCard />
      <DeviceTrackingCard />
      <FreezeAccountCard />
    </div>
  );
}

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
import { PRODUCT_NAME } from '@cropvest/ui/brand';
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
import { useProfileMessages, type ProfileText } from './messages/catalogue.ts';

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
  const { text } = useProfileMessages();
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
        title: text('profile.password.updated'),
        description: text('profile.password.updatedText'),
        variant: 'success',
      });
      form.reset();
    } catch (error) {
      reportFormError(form, error, {
        title: text('profile.error'),
        fallback: text('profile.password.failed'),
      });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="h-5 w-5 text-brand" /> {text('profile.password.title')}
        </CardTitle>
        <CardDescription>{text('profile.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="max-w-md space-y-4">
          <TextField
            label={text('profile.currentPassword')}
            control={PasswordInput}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <TextField
            label={text('profile.password.new')}
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <TextField
            label={text('profile.password.confirm')}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" disabled={isLoading}>
            {isLoading ? <Spinner size="sm" label={text('profile.password.updating')} /> : null}
            {text('profile.password.submit')}
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
  const { text } = useProfileMessages();
  const form = useCodeForm();
  return (
    <form noValidate onSubmit={form.handleSubmit(({ code }) => onCode(code, form))} className="space-y-4">
      <TextField
        label={text('profile.authenticationCode')}
        hint={text('profile.twoFactor.codeHint', { product: PRODUCT_NAME })}
        error={form.formState.errors.code?.message}
        {...codeInput}
        {...form.register('code')}
      />
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner size="sm" label={text('profile.twoFactor.checking')} /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
const useCodeForm = () =>
  useContractForm<CodeValues, CodeValues>({ resolver: codeResolver, defaultValues: { code: '' } });

function TwoFactorCard() {
  const { text, rich } = useProfileMessages();
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
      toastFailure(error, { title: text('profile.error'), fallback: text('profile.twoFactor.startFailed') });
    }
  };
  const confirm = async (code: string, form: ReturnType<typeof useCodeForm>) => {
    try {
      const answer = await confirmEnrolment({ code }).unwrap();
      setSetup(null);
      setCodes(answer.recoveryCodes);
      toast({ title: text('profile.twoFactor.turnedOn'), variant: 'success' });
    } catch (error) {
      reportFormError(form, error, {
        title: text('profile.error'),
        fallback: text('profile.twoFactor.turnOnFailed'),
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand" /> {text('profile.twoFactor.title')}
        </CardTitle>
        <CardDescription>{text('profile.twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {codes ? (
          <div className="max-w-md space-y-4">
            <RecoveryCodesList codes={codes} />
            <Button onClick={() => setCodes(null)}>{text('profile.twoFactor.savedCodes')}</Button>
          </div>
        ) : (
          <QueryView
            query={status}
            what={text('profile.twoFactor.what')}
            skeleton={<SkeletonRows rows={2} />}
          >
            {(state) =>
              state.enabled ? (
                <div className="space-y-3">
                  <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                    {rich('profile.twoFactor.onSince', {
                      on: (chunks) => (
                        <Badge tone="green" className="shrink-0 whitespace-nowrap">
                          {chunks}
                        </Badge>
                      ),
                      date: formatDateTime(state.enabledAt),
                      count: state.recoveryCodesLeft,
                    })}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" onClick={() => setDialog('renew')}>
                      {text('profile.twoFactor.newCodes')}
                    </Button>
                    <Button variant="destructive" onClick={() => setDialog('disable')}>
                      {text('profile.twoFactor.turnOff')}
                    </Button>
                  </div>
                </div>
              ) : setup ? (
                <div className="grid max-w-2xl gap-6 sm:grid-cols-2">
                  <div className="space-y-2">
                    <p className="text-sm text-ink-muted">{text('profile.twoFactor.step1')}</p>
                    <EnrolmentSecret setup={setup} />
                  </div>
                  <div className="space-y-2">
                    <p className="text-sm text-ink-muted">{text('profile.twoFactor.step2')}</p>
                    <CodeForm
                      submitLabel={text('profile.twoFactor.confirm')}
                      busy={confirming.isLoading}
                      onCode={confirm}
                    />
                    <Button variant="link" className="px-0" onClick={() => setSetup(null)}>
                      {text('profile.cancel')}
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="space-y-3">
                  <p className="flex items-center gap-2 text-sm text-ink-muted">
                    {rich('profile.twoFactor.offPasswordOnly', {
                      off: (chunks) => (
                        <Badge tone="gray" className="shrink-0 whitespace-nowrap">
                          {chunks}
                        </Badge>
                      ),
                    })}
                  </p>
                  <Button onClick={() => void begin()} disabled={starting.isLoading}>
                    {starting.isLoading ? (
                      <Spinner size="sm" label={text('profile.twoFactor.starting')} />
                    ) : null}
                    {text('profile.twoFactor.turnOn')}
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
  const { text } = useProfileMessages();
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const turnOff = async ({ currentPassword, code }: PasswordConfirmation) => {
    await disable({ password: currentPassword, code }).unwrap();
    toast({ title: text('profile.twoFactor.turnedOff'), variant: 'success' });
  };
  return (
    <PasswordConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text('profile.twoFactor.disable.title')}
      description={text('profile.twoFactor.disable.description')}
      withCode
      submitLabel={text('profile.twoFactor.turnOff')}
      busy={isLoading}
      busyLabel={text('profile.twoFactor.disable.busy')}
      onConfirm={turnOff}
      failure={text('profile.twoFactor.disable.failed')}
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
  const { text } = useProfileMessages();
  const [renew, { isLoading }] = useNewRecoveryCodesMutation();
  const form = useCodeForm();
  const onSubmit = async ({ code }: CodeValues) => {
    try {
      onCodes((await renew({ code }).unwrap()).recoveryCodes);
      form.reset();
    } catch (error) {
      reportFormError(form, error, {
        title: text('profile.error'),
        fallback: text('profile.twoFactor.renew.failed'),
      });
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text('profile.twoFactor.renew.title')}
      description={text('profile.twoFactor.renew.description')}
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel={text('profile.twoFactor.renew.submit')}
      busy={isLoading}
      busyLabel={text('profile.twoFactor.renew.busy')}
    >
      <TextField
        label={text('profile.authenticationCode')}
        error={form.formState.errors.code?.message}
        {...codeInput}
        {...form.register('code')}
      />
    </FormDialog>
  );
}

/** "Chrome on Windows" from a User-Agent: enough to recognise a device, not a fingerprint. */
export function describeDevice(userAgent: string | null, text: ProfileText): string {
  if (!userAgent) return text('profile.devices.unknown');
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ??
    // Not a browser (an app or a script): its own name, as it gives it.
    (userAgent.split(/[\s/]/)[0] || text('profile.devices.unknown'));
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ?? null;
  return system ? text('profile.devices.browserOnSystem', { browser, system }) : browser;
}

function LoginAlertsCard() {
  const { text } = useProfileMessages();
  const id = useId();
  const setting = useLoginAlertsQuery();
  const [setLoginAlerts, saving] = useSetLoginAlertsMutation();
  const change = async (enabled: boolean) => {
    try {
      await setLoginAlerts({ enabled }).unwrap();
      toast({
        title: text(enabled ? 'profile.loginAlerts.turnedOn' : 'profile.loginAlerts.turnedOff'),
        variant: 'success',
      });
    } catch (error) {
      toastFailure(error, { title: text('profile.error'), fallback: text('profile.loginAlerts.failed') });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="h-5 w-5 text-brand" /> {text('profile.loginAlerts.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryView
          query={setting}
          what={text('profile.loginAlerts.what')}
          skeleton={<SkeletonRows rows={1} className="h-12" />}
        >
          {({ enabled }) => (
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <label htmlFor={id} className="font-medium text-ink">
                  {text('profile.loginAlerts.label')}
                </label>
                <p id={`${id}-description`} className="text-sm text-ink-muted">
                  {text('profile.loginAlerts.description')}
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
  const { text } = useProfileMessages();
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
      toast({
        title: text('profile.sessions.revoked'),
        description: text('profile.sessions.revokedText'),
        variant: 'success',
      });
      setToRevoke(null);
    } catch (error) {
      toastFailure(error, { title: text('profile.error'), fallback: text('profile.sessions.revokeFailed') });
    }
  };
  const confirmEverywhere = async () => {
    try {
      await signOutEverywhere().unwrap();
      // This session ended too: leave the way a sign-out does.
      await logout(dispatch, { toast: true });
    } catch (error) {
      toastFailure(error, {
        title: text('profile.error'),
        fallback: text('profile.sessions.everywhereFailed'),
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <MonitorSmartphone aria-hidden="true" className="h-5 w-5 text-brand" />
          {text('profile.sessions.title')}
        </CardTitle>
        <CardDescription>{text('profile.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryView
          query={sessions}
          what={text('profile.sessions.what')}
          skeleton={<SkeletonRows rows={3} className="h-14" />}
        >
          {(list) => (
            <ul className="divide-y divide-border" aria-label={text('profile.sessions.list')}>
              {list.map((session) => (
                <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                      {describeDevice(session.userAgent, text)}
                      {session.current ? (
                        <Badge tone="green">{text('profile.sessions.thisDevice')}</Badge>
                      ) : null}
                    </p>
                    <p className="text-sm text-ink-muted">
                      {text('profile.sessions.lastSeen', {
                        ip: session.ipAddress ?? text('profile.sessions.unknownIp'),
                        date: formatDateTime(session.lastSeenAt),
                      })}
                    </p>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setToRevoke(session)}
                      aria-label={text('profile.sessions.revokeLabel', {
                        device: describeDevice(session.userAgent, text),
                        ip: session.ipAddress ?? text('profile.unknownIp'),
                      })}
                    >
                      {text('profile.sessions.revoke')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <Button variant="outline" onClick={() => setEverywhere(true)}>
          <LogOut aria-hidden="true" className="h-4 w-4" /> {text('profile.sessions.everywhere')}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => (open ? undefined : setToRevoke(null))}
        title={text('profile.sessions.revokeTitle')}
        description={text('profile.sessions.revokeText', {
          device: describeDevice(toRevoke?.userAgent ?? null, text),
          ip: toRevoke?.ipAddress ?? text('profile.unknownIp'),
        })}
        confirmLabel={text('profile.sessions.revoke')}
        tone="destructive"
        busy={revoking.isLoading}
        onConfirm={confirmRevoke}
      />
      <ConfirmDialog
        open={everywhere}
        onOpenChange={setEverywhere}
        title={text('profile.sessions.everywhereTitle')}
        description={text('profile.sessions.everywhereText')}
        confirmLabel={text('profile.sessions.everywhere')}
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

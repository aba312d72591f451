// Security: session lifetime and lock-out, the admin two-factor rule, periodic password reset, the audit of
// sign-ins, the admin IP allow-list, the KYC gates, the investing gates of the key information sheet and the
// suitability questionnaire (decisions 0092, 0094), the four-eyes threshold and the auto-credit of deposits the
// chain verified (docs/decisions/0080). Every switch is enforced by the server (identity, the gateway, wallet
// and plans); the texts say exactly what each one does.
import { PASSWORD_MAX_AGE_DAYS, type SecuritySettings } from '@cropvest/contracts/identity/settings';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useSaveSettingsMutation } from '../../api/identity.ts';
import { inputAmount } from '../../shared/settings/InterestTab.tsx';
import { SAVE_FAILED, SAVED, SaveButton, SwitchField } from '../../shared/settings/fields.tsx';

type SecurityValues = Omit<SecuritySettings, 'ipWhitelist'> & { ipWhitelist: string };

const resolver = lazyZodResolver<SecurityValues, SecuritySettings>(() =>
  import('../../shared/settings/schemas.ts').then((m) => m.SecurityForm),
);

const valuesOf = (settings: SecuritySettings): SecurityValues => ({
  ...settings,
  secondApprovalThreshold: inputAmount(settings.secondApprovalThreshold),
  autoCreditCeiling: inputAmount(settings.autoCreditCeiling),
  ipWhitelist: settings.ipWhitelist.join('\n'),
});

export function SecurityTab({ settings }: { settings: SecuritySettings }) {
  const [save, { isLoading }] = useSaveSettingsMutation();
  const form = useContractForm<SecurityValues, SecuritySettings>({
    resolver,
    defaultValues: valuesOf(settings),
  });
  const { errors } = form.formState;
  const onSubmit = async (values: SecuritySettings) => {
    try {
      const saved = await save({ section: 'security', settings: values }).unwrap();
      form.reset(valuesOf(saved.security));
      toast(SAVED);
    } catch (error) {
      reportFormError(form, error, SAVE_FAILED);
    }
  };
  const whole = { valueAsNumber: true } as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Security Settings</CardTitle>
        <CardDescription>
          Sign-in rules for everyone, and the extra checks on admins and money.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              label="Session Timeout (hours)"
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              error={errors.sessionTimeout?.message}
              {...form.register('sessionTimeout', whole)}
            />
            <TextField
              label="Max Login Attempts"
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              error={errors.maxLoginAttempts?.message}
              {...form.register('maxLoginAttempts', whole)}
            />
            <TextField
              label="Withdrawal Address Cool-down (hours)"
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              hint="A withdrawal address an investor saves is usable only after this many hours, and switching off “whitelisted addresses only” takes as long; meanwhile the investor is mailed and can cancel."
              error={errors.addressBookCoolDownHours?.message}
              {...form.register('addressBookCoolDownHours', whole)}
            />
            <TextField
              label="Withdrawal Hold After Security Changes (hours)"
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              hint="After a password change or reset, an email change, two-factor switched off or set up, or a new withdrawal address, the investor's new withdrawals are refused for this many hours; 0 switches the hold off."
              error={errors.withdrawalHoldHours?.message}
              {...form.register('withdrawalHoldHours', whole)}
            />
            <TextField
              label="Second Approval From (USDT)"
              control={MoneyInput}
              hint="Deposits, withdrawals and balance adjustments of this amount or more need a second admin."
              error={errors.secondApprovalThreshold?.message}
              {...form.register('secondApprovalThreshold')}
            />
          </div>
          <div className="divide-y divide-border border-t border-border">
            <SwitchField
              control={form.control}
              name="enableTwoFactor"
              label="Two-Factor Authentication for Admins"
              description="Admins must sign in with an authenticator code; an admin without one enrols at the next sign-in."
            />
            <SwitchField
              control={form.control}
              name="requirePasswordReset"
              label={`Periodic Password Reset (every ${PASSWORD_MAX_AGE_DAYS} days)`}
              description={`A password older than ${PASSWORD_MAX_AGE_DAYS} days must be changed at the next sign-in before anything else.`}
            />
            <SwitchField
              control={form.control}
              name="enableAuditLogs"
              label="Audit Sign-in Events"
              description="Record every admin sign-in in the audit trail. Money, access and settings actions are always audited; this switch cannot turn that off."
            />
            <SwitchField
              control={form.control}
              name="requireKycForInvesting"
              label="Require KYC for Investing"
              description="Only investors with approved identity verification can buy into a plan."
            />
            <SwitchField
              control={form.control}
              name="requireKeyInformation"
              label="Require a Complete Key Information Sheet"
              description="A plan takes investments only while its current key information sheet has every section written. A plan with no sheet, or an incomplete one, refuses every purchase."
            />
            <SwitchField
              control={form.control}
              name="requireKeyInformationAcknowledgement"
              label="Require Acknowledging the Key Information Sheet"
              description="An investor must confirm they read the plan's current key information sheet before buying; the version they read is recorded with the investment, and a purchase made after the sheet changed is refused until they read the new one."
            />
            <SwitchField
              control={form.control}
              name="requireSuitabilityCheck"
              label="Require the Suitability Questionnaire"
              description="An investor answers questions about experience, purpose and net worth or yearly income before investing. The loss they can bear is 10 % of their net worth (of their yearly income when they give none); a purchase above half of that asks them to confirm a loss warning first."
            />
            <SwitchField
              control={form.control}
              name="requireKycForWithdrawals"
              label="Require KYC for Withdrawals"
              description="Only investors with approved identity verification can request a withdrawal."
            />
            <SwitchField
              control={form.control}
              name="ipWhitelisting"
              label="IP Whitelisting"
              description="Admin sign-in and every admin page only from the addresses below. It cannot be switched on from an address the list leaves out."
            />
          </div>
          <fieldset className="space-y-3 rounded-lg border border-border p-4">
            <legend className="px-1 text-sm font-semibold text-ink">Deposits verified on chain</legend>
            <SwitchField
              control={form.control}
              name="autoCreditDeposits"
              label="Credit chain-verified deposits automatically"
              description="When the blockchain verifies a deposit's transaction, the investor is credited without waiting for an admin, up to the ceiling below."
            />
            <div className="md:max-w-md">
              <TextField
                label="Auto-credit ceiling (USDT)"
                control={MoneyInput}
                hint="A deposit the blockchain verified is credited without an admin up to this amount; above it an admin approves it."
                error={errors.autoCreditCeiling?.message}
                {...form.register('autoCreditCeiling')}
              />
            </div>
          </fieldset>
          <TextareaField
            label="Allowed Admin Addresses"
            hint="One IP address (203.0.113.7) or CIDR range (203.0.113.0/24) a line, IPv4 or IPv6."
            error={errors.ipWhitelist?.message}
            spellCheck={false}
            className="min-h-24 font-mono"
            {...form.register('ipWhitelist')}
          />
          <SaveButton saving={isLoading}>Save Security Settings</SaveButton>
        </form>
      </CardContent>
    </Card>
  );
}

// Security: session lifetime and lock-out, the admin two-factor rule, periodic password reset, the audit of
// sign-ins, the admin IP allow-list, the KYC gates, the investing gates of the key information sheet and the
// suitability questionnaire (decisions 0092, 0094), the four-eyes threshold and the auto-credit of deposits the
// chain verified (docs/decisions/0080). Every switch is enforced by the server (identity, the gateway, wallet
// and plans); the texts say exactly what each one does.
import type { SecuritySettings } from '@cropvest/contracts/identity/settings';
import { PASSWORD_MAX_AGE_DAYS } from '@cropvest/contracts/identity/settings-rules';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useSaveSettingsMutation } from '../../api/identity.ts';
import { inputAmount } from '../../shared/settings/InterestTab.tsx';
import { SaveButton, SwitchField, useSaveToasts } from '../../shared/settings/fields.tsx';
import { useSettingsMessages } from './messages/catalogue.ts';

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
  const { text } = useSettingsMessages();
  const toasts = useSaveToasts();
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
      toast(toasts.saved);
    } catch (error) {
      reportFormError(form, error, toasts.failed);
    }
  };
  const whole = { valueAsNumber: true } as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('settings.security.title')}</CardTitle>
        <CardDescription>{text('settings.security.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              label={text('settings.security.sessionTimeout')}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              error={errors.sessionTimeout?.message}
              {...form.register('sessionTimeout', whole)}
            />
            <TextField
              label={text('settings.security.maxLoginAttempts')}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              error={errors.maxLoginAttempts?.message}
              {...form.register('maxLoginAttempts', whole)}
            />
            <TextField
              label={text('settings.security.coolDown')}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              hint={text('settings.security.coolDownHint')}
              error={errors.addressBookCoolDownHours?.message}
              {...form.register('addressBookCoolDownHours', whole)}
            />
            <TextField
              label={text('settings.security.hold')}
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              hint={text('settings.security.holdHint')}
              error={errors.withdrawalHoldHours?.message}
              {...form.register('withdrawalHoldHours', whole)}
            />
            <TextField
              label={text('settings.security.secondApproval')}
              control={MoneyInput}
              hint={text('settings.security.secondApprovalHint')}
              error={errors.secondApprovalThreshold?.message}
              {...form.register('secondApprovalThreshold')}
            />
          </div>
          <div className="divide-y divide-border border-t border-border">
            <SwitchField
              control={form.control}
              name="enableTwoFactor"
              label={text('settings.security.twoFactor')}
              description={text('settings.security.twoFactorDescription')}
            />
            <SwitchField
              control={form.control}
              name="requirePasswordReset"
              label={text('settings.security.passwordReset', { days: PASSWORD_MAX_AGE_DAYS })}
              description={text('settings.security.passwordResetDescription', {
                days: PASSWORD_MAX_AGE_DAYS,
              })}
            />
            <SwitchField
              control={form.control}
              name="enableAuditLogs"
              label={text('settings.security.auditLogs')}
              description={text('settings.security.auditLogsDescription')}
            />
            <SwitchField
              control={form.control}
              name="requireKycForInvesting"
              label={text('settings.security.kycInvesting')}
              description={text('settings.security.kycInvestingDescription')}
            />
            <SwitchField
              control={form.control}
              name="requireKeyInformation"
              label={text('settings.security.keyInformation')}
              description={text('settings.security.keyInformationDescription')}
            />
            <SwitchField
              control={form.control}
              name="requireKeyInformationAcknowledgement"
              label={text('settings.security.acknowledgement')}
              description={text('settings.security.acknowledgementDescription')}
            />
            <SwitchField
              control={form.control}
              name="requireSuitabilityCheck"
              label={text('settings.security.suitability')}
              description={text('settings.security.suitabilityDescription')}
            />
            <SwitchField
              control={form.control}
              name="requireKycForWithdrawals"
              label={text('settings.security.kycWithdrawals')}
              description={text('settings.security.kycWithdrawalsDescription')}
            />
            <SwitchField
              control={form.control}
              name="ipWhitelisting"
              label={text('settings.security.ipWhitelisting')}
              description={text('settings.security.ipWhitelistingDescription')}
            />
          </div>
          <fieldset className="space-y-3 rounded-lg border border-border p-4">
            <legend className="px-1 text-sm font-semibold text-ink">
              {text('settings.security.chainDeposits')}
            </legend>
            <SwitchField
              control={form.control}
              name="autoCreditDeposits"
              label={text('settings.security.autoCredit')}
              description={text('settings.security.autoCreditDescription')}
            />
            <div className="md:max-w-md">
              <TextField
                label={text('settings.security.autoCreditCeiling')}
                control={MoneyInput}
                hint={text('settings.security.autoCreditCeilingHint')}
                error={errors.autoCreditCeiling?.message}
                {...form.register('autoCreditCeiling')}
              />
            </div>
          </fieldset>
          <TextareaField
            label={text('settings.security.allowedAddresses')}
            hint={text('settings.security.allowedAddressesHint')}
            error={errors.ipWhitelist?.message}
            spellCheck={false}
            className="min-h-24 font-mono"
            {...form.register('ipWhitelist')}
          />
          <SaveButton saving={isLoading}>{text('settings.security.save')}</SaveButton>
        </form>
      </CardContent>
    </Card>
  );
}

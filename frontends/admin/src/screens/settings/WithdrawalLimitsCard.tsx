// Withdrawal limits (docs/decisions/0099): for each KYC level, what an investor may request in any 24 hours and any
// 30 days. Saved as the settings section `withdrawalLimits`; the wallet applies it to the next request.
import { KYC_LEVELS, type KycLevel } from '@cropvest/contracts/wallet/withdrawal-limit-rules';
import type { WithdrawalLimitSettings } from '@cropvest/contracts/wallet/withdrawal-limits';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { toast } from '@cropvest/ui/toast';
import { useSaveSettingsMutation } from '../../api/identity.ts';
import { SaveButton, useSaveToasts } from '../../shared/settings/fields.tsx';
import { inputAmount } from '../../shared/settings/InterestTab.tsx';
import { useSettingsMessages, type SettingsMessageId } from './messages/catalogue.ts';

const LEVEL_MESSAGES: Record<KycLevel, SettingsMessageId> = {
  verified: 'settings.limits.level.verified',
  unverified: 'settings.limits.level.unverified',
};

type LimitValues = Record<keyof WithdrawalLimitSettings, string>;

const resolver = lazyZodResolver<LimitValues, WithdrawalLimitSettings>(() =>
  import('./withdrawal-limits-schema.ts').then((m) => m.WithdrawalLimitsForm),
);

const valuesOf = (settings: WithdrawalLimitSettings): LimitValues => ({
  verifiedDaily: inputAmount(settings.verifiedDaily),
  verifiedMonthly: inputAmount(settings.verifiedMonthly),
  unverifiedDaily: inputAmount(settings.unverifiedDaily),
  unverifiedMonthly: inputAmount(settings.unverifiedMonthly),
});

export function WithdrawalLimitsCard({ settings }: { settings: WithdrawalLimitSettings }) {
  const { text } = useSettingsMessages();
  const toasts = useSaveToasts();
  const [save, { isLoading }] = useSaveSettingsMutation();
  const form = useContractForm<LimitValues, WithdrawalLimitSettings>({
    resolver,
    defaultValues: valuesOf(settings),
  });
  const { errors } = form.formState;
  const onSubmit = async (values: WithdrawalLimitSettings) => {
    try {
      const saved = await save({ section: 'withdrawalLimits', settings: values }).unwrap();
      form.reset(valuesOf(saved.withdrawalLimits));
      toast(toasts.saved);
    } catch (error) {
      reportFormError(form, error, toasts.failed);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('settings.limits.title')}</CardTitle>
        <CardDescription>{text('settings.limits.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          aria-label={text('settings.limits.form')}
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          className="space-y-4"
        >
          <div className="grid gap-4 md:grid-cols-2">
            {KYC_LEVELS.map((level) => (
              <fieldset key={level} className="min-w-0 space-y-3 rounded-lg border border-border p-4">
                <legend className="px-1 text-sm font-semibold text-ink">{text(LEVEL_MESSAGES[level])}</legend>
                <TextField
                  label={text('settings.limits.daily')}
                  control={MoneyInput}
                  min="0"
                  error={errors[`${level}Daily`]?.message}
                  {...form.register(`${level}Daily`, { deps: [`${level}Monthly`] })}
                />
                <TextField
                  label={text('settings.limits.monthly')}
                  control={MoneyInput}
                  min="0"
                  error={errors[`${level}Monthly`]?.message}
                  {...form.register(`${level}Monthly`, { deps: [`${level}Daily`] })}
                />
              </fieldset>
            ))}
          </div>
          <SaveButton saving={isLoading}>{text('settings.limits.save')}</SaveButton>
        </form>
      </CardContent>
    </Card>
  );
}

// Interest: the default daily rate for new plans, the minimum and maximum a purchase may be, and auto compound.
// A minimum at or above the maximum is refused here and by the server.
import type { InterestSettings } from '@cropvest/contracts/identity/settings';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { toast } from '@cropvest/ui/toast';
import { useSaveSettingsMutation } from '../../api/identity.ts';
import { SaveButton, SwitchField, useSaveToasts } from './fields.tsx';
import { useSettingsFormMessages } from './messages/catalogue.ts';

interface InterestValues {
  defaultDailyRate: string;
  minimumInvestment: string;
  maximumInvestment: string;
  autoCompoundInterest: boolean;
}

const resolver = lazyZodResolver<InterestValues, InterestValues>(() =>
  import('./schemas.ts').then((m) => m.InterestForm),
);

/** '100.00000000' → '100.00': stored amounts keep 8 places; the field shows what matters (at least 2). */
export const inputAmount = (stored: string): string => stored.replace(/(\.\d{2}\d*?)0+$/, '$1');

const valuesOf = (settings: InterestSettings): InterestValues => ({
  defaultDailyRate: settings.defaultDailyRate,
  minimumInvestment: inputAmount(settings.minimumInvestment),
  maximumInvestment: inputAmount(settings.maximumInvestment),
  autoCompoundInterest: settings.autoCompoundInterest,
});

export function InterestTab({ settings }: { settings: InterestSettings }) {
  const { text } = useSettingsFormMessages();
  const toasts = useSaveToasts();
  const [save, { isLoading }] = useSaveSettingsMutation();
  const form = useContractForm<InterestValues, InterestValues>({
    resolver,
    defaultValues: valuesOf(settings),
  });
  const { errors } = form.formState;
  const onSubmit = async (values: InterestValues) => {
    try {
      const saved = await save({ section: 'interest', settings: values }).unwrap();
      form.reset(valuesOf(saved.interest));
      toast(toasts.saved);
    } catch (error) {
      reportFormError(form, error, toasts.failed);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('settingsForm.interest.title')}</CardTitle>
        <CardDescription>{text('settingsForm.interest.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              label={text('settingsForm.interest.defaultDailyRate')}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              error={errors.defaultDailyRate?.message}
              {...form.register('defaultDailyRate')}
            />
            <TextField
              label={text('settingsForm.interest.minimumInvestment')}
              control={MoneyInput}
              min="0"
              error={errors.minimumInvestment?.message}
              {...form.register('minimumInvestment', { deps: ['maximumInvestment'] })}
            />
            <TextField
              label={text('settingsForm.interest.maximumInvestment')}
              control={MoneyInput}
              min="0"
              error={errors.maximumInvestment?.message}
              {...form.register('maximumInvestment', { deps: ['minimumInvestment'] })}
            />
          </div>
          <div className="border-t border-border">
            <SwitchField
              control={form.control}
              name="autoCompoundInterest"
              label={text('settingsForm.interest.autoCompound')}
              description={text('settingsForm.interest.autoCompoundDescription')}
            />
          </div>
          <SaveButton saving={isLoading}>{text('settingsForm.interest.save')}</SaveButton>
        </form>
      </CardContent>
    </Card>
  );
}

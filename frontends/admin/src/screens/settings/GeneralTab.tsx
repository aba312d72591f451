// General: platform name, support email, description, support hours, live chat, and the maintenance,
// registrations and email switches.
import type { GeneralSettings } from '@cropvest/contracts/identity/settings';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { TextField } from '@cropvest/ui/input';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useSaveSettingsMutation } from '../../api/identity.ts';
import { SaveButton, SwitchField, useSaveToasts } from '../../shared/settings/fields.tsx';
import { useSettingsMessages } from './messages/catalogue.ts';

const resolver = lazyZodResolver<GeneralSettings, GeneralSettings>(() =>
  import('../../shared/settings/schemas.ts').then((m) => m.GeneralForm),
);

export function GeneralTab({ settings }: { settings: GeneralSettings }) {
  const { text } = useSettingsMessages();
  const toasts = useSaveToasts();
  const [save, { isLoading }] = useSaveSettingsMutation();
  const form = useContractForm<GeneralSettings, GeneralSettings>({ resolver, defaultValues: settings });
  const { errors } = form.formState;
  const onSubmit = async (values: GeneralSettings) => {
    try {
      const saved = await save({ section: 'general', settings: values }).unwrap();
      form.reset(saved.general);
      toast(toasts.saved);
    } catch (error) {
      reportFormError(form, error, toasts.failed);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('settings.general.title')}</CardTitle>
        <CardDescription>{text('settings.general.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label={text('settings.general.platformName')}
              error={errors.platformName?.message}
              {...form.register('platformName')}
            />
            <TextField
              label={text('settings.general.supportEmail')}
              type="email"
              autoComplete="off"
              error={errors.supportEmail?.message}
              {...form.register('supportEmail')}
            />
          </div>
          <TextareaField
            label={text('settings.general.platformDescription')}
            error={errors.platformDescription?.message}
            className="min-h-20"
            {...form.register('platformDescription')}
          />
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label={text('settings.general.supportHours')}
              hint={text('settings.general.supportHoursHint')}
              error={errors.supportHours?.message}
              {...form.register('supportHours')}
            />
            <TextField
              label={text('settings.general.liveChatScriptUrl')}
              hint={text('settings.general.liveChatScriptUrlHint')}
              error={errors.liveChatScriptUrl?.message}
              {...form.register('liveChatScriptUrl')}
            />
            <TextField
              label={text('settings.general.liveChatKey')}
              error={errors.liveChatKey?.message}
              {...form.register('liveChatKey')}
            />
          </div>
          <div className="divide-y divide-border border-t border-border">
            <SwitchField
              control={form.control}
              name="maintenanceMode"
              label={text('settings.general.maintenanceMode')}
              description={text('settings.general.maintenanceModeDescription')}
            />
            <SwitchField
              control={form.control}
              name="allowRegistrations"
              label={text('settings.general.allowRegistrations')}
              description={text('settings.general.allowRegistrationsDescription')}
            />
            <SwitchField
              control={form.control}
              name="emailNotifications"
              label={text('settings.general.emailNotifications')}
              description={text('settings.general.emailNotificationsDescription')}
            />
          </div>
          <SaveButton saving={isLoading}>{text('settings.general.save')}</SaveButton>
        </form>
      </CardContent>
    </Card>
  );
}

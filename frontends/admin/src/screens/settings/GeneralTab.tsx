// General: platform name, support email, description, support hours, live chat, and the maintenance,
// registrations and email switches.
import type { GeneralSettings } from '@cropvest/contracts/identity/settings';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { TextField } from '@cropvest/ui/input';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useSaveSettingsMutation } from '../../api/identity.ts';
import { SAVE_FAILED, SAVED, SaveButton, SwitchField } from '../../shared/settings/fields.tsx';

const resolver = lazyZodResolver<GeneralSettings, GeneralSettings>(() =>
  import('../../shared/settings/schemas.ts').then((m) => m.GeneralForm),
);

export function GeneralTab({ settings }: { settings: GeneralSettings }) {
  const [save, { isLoading }] = useSaveSettingsMutation();
  const form = useContractForm<GeneralSettings, GeneralSettings>({ resolver, defaultValues: settings });
  const { errors } = form.formState;
  const onSubmit = async (values: GeneralSettings) => {
    try {
      const saved = await save({ section: 'general', settings: values }).unwrap();
      form.reset(saved.general);
      toast(SAVED);
    } catch (error) {
      reportFormError(form, error, SAVE_FAILED);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>General Settings</CardTitle>
        <CardDescription>What investors see of the platform, and who may use it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Platform Name"
              error={errors.platformName?.message}
              {...form.register('platformName')}
            />
            <TextField
              label="Support Email"
              type="email"
              autoComplete="off"
              error={errors.supportEmail?.message}
              {...form.register('supportEmail')}
            />
          </div>
          <TextareaField
            label="Platform Description"
            error={errors.platformDescription?.message}
            className="min-h-20"
            {...form.register('platformDescription')}
          />
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Support Hours"
              hint="Shown in the Support Center's Contact Us."
              error={errors.supportHours?.message}
              {...form.register('supportHours')}
            />
            <TextField
              label="Live Chat Script URL"
              hint="An https:// address; {key} in it is replaced by the key. Empty: no live chat."
              error={errors.liveChatScriptUrl?.message}
              {...form.register('liveChatScriptUrl')}
            />
            <TextField
              label="Live Chat Key"
              error={errors.liveChatKey?.message}
              {...form.register('liveChatKey')}
            />
          </div>
          <div className="divide-y divide-border border-t border-border">
            <SwitchField
              control={form.control}
              name="maintenanceMode"
              label="Maintenance Mode"
              description="Investors are answered that the platform is under maintenance; admins keep working."
            />
            <SwitchField
              control={form.control}
              name="allowRegistrations"
              label="Allow New Registrations"
              description="When off, the sign-up page refuses new accounts."
            />
            <SwitchField
              control={form.control}
              name="emailNotifications"
              label="Email Notifications"
              description="Send notifications to investors by email as well as in the app."
            />
          </div>
          <SaveButton saving={isLoading}>Save General Settings</SaveButton>
        </form>
      </CardContent>
    </Card>
  );
}

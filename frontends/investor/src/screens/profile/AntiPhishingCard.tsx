// The anti-phishing code (issue 26, docs/decisions/0098): the phrase every mail from the platform starts with, shown
// here so the investor can compare; set, changed or removed with the password, and each change is mailed.
import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import {
  ANTI_PHISHING_CODE_MAX,
  ANTI_PHISHING_CODE_MIN,
  antiPhishingLine,
} from '@cropvest/contracts/identity/anti-phishing-rules';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { formatDateTime } from '@cropvest/ui/format';
import { TextField } from '@cropvest/ui/input';
import { PasswordInput } from '@cropvest/ui/password-input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { toast } from '@cropvest/ui/toast';
import { useAntiPhishingCodeQuery, useSetAntiPhishingCodeMutation } from '../../api/identity.ts';
import { PasswordConfirmDialog, type PasswordConfirmation } from './PasswordConfirmDialog.tsx';
import { useProfileMessages } from './messages/catalogue.ts';

const schemas = () => import('./anti-phishing-schemas.ts');

type SetValues = { code: string; currentPassword: string };
const setResolver = lazyZodResolver<SetValues, SetValues>(() =>
  schemas().then((s) => s.SetAntiPhishingCodeForm),
);

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function AntiPhishingCard() {
  const { text, rich } = useProfileMessages();
  const state = useAntiPhishingCodeQuery();
  const [dialog, setDialog] = useState<'set' | 'remove' | null>(null);
  const hasCode = Boolean(state.data?.code);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <MailCheck aria-hidden="true" className="h-5 w-5 text-brand" /> {text('profile.antiPhishing.title')}
        </CardTitle>
        <CardDescription>{text('profile.antiPhishing.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={state}
          what={text('profile.antiPhishing.what')}
          skeleton={<SkeletonRows rows={2} />}
        >
          {({ code, setAt }) =>
            code ? (
              <div className="space-y-3">
                <p className="text-sm text-ink-muted">{text('profile.antiPhishing.line')}</p>
                <p className="max-w-md break-words rounded-lg border border-brand-border bg-brand-muted px-3 py-2 font-mono text-sm text-brand-ink">
                  {antiPhishingLine(code)}
                </p>
                {setAt ? (
                  <p className="text-sm text-ink-muted">
                    {text('profile.antiPhishing.setAt', { date: formatDateTime(setAt) })}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setDialog('set')}>
                    {text('profile.antiPhishing.change')}
                  </Button>
                  <Button variant="destructive" onClick={() => setDialog('remove')}>
                    {text('profile.antiPhishing.remove')}
                  </Button>
                </div>
              </div>
            ) : (
              <div className="space-y-3">
                <p className="flex items-center gap-2 text-sm text-ink-muted">
                  {rich('profile.antiPhishing.notSet', {
                    badge: (chunks) => (
                      <Badge tone="gray" className="shrink-0 whitespace-nowrap">
                        {chunks}
                      </Badge>
                    ),
                  })}
                </p>
                <Button onClick={() => setDialog('set')}>{text('profile.antiPhishing.set')}</Button>
              </div>
            )
          }
        </QueryView>
      </CardContent>
      <SetCodeDialog
        changing={hasCode}
        open={dialog === 'set'}
        onOpenChange={(open) => setDialog(open ? 'set' : null)}
      />
      <RemoveCodeDialog
        open={dialog === 'remove'}
        onOpenChange={(open) => setDialog(open ? 'remove' : null)}
      />
    </Card>
  );
}

function SetCodeDialog({ changing, open, onOpenChange }: DialogProps & { changing: boolean }) {
  const { text } = useProfileMessages();
  const [save, { isLoading }] = useSetAntiPhishingCodeMutation();
  const form = useContractForm<SetValues, SetValues>({
    resolver: setResolver,
    defaultValues: { code: '', currentPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = async (values: SetValues) => {
    try {
      await save(values).unwrap();
      toast({
        title: text('profile.antiPhishing.saved'),
        description: text('profile.antiPhishing.savedText'),
        variant: 'success',
      });
      form.reset();
      onOpenChange(false);
    } catch (error) {
      reportFormError(form, error, {
        title: text('profile.error'),
        fallback: text('profile.antiPhishing.saveFailed'),
      });
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text(changing ? 'profile.antiPhishing.changeTitle' : 'profile.antiPhishing.setTitle')}
      description={text('profile.antiPhishing.setDescription')}
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel={text('profile.antiPhishing.save')}
      busy={isLoading}
      busyLabel={text('profile.saving')}
    >
      <TextField
        label={text('profile.antiPhishing.code')}
        hint={text('profile.antiPhishing.codeHint', {
          min: ANTI_PHISHING_CODE_MIN,
          max: ANTI_PHISHING_CODE_MAX,
        })}
        autoComplete="off"
        spellCheck={false}
        maxLength={ANTI_PHISHING_CODE_MAX + 8}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <TextField
        label={text('profile.currentPassword')}
        control={PasswordInput}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
    </FormDialog>
  );
}

function RemoveCodeDialog({ open, onOpenChange }: DialogProps) {
  const [save, { isLoading }] = useSetAntiPhishingCodeMutation();
  const { text } = useProfileMessages();
  const remove = async ({ currentPassword }: PasswordConfirmation) => {
    await save({ code: null, currentPassword }).unwrap();
    toast({ title: text('profile.antiPhishing.removed'), variant: 'success' });
  };
  return (
    <PasswordConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text('profile.antiPhishing.removeTitle')}
      description={text('profile.antiPhishing.removeDescription')}
      submitLabel={text('profile.antiPhishing.remove')}
      busy={isLoading}
      busyLabel={text('profile.antiPhishing.removing')}
      onConfirm={remove}
      failure={text('profile.antiPhishing.removeFailed')}
    />
  );
}

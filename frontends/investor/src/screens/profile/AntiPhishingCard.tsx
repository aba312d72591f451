// The anti-phishing code (issue 26, docs/decisions/0098): the phrase every mail from the platform starts with, shown
// here so the investor can compare; set, changed or removed with the password, and each change is mailed.
import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import {
  ANTI_PHISHING_CODE_MAX,
  ANTI_PHISHING_CODE_MIN,
  antiPhishingLine,
} from '@cropvest/contracts/identity/anti-phishing';
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

const schemas = () => import('./anti-phishing-schemas.ts');

type SetValues = { code: string; currentPassword: string };
const setResolver = lazyZodResolver<SetValues, SetValues>(() =>
  schemas().then((s) => s.SetAntiPhishingCodeForm),
);

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function AntiPhishingCard() {
  const state = useAntiPhishingCodeQuery();
  const [dialog, setDialog] = useState<'set' | 'remove' | null>(null);
  const hasCode = Boolean(state.data?.code);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <MailCheck aria-hidden="true" className="h-5 w-5 text-brand" /> Anti-Phishing Code
        </CardTitle>
        <CardDescription>
          A phrase only you and we know. Every mail we send you starts with it, so a mail without it is not
          from us: do not open its links.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView query={state} what="your anti-phishing code" skeleton={<SkeletonRows rows={2} />}>
          {({ code, setAt }) =>
            code ? (
              <div className="space-y-3">
                <p className="text-sm text-ink-muted">Our mails to you start with this line:</p>
                <p className="max-w-md break-words rounded-lg border border-brand-border bg-brand-muted px-3 py-2 font-mono text-sm text-brand-ink">
                  {antiPhishingLine(code)}
                </p>
                {setAt ? <p className="text-sm text-ink-muted">Set {formatDateTime(setAt)}.</p> : null}
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setDialog('set')}>
                    Change Code
                  </Button>
                  <Button variant="destructive" onClick={() => setDialog('remove')}>
                    Remove Code
                  </Button>
                </div>
              </div>
            ) : (
              <div className="space-y-3">
                <p className="flex items-center gap-2 text-sm text-ink-muted">
                  <Badge tone="gray">Not set</Badge> Our mails carry no code you could check.
                </p>
                <Button onClick={() => setDialog('set')}>Set a Code</Button>
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
        title: 'Anti-phishing code saved',
        description: 'Our mails to you start with it from now on; we mailed you about the change.',
        variant: 'success',
      });
      form.reset();
      onOpenChange(false);
    } catch (error) {
      reportFormError(form, error, { title: 'Error', fallback: 'Could not save your anti-phishing code' });
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={changing ? 'Change your anti-phishing code' : 'Set an anti-phishing code'}
      description="Choose a phrase nobody could guess and that is not your password. Enter your password to confirm."
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel="Save Code"
      busy={isLoading}
      busyLabel="Saving…"
    >
      <TextField
        label="Anti-phishing code"
        hint={`${ANTI_PHISHING_CODE_MIN} to ${ANTI_PHISHING_CODE_MAX} letters, digits or spaces; . _ - ! ? allowed.`}
        autoComplete="off"
        spellCheck={false}
        maxLength={ANTI_PHISHING_CODE_MAX + 8}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <TextField
        label="Current Password"
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
  const remove = async ({ currentPassword }: PasswordConfirmation) => {
    await save({ code: null, currentPassword }).unwrap();
    toast({ title: 'Anti-phishing code removed', variant: 'success' });
  };
  return (
    <PasswordConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Remove your anti-phishing code"
      description="Our mails will no longer start with it, so you cannot tell them from fakes by it. Enter your password to confirm."
      submitLabel="Remove Code"
      busy={isLoading}
      busyLabel="Removing…"
      onConfirm={remove}
      failure="Could not remove your anti-phishing code"
    />
  );
}

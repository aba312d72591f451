// "Freeze my account" (issue 26 item 7, docs/decisions/0101-account-freeze.md): for someone who fears another person
// is in their account. One confirmation, then sign-ins, sessions and withdrawals stop at once; this browser's
// session ended too, so the app drops its tokens and shows the sign-in page with why.
import { useState } from 'react';
import { Snowflake } from 'lucide-react';
import { logout, useAppDispatch } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { useFreezeAccountMutation } from '../../api/identity.ts';
import { useProfileMessages } from './messages/catalogue.ts';

export function FreezeAccountCard() {
  const { text } = useProfileMessages();
  const dispatch = useAppDispatch();
  const [freeze, { isLoading }] = useFreezeAccountMutation();
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    try {
      await freeze().unwrap();
      await logout(dispatch, { reason: text('profile.freeze.notice') });
    } catch (error) {
      toastFailure(error, { title: text('profile.error'), fallback: text('profile.freeze.failed') });
    }
  };
  return (
    <Card className="border-danger-border">
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2 text-danger-ink">
          <Snowflake aria-hidden="true" className="h-5 w-5" /> {text('profile.freeze.title')}
        </CardTitle>
        <CardDescription>{text('profile.freeze.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-ink-muted">{text('profile.freeze.unfreeze')}</p>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          <Snowflake aria-hidden="true" className="h-4 w-4" /> {text('profile.freeze.title')}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text('profile.freeze.confirmTitle')}
        description={text('profile.freeze.confirmText')}
        confirmLabel={text('profile.freeze.title')}
        tone="destructive"
        busy={isLoading}
        onConfirm={confirm}
      />
    </Card>
  );
}

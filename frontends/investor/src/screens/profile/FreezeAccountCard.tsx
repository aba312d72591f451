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

const ACCOUNT_FROZEN_NOTICE = 'Your account is frozen.';

export function FreezeAccountCard() {
  const dispatch = useAppDispatch();
  const [freeze, { isLoading }] = useFreezeAccountMutation();
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    try {
      await freeze().unwrap();
      await logout(dispatch, { reason: ACCOUNT_FROZEN_NOTICE });
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not freeze your account' });
    }
  };
  return (
    <Card className="border-danger-border">
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2 text-danger-ink">
          <Snowflake aria-hidden="true" className="h-5 w-5" /> Freeze My Account
        </CardTitle>
        <CardDescription>
          If you think someone else is in your account, freeze it. At once nobody can sign in, every session
          ends (this one too) and no withdrawal can be made.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-ink-muted">
          To unfreeze it later, choose &quot;Unfreeze my account&quot; on the sign-in page: you need your
          password, your authenticator code if you use two-factor sign-in, and the link we then mail you.
          After unfreezing, new withdrawals stay on hold for a while (normally 24 hours).
        </p>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          <Snowflake aria-hidden="true" className="h-4 w-4" /> Freeze My Account
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Freeze your account now?"
        description="Every session ends, this one included, and nobody can sign in or withdraw until you unfreeze it with your password, your second factor if you use one, and the link we mail you."
        confirmLabel="Freeze My Account"
        tone="destructive"
        busy={isLoading}
        onConfirm={confirm}
      />
    </Card>
  );
}

// What an admin can do to one user (spec section 2, User Management): Edit, Reset Password, and Ban or Unban.
// Shared by the user lists' cards and the user's own page, so both ask the same questions and say the same things.
// Ban is not offered on the signed-in admin's own account (the server refuses it: OWN_BAN).
import { useState } from 'react';
import { Ban, KeyRound, Pencil, ShieldCheck } from 'lucide-react';
import type { AdminUser } from '@cropvest/contracts/identity/admin-users';
import { useMeQuery } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { formatDateTime } from '@cropvest/ui/format';
import { toast } from '@cropvest/ui/toast';
import { useBanUserMutation, useResetUserPasswordMutation } from '../../api/identity.ts';
import { BanUserDialog, STATUS_FAILED, STATUS_UPDATED } from './BanUserDialog.tsx';
import { EditUserDialog } from './EditUserDialog.tsx';
import { useSharedUsersMessages } from './messages/catalogue.ts';

type Open = 'edit' | 'reset' | 'ban' | 'unban' | null;

export function UserActions({ user }: { user: AdminUser }) {
  const { text } = useSharedUsersMessages();
  const [open, setOpen] = useState<Open>(null);
  const me = useMeQuery();
  const own = me.data?.id === user.id;
  const close = () => setOpen(null);
  const who = <span className="sr-only"> {user.name}</span>;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setOpen('edit')}>
          <Pencil aria-hidden="true" className="h-4 w-4" /> {text('users.actions.edit')}
          {who}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setOpen('reset')}>
          <KeyRound aria-hidden="true" className="h-4 w-4" /> {text('users.actions.resetPassword')}
          {who}
        </Button>
        {user.isBanned ? (
          <Button variant="outline" size="sm" onClick={() => setOpen('unban')}>
            <ShieldCheck aria-hidden="true" className="h-4 w-4" /> {text('users.actions.unban')}
            {who}
          </Button>
        ) : own ? null : (
          <Button variant="destructive" size="sm" onClick={() => setOpen('ban')}>
            <Ban aria-hidden="true" className="h-4 w-4" /> {text('users.actions.ban')}
            {who}
          </Button>
        )}
      </div>
      {open === 'edit' ? <EditUserDialog user={user} onClose={close} /> : null}
      {open === 'reset' ? <ResetPasswordDialog user={user} onClose={close} /> : null}
      {open === 'ban' ? <BanUserDialog user={user} onClose={close} /> : null}
      {open === 'unban' ? <UnbanDialog user={user} onClose={close} /> : null}
    </>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { text, rich } = useSharedUsersMessages();
  const [reset, resetting] = useResetUserPasswordMutation();
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={text('users.reset.title')}
      description={rich('users.reset.description', {
        name: user.name,
        email: user.email,
        address: (chunks) => <span className="break-all">{chunks}</span>,
      })}
      confirmLabel={text('users.reset.confirm')}
      busy={resetting.isLoading}
      onConfirm={async () => {
        try {
          const issued = await reset(user.id).unwrap();
          toast({
            title: issued.message,
            description: text('users.reset.until', { time: formatDateTime(issued.expiresAt) }),
            variant: 'success',
          });
          onClose();
        } catch (error) {
          toastFailure(error, { fallback: text('users.reset.failed') });
        }
      }}
    />
  );
}

function UnbanDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { text } = useSharedUsersMessages();
  const [ban, saving] = useBanUserMutation();
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={text('users.unban.title')}
      description={text('users.unban.description', { name: user.name })}
      confirmLabel={text('users.unban.confirm')}
      busy={saving.isLoading}
      onConfirm={async () => {
        try {
          await ban({ id: user.id, body: { isBanned: false, reason: null } }).unwrap();
          toast({ title: text(STATUS_UPDATED), variant: 'success' });
          onClose();
        } catch (error) {
          toastFailure(error, { fallback: text(STATUS_FAILED) });
        }
      }}
    />
  );
}

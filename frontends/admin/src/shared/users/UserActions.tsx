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

type Open = 'edit' | 'reset' | 'ban' | 'unban' | null;

export function UserActions({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState<Open>(null);
  const me = useMeQuery();
  const own = me.data?.id === user.id;
  const close = () => setOpen(null);
  const who = <span className="sr-only"> {user.name}</span>;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setOpen('edit')}>
          <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
          {who}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setOpen('reset')}>
          <KeyRound aria-hidden="true" className="h-4 w-4" /> Reset Password
          {who}
        </Button>
        {user.isBanned ? (
          <Button variant="outline" size="sm" onClick={() => setOpen('unban')}>
            <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Unban
            {who}
          </Button>
        ) : own ? null : (
          <Button variant="destructive" size="sm" onClick={() => setOpen('ban')}>
            <Ban aria-hidden="true" className="h-4 w-4" /> Ban
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
  const [reset, resetting] = useResetUserPasswordMutation();
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Reset password?"
      description={
        <>
          {user.name} gets an email at <span className="break-all">{user.email}</span> with a link to set a
          new password. The link works once, for one hour.
        </>
      }
      confirmLabel="Send Reset Link"
      busy={resetting.isLoading}
      onConfirm={async () => {
        try {
          const issued = await reset(user.id).unwrap();
          toast({
            title: issued.message,
            description: `The link works once, until ${formatDateTime(issued.expiresAt)}.`,
            variant: 'success',
          });
          onClose();
        } catch (error) {
          toastFailure(error, { fallback: 'Failed to reset password' });
        }
      }}
    />
  );
}

function UnbanDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [ban, saving] = useBanUserMutation();
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Unban user?"
      description={`${user.name} can sign in again. The ban's reason is cleared.`}
      confirmLabel="Unban User"
      busy={saving.isLoading}
      onConfirm={async () => {
        try {
          await ban({ id: user.id, body: { isBanned: false, reason: null } }).unwrap();
          toast({ title: STATUS_UPDATED, variant: 'success' });
          onClose();
        } catch (error) {
          toastFailure(error, { fallback: STATUS_FAILED });
        }
      }}
    />
  );
}

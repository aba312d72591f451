// What an admin can do to one user (spec section 2, User Management): Edit, Reset Password, and Ban or Unban.
// Shared by the user lists' cards and the user's own page, so both ask the same questions and say the same things.
import { useState } from 'react';
import { Ban, KeyRound, Pencil, ShieldCheck } from 'lucide-react';
import type { AdminUser } from '@cropvest/contracts/admin-users';
import { lazyZodResolver, reportFormError, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { Field } from '@cropvest/ui/input';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { Textarea } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useBanUserMutation, useResetUserPasswordMutation } from './api.ts';
import { EditUserDialog } from './EditUserDialog.tsx';

type Open = 'edit' | 'reset' | 'ban' | 'unban' | null;

const STATUS_UPDATED = 'User status updated successfully';
const STATUS_FAILED = 'Failed to update user status';

export function UserActions({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState<Open>(null);
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
        ) : (
          <Button variant="destructive" size="sm" onClick={() => setOpen('ban')}>
            <Ban aria-hidden="true" className="h-4 w-4" /> Ban
            {who}
          </Button>
        )}
      </div>
      {open === 'edit' ? <EditUserDialog user={user} onClose={close} /> : null}
      {open === 'reset' ? <ResetPasswordDialog user={user} onClose={close} /> : null}
      {open === 'ban' ? <BanDialog user={user} onClose={close} /> : null}
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
          await reset(user.id).unwrap();
          toast({ title: 'Password reset email sent', variant: 'success' });
          onClose();
        } catch (error) {
          toastFailure(error, { fallback: 'Failed to reset password' });
        }
      }}
    />
  );
}

interface BanInput {
  reason: string;
}

function BanDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [ban, banning] = useBanUserMutation();
  const form = useContractForm<BanInput, { reason: string | null }>({
    resolver: lazyZodResolver<BanInput, { reason: string | null }>(() =>
      import('./schemas.ts').then((m) => m.BanForm),
    ),
    defaultValues: { reason: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Ban user?"
      description={`${user.name} is signed out everywhere at once and cannot sign in until unbanned.`}
      onSubmit={handleSubmit(async ({ reason }) => {
        try {
          await ban({ id: user.id, body: { isBanned: true, reason } }).unwrap();
          toast({ title: STATUS_UPDATED, variant: 'success' });
          onClose();
        } catch (error) {
          reportFormError(form, error, { fallback: STATUS_FAILED });
        }
      })}
      submitLabel="Ban User"
      busy={banning.isLoading}
      busyLabel="Banning…"
    >
      <Field
        label="Reason (optional)"
        hint="Kept with the ban and in the audit trail; admins see it on the user's card."
        error={errors.reason?.message}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            maxLength={500}
            className="min-h-20"
            {...register('reason')}
          />
        )}
      </Field>
    </FormDialog>
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

// Profile (spec section 2): avatar (initials), name, email, '<role> Account' and the balance with 2 decimals;
// Edit Profile opens Full Name and Email Address with Cancel and Save Changes. The name saves at once; a new
// email address asks for the current password and takes effect only when the link mailed to it is opened
// (docs/decisions/0065-profile-and-login-alerts.md), so the tab says which change is waiting.
import { useState } from 'react';
import { MailCheck, Pencil } from 'lucide-react';
import type { User } from '@cropvest/contracts/identity/auth';
import { isApiError, useMeQuery } from '@cropvest/web-kit';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { TextField } from '@cropvest/ui/input';
import { PasswordInput } from '@cropvest/ui/password-input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Spinner } from '@cropvest/ui/spinner';
import { toast } from '@cropvest/ui/toast';
import {
  usePendingEmailChangeQuery,
  useStartEmailChangeMutation,
  useUpdateProfileMutation,
} from '../../api/identity.ts';
import { useProfileMessages, type ProfileMessageId } from './messages/catalogue.ts';

type ProfileValues = { name: string; email: string; currentPassword: string };
const profileResolver = lazyZodResolver<ProfileValues, ProfileValues>(() =>
  import('./profile-schemas.ts').then((s) => s.ProfileForm),
);

/** "Ada Lovelace" → "AL"; one word gives its first two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return (words[0] ?? '').slice(0, 2).toUpperCase();
  return `${words[0]?.[0] ?? ''}${words[words.length - 1]?.[0] ?? ''}`.toUpperCase();
}

const ROLE_LABELS: Record<User['role'], ProfileMessageId> = {
  investor: 'profile.account.roleInvestor',
  admin: 'profile.account.roleAdmin',
};

export function ProfileTab() {
  const { text } = useProfileMessages();
  const me = useMeQuery();
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('profile.account.title')}</CardTitle>
        <CardDescription>{text('profile.account.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={me}
          what={text('profile.account.what')}
          skeleton={<SkeletonRows rows={3} className="h-12" />}
        >
          {(user) =>
            editing ? (
              <EditProfileForm user={user} onDone={() => setEditing(false)} />
            ) : (
              <ProfileView user={user} onEdit={() => setEditing(true)} />
            )
          }
        </QueryView>
      </CardContent>
    </Card>
  );
}

function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  const { text } = useProfileMessages();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-4">
        <div
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand text-xl font-semibold text-on-brand"
        >
          {initialsOf(user.name)}
        </div>
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-ink">{user.name}</p>
          <p className="truncate text-ink-muted">{user.email}</p>
          <p className="text-sm text-ink-muted">{text(ROLE_LABELS[user.role])}</p>
        </div>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-border p-4">
          <dt className="text-sm text-ink-muted">{text('profile.account.balance')}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-ink">{formatUsdt(user.balance)}</dd>
        </div>
        <div className="rounded-lg border border-border p-4">
          <dt className="text-sm text-ink-muted">{text('profile.account.memberSince')}</dt>
          <dd className="mt-1 text-ink">{formatDateTime(user.createdAt)}</dd>
        </div>
      </dl>
      <PendingEmailNotice />
      <Button onClick={onEdit}>
        <Pencil aria-hidden="true" className="h-4 w-4" /> {text('profile.account.edit')}
      </Button>
    </div>
  );
}

/** The email change waiting for its link, if any: until it is opened the account keeps its address. */
function PendingEmailNotice() {
  const { rich } = useProfileMessages();
  const pending = usePendingEmailChangeQuery().data?.pending;
  if (!pending) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-warning-border bg-warning-muted p-4 text-warning-ink"
    >
      <MailCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <p className="text-sm">
        {rich('profile.account.pendingEmail', {
          email: pending.newEmail,
          until: formatDateTime(pending.expiresAt),
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
    </div>
  );
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { text } = useProfileMessages();
  const [updateProfile, savingName] = useUpdateProfileMutation();
  const [startEmailChange, savingEmail] = useStartEmailChangeMutation();
  const form = useContractForm<ProfileValues, ProfileValues>({
    resolver: profileResolver,
    defaultValues: { name: user.name, email: user.email, currentPassword: '' },
  });
  const { errors } = form.formState;
  const emailChanging = form.watch('email').trim().toLowerCase() !== user.email;
  const busy = savingName.isLoading || savingEmail.isLoading;

  const onSubmit = async ({ name, email, currentPassword }: ProfileValues) => {
    const newEmail = email !== user.email ? email : null;
    if (newEmail && !currentPassword) {
      form.setError('currentPassword', {
        type: 'required',
        message: text('profile.account.passwordNeeded'),
      });
      return;
    }
    try {
      if (name !== user.name) await updateProfile({ name }).unwrap();
      if (newEmail) await startEmailChange({ newEmail, currentPassword }).unwrap();
    } catch (error) {
      if (isApiError(error) && error.code === 'WRONG_PASSWORD')
        form.setError('currentPassword', { type: 'server', message: error.message });
      else if (isApiError(error) && (error.code === 'EMAIL_TAKEN' || error.code === 'SAME_EMAIL'))
        form.setError('email', { type: 'server', message: error.message });
      else
        reportFormError(form, error, {
          title: text('profile.error'),
          fallback: text('profile.account.failed'),
        });
      return;
    }
    toast({
      title: text('profile.account.updated'),
      ...(newEmail ? { description: text('profile.account.openLink', { email: newEmail }) } : {}),
      variant: 'success',
    });
    onDone();
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="max-w-md space-y-4">
      <TextField
        label={text('profile.account.fullName')}
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={text('profile.account.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        hint={emailChanging ? text('profile.account.emailHint') : undefined}
        {...form.register('email')}
      />
      {emailChanging ? (
        <TextField
          label={text('profile.currentPassword')}
          control={PasswordInput}
          autoComplete="current-password"
          hint={text('profile.account.passwordHint')}
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner size="sm" label={text('profile.saving')} /> : null}
          {text('profile.account.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          {text('profile.cancel')}
        </Button>
      </div>
    </form>
  );
}

// Edit a user (spec section 2, User Management): name, email, role and balance. Only what changed is sent; a
// balance change needs a reason and becomes a ledger adjustment, which at or above the four-eyes threshold waits
// for a second admin (the toast says so and the balance stays as it was until then).
import { Controller } from 'react-hook-form';
import type { AdminUser, AdminUserUpdate } from '@cropvest/contracts/identity/admin-users';
import { sameAmount } from '@cropvest/contracts/money';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Field, TextField } from '@cropvest/ui/input';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { MoneyInput } from '@cropvest/ui/money-input';
import { Select } from '@cropvest/ui/select';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useUpdateUserMutation } from '../../api/identity.ts';
import { useSharedUsersMessages, type SharedUsersMessageId } from './messages/catalogue.ts';

interface EditInput {
  name: string;
  email: string;
  role: AdminUser['role'];
  balance: string;
  balanceReason: string;
}

const ROLES: { value: AdminUser['role']; label: SharedUsersMessageId }[] = [
  { value: 'investor', label: 'users.edit.roleInvestor' },
  { value: 'admin', label: 'users.edit.roleAdmin' },
];

/** The balance as the form shows it: the stored 8 decimals without trailing zeros ("150.5"). */
const editableAmount = (balance: string) => balance.replace(/\.?0+$/, '');

/** Whether what is typed is another amount than `current` (not while it is no amount at all). */
function otherAmount(typed: string, current: string): boolean {
  try {
    return typed.trim() !== '' && !sameAmount(typed, current);
  } catch {
    return false;
  }
}

export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { text } = useSharedUsersMessages();
  const [update, updating] = useUpdateUserMutation();
  const form = useContractForm<EditInput, EditInput>({
    resolver: lazyZodResolver<EditInput, EditInput>(() =>
      import('./schemas.ts').then((m) => m.userEditForm(user.balance)),
    ),
    defaultValues: {
      name: user.name,
      email: user.email,
      role: user.role,
      balance: editableAmount(user.balance),
      balanceReason: '',
    },
  });
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  const balance = watch('balance');
  const balanceChanged = otherAmount(balance, user.balance);

  const submit = async (values: EditInput) => {
    const body: AdminUserUpdate = {
      ...(values.name !== user.name ? { name: values.name } : {}),
      ...(values.email !== user.email ? { email: values.email } : {}),
      ...(values.role !== user.role ? { role: values.role } : {}),
      ...(otherAmount(values.balance, user.balance)
        ? { balance: values.balance, balanceReason: values.balanceReason }
        : {}),
    };
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      const result = await update({ id: user.id, body }).unwrap();
      const held = result.balanceAdjustment?.status === 'awaiting_second_approval';
      toast(
        held
          ? {
              title: text('users.edit.heldTitle'),
              description: text('users.edit.heldDescription'),
              variant: 'success',
            }
          : { title: text('users.edit.updated'), variant: 'success' },
      );
      onClose();
    } catch (error) {
      reportFormError(form, error, { fallback: text('users.edit.failed') });
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('users.edit.title')}
      description={text('users.edit.description', { name: user.name })}
      onSubmit={handleSubmit(submit)}
      submitLabel={text('users.edit.submit')}
      busy={updating.isLoading}
    >
      <TextField
        label={text('users.edit.name')}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={text('users.edit.email')}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <Field label={text('users.edit.role')} error={errors.role?.message}>
        {({ id, describedBy, invalid }) => (
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                options={ROLES.map((role) => ({ value: role.value, label: text(role.label) }))}
                value={field.value}
                onValueChange={field.onChange}
              />
            )}
          />
        )}
      </Field>
      <Field
        label={text('users.edit.balance')}
        hint={text('users.edit.balanceHint')}
        error={errors.balance?.message}
      >
        {({ id, describedBy, invalid }) => (
          <MoneyInput
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            min="0"
            {...register('balance')}
          />
        )}
      </Field>
      {balanceChanged ? (
        <TextareaField
          label={text('users.edit.balanceReason')}
          hint={text('users.edit.balanceReasonHint')}
          error={errors.balanceReason?.message}
          maxLength={500}
          className="min-h-20"
          {...register('balanceReason')}
        />
      ) : null}
    </FormDialog>
  );
}

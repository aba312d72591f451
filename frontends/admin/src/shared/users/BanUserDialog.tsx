// Ban a user (spec section 2, User Management): the reason is asked for and required here (3 to 500 characters,
// trimmed) so every ban made from these screens says why; it is stored, audited and shown on the user's card and
// page. Shared by the user lists, the user's page and Manage Investors.
import type { AdminUser } from '@cropvest/contracts/identity/admin-users';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useBanUserMutation } from '../../api/identity.ts';

export const STATUS_UPDATED = 'User status updated successfully';
export const STATUS_FAILED = 'Failed to update user status';

interface BanInput {
  reason: string;
}

export function BanUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [ban, banning] = useBanUserMutation();
  const form = useContractForm<BanInput, BanInput>({
    resolver: lazyZodResolver<BanInput, BanInput>(() => import('./schemas.ts').then((m) => m.BanForm)),
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
      tone="destructive"
      busy={banning.isLoading}
      busyLabel="Banning…"
    >
      <TextareaField
        label="Reason"
        hint="3 to 500 characters. Kept with the ban and in the audit trail; admins see it on the user's card."
        error={errors.reason?.message}
        maxLength={500}
        className="min-h-20"
        {...register('reason')}
      />
    </FormDialog>
  );
}

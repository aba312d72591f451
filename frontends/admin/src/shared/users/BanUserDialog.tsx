// Ban a user (spec section 2, User Management): the reason is asked for and required here (3 to 500 characters,
// trimmed) so every ban made from these screens says why; it is stored, audited and shown on the user's card and
// page. Shared by the user lists, the user's page and Manage Investors.
import type { AdminUser } from '@cropvest/contracts/identity/admin-users';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useBanUserMutation } from '../../api/identity.ts';
import { useSharedUsersMessages, type SharedUsersMessageId } from './messages/catalogue.ts';

export const STATUS_UPDATED: SharedUsersMessageId = 'users.status.updated';
export const STATUS_FAILED: SharedUsersMessageId = 'users.status.failed';

interface BanInput {
  reason: string;
}

export function BanUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { text } = useSharedUsersMessages();
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
      title={text('users.ban.title')}
      description={text('users.ban.description', { name: user.name })}
      onSubmit={handleSubmit(async ({ reason }) => {
        try {
          await ban({ id: user.id, body: { isBanned: true, reason } }).unwrap();
          toast({ title: text(STATUS_UPDATED), variant: 'success' });
          onClose();
        } catch (error) {
          reportFormError(form, error, { fallback: text(STATUS_FAILED) });
        }
      })}
      submitLabel={text('users.ban.submit')}
      tone="destructive"
      busy={banning.isLoading}
      busyLabel={text('users.ban.busy')}
    >
      <TextareaField
        label={text('users.ban.reason')}
        hint={text('users.ban.reasonHint')}
        error={errors.reason?.message}
        maxLength={500}
        className="min-h-20"
        {...register('reason')}
      />
    </FormDialog>
  );
}

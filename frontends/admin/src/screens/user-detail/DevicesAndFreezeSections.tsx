// The user's trusted devices and account freeze on the user page (issue 26 items 5, 7 and 9; docs/decisions/0100
// and 0101), from identity. The devices are read-only: the owner removes them. The freeze says whether the account
// is frozen, since when and by whom, and whether sign-ins from somewhere new wait for a mailed approval; an admin
// freezes or unfreezes it with a reason the audit log keeps. A freeze ends every session of the user at once.
import { useState } from 'react';
import { LaptopMinimalCheck, Snowflake, Sun } from 'lucide-react';
import type {
  AdminAccountProtection,
  AdminFreezeRequest,
  FrozenBy,
} from '@cropvest/contracts/identity/account-protection';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { formatDateTime } from '@cropvest/ui/format';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { TrustedDeviceList } from '@cropvest/ui/trusted-device';
import { useSetUserFrozenMutation, useUserDevicesQuery, useUserFreezeQuery } from '../../api/identity.ts';
import { SECTION_PAGE_SIZE } from '../../api/user-page.ts';
import { useSectionPage } from '../../shared/user-detail/section-page.ts';
import { SectionCard } from './SectionCard.tsx';

export function TrustedDevicesSection({ userId }: { userId: string }) {
  const [page, setPage] = useSectionPage('devices');
  const query = useUserDevicesQuery({ userId, page });
  const headingId = 'user-section-trusted-devices';
  return (
    <SectionCard
      headingId={headingId}
      title="Trusted devices"
      icon={LaptopMinimalCheck}
      total={query.data?.total}
      contentClassName="space-y-3"
    >
      <TrustedDeviceList
        query={query}
        what="the trusted devices"
        page={page}
        pageSize={SECTION_PAGE_SIZE}
        onPageChange={setPage}
        listClassName="rounded-lg border border-border"
        itemClassName="p-3"
      />
    </SectionCard>
  );
}

const FROZEN_BY_TEXT: Record<FrozenBy, string> = { owner: 'the owner', admin: 'an admin' };

export function AccountFreezeSection({ userId, userName }: { userId: string; userName: string }) {
  const query = useUserFreezeQuery(userId);
  const [deciding, setDeciding] = useState(false);
  const headingId = 'user-section-account-freeze';
  return (
    <>
      <SectionCard
        headingId={headingId}
        title="Account freeze"
        icon={Snowflake}
        description="A frozen account cannot sign in, has no sessions and makes no withdrawals."
        action={
          query.data ? (
            <Button
              size="sm"
              variant={query.data.frozen ? 'outline' : 'destructive'}
              className="self-start"
              onClick={() => setDeciding(true)}
            >
              {query.data.frozen ? (
                <>
                  <Sun aria-hidden="true" className="h-4 w-4" /> Unfreeze account
                </>
              ) : (
                <>
                  <Snowflake aria-hidden="true" className="h-4 w-4" /> Freeze account
                </>
              )}
            </Button>
          ) : null
        }
      >
        <QueryView query={query} what="the account freeze" skeleton={<SkeletonRows rows={2} />}>
          {(state) => (
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-ink-muted">Account</dt>
                <dd className="mt-1 flex flex-wrap items-center gap-2 text-ink">
                  <Badge tone={state.frozen ? 'red' : 'green'}>
                    {state.frozen ? 'Frozen' : 'Not frozen'}
                  </Badge>
                  {state.frozen && state.frozenAt ? (
                    <span>
                      since {formatDateTime(state.frozenAt)}
                      {state.frozenBy ? `, by ${FROZEN_BY_TEXT[state.frozenBy]}` : ''}
                    </span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="text-ink-muted">New-device approval</dt>
                <dd className="mt-1">
                  <Badge tone={state.newDeviceApproval ? 'green' : 'gray'}>
                    {state.newDeviceApproval ? 'On' : 'Off'}
                  </Badge>
                </dd>
              </div>
            </dl>
          )}
        </QueryView>
      </SectionCard>
      {deciding && query.data ? (
        <FreezeDialog
          userId={userId}
          userName={userName}
          state={query.data}
          onClose={() => setDeciding(false)}
        />
      ) : null}
    </>
  );
}

type ReasonInput = { reason: string };
const reasonResolver = lazyZodResolver<ReasonInput, AdminFreezeRequest>(() =>
  import('@cropvest/contracts/identity/account-protection').then((m) => m.AdminFreezeRequest),
);

function FreezeDialog({
  userId,
  userName,
  state,
  onClose,
}: {
  userId: string;
  userName: string;
  state: AdminAccountProtection;
  onClose: () => void;
}) {
  const freezing = !state.frozen;
  const [setFrozen, { isLoading }] = useSetUserFrozenMutation();
  const form = useContractForm<ReasonInput, AdminFreezeRequest>({
    resolver: reasonResolver,
    defaultValues: { reason: '' },
  });
  const submit = async (body: AdminFreezeRequest) => {
    try {
      await setFrozen({ userId, frozen: freezing, body }).unwrap();
      toast({
        title: freezing ? 'Account frozen' : 'Account unfrozen',
        description: `${userName} is told of it.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      reportFormError(form, error, {
        fallback: freezing ? 'Failed to freeze the account' : 'Failed to unfreeze the account',
      });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={freezing ? 'Freeze account' : 'Unfreeze account'}
      description={
        freezing
          ? `${userName} is signed out everywhere at once and can neither sign in nor withdraw until an admin unfreezes the account.`
          : `${userName} can sign in again. New withdrawals stay on hold for the hours set under System Settings → Security (Withdrawal Hold After Security Changes).`
      }
      onSubmit={form.handleSubmit(submit)}
      submitLabel={freezing ? 'Freeze account' : 'Unfreeze account'}
      busy={isLoading}
      busyLabel={freezing ? 'Freezing…' : 'Unfreezing…'}
    >
      <TextareaField
        label="Reason"
        hint="Up to 500 characters, kept in the audit trail."
        maxLength={500}
        className="min-h-20"
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}

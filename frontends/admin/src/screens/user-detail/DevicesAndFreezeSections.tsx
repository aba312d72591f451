// The user's trusted devices and account freeze on the user page (issue 26 items 5, 7 and 9; docs/decisions/0100
// and 0101), from identity. The devices are read-only: the owner removes them. The freeze says whether the account
// is frozen, since when and by whom, and whether sign-ins from somewhere new wait for a mailed approval; an admin
// freezes or unfreezes it with a reason the audit log keeps. A freeze ends every session of the user at once.
import { useState } from 'react';
import { LaptopMinimalCheck, Snowflake, Sun } from 'lucide-react';
import type {
  AdminAccountProtection,
  AdminFreezeRequest,
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
import { useUserDetailMessages } from './messages/catalogue.ts';

export function TrustedDevicesSection({ userId }: { userId: string }) {
  const { text } = useUserDetailMessages();
  const [page, setPage] = useSectionPage('devices');
  const query = useUserDevicesQuery({ userId, page });
  const headingId = 'user-section-trusted-devices';
  return (
    <SectionCard
      headingId={headingId}
      title={text('userDetail.devices.title')}
      icon={LaptopMinimalCheck}
      total={query.data?.total}
      contentClassName="space-y-3"
    >
      <TrustedDeviceList
        query={query}
        what={text('userDetail.devices.what')}
        page={page}
        pageSize={SECTION_PAGE_SIZE}
        onPageChange={setPage}
        listClassName="rounded-lg border border-border"
        itemClassName="p-3"
      />
    </SectionCard>
  );
}

export function AccountFreezeSection({ userId, userName }: { userId: string; userName: string }) {
  const { text } = useUserDetailMessages();
  const query = useUserFreezeQuery(userId);
  const [deciding, setDeciding] = useState(false);
  const headingId = 'user-section-account-freeze';
  return (
    <>
      <SectionCard
        headingId={headingId}
        title={text('userDetail.freeze.title')}
        icon={Snowflake}
        description={text('userDetail.freeze.description')}
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
                  <Sun aria-hidden="true" className="h-4 w-4" /> {text('userDetail.freeze.unfreeze')}
                </>
              ) : (
                <>
                  <Snowflake aria-hidden="true" className="h-4 w-4" /> {text('userDetail.freeze.freeze')}
                </>
              )}
            </Button>
          ) : null
        }
      >
        <QueryView query={query} what={text('userDetail.freeze.what')} skeleton={<SkeletonRows rows={2} />}>
          {(state) => (
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-ink-muted">{text('userDetail.freeze.account')}</dt>
                <dd className="mt-1 flex flex-wrap items-center gap-2 text-ink">
                  <Badge tone={state.frozen ? 'red' : 'green'}>
                    {state.frozen ? text('userDetail.freeze.frozen') : text('userDetail.freeze.notFrozen')}
                  </Badge>
                  {state.frozen && state.frozenAt ? (
                    <span>
                      {state.frozenBy
                        ? text('userDetail.freeze.sinceBy', {
                            time: formatDateTime(state.frozenAt),
                            by: state.frozenBy,
                          })
                        : text('userDetail.freeze.since', { time: formatDateTime(state.frozenAt) })}
                    </span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="text-ink-muted">{text('userDetail.freeze.newDevice')}</dt>
                <dd className="mt-1">
                  <Badge tone={state.newDeviceApproval ? 'green' : 'gray'}>
                    {state.newDeviceApproval ? text('userDetail.freeze.on') : text('userDetail.freeze.off')}
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
  const { text } = useUserDetailMessages();
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
        title: freezing ? text('userDetail.freeze.frozenToast') : text('userDetail.freeze.unfrozenToast'),
        description: text('userDetail.freeze.told', { name: userName }),
        variant: 'success',
      });
      onClose();
    } catch (error) {
      reportFormError(form, error, {
        fallback: freezing
          ? text('userDetail.freeze.freezeFailed')
          : text('userDetail.freeze.unfreezeFailed'),
      });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={freezing ? text('userDetail.freeze.freeze') : text('userDetail.freeze.unfreeze')}
      description={
        freezing
          ? text('userDetail.freeze.freezeDescription', { name: userName })
          : text('userDetail.freeze.unfreezeDescription', { name: userName })
      }
      onSubmit={form.handleSubmit(submit)}
      submitLabel={freezing ? text('userDetail.freeze.freeze') : text('userDetail.freeze.unfreeze')}
      busy={isLoading}
      busyLabel={freezing ? text('userDetail.freeze.freezing') : text('userDetail.freeze.unfreezing')}
    >
      <TextareaField
        label={text('userDetail.freeze.reason')}
        hint={text('userDetail.freeze.reasonHint')}
        maxLength={500}
        className="min-h-20"
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}

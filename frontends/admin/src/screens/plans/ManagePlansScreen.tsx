// Manage Plans (/admin/plans, spec sections 2, 4, 5 and 8): one server page of plan cards (image, title,
// description, Active or Inactive, rate to 1 decimal, minimum slot in $ without decimals, duration, days left,
// slots sold of total with a bar), the Active switch, the edit dialog, and Delete after the can-delete
// pre-check. A new plan is made on Create Plan's page (one way to add a plan, issue 27). Every change refreshes this list and the investors' Browse Plans ('Plans' tag).
import { useState, type FormEvent } from 'react';
import { Image as ImageIcon, Pencil, Plus, Sprout, Trash2 } from 'lucide-react';
import type { Plan, PlanInput } from '@cropvest/contracts/plans/model';
import { reportFormError, toastFailure } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { Link } from '@cropvest/web-kit/router';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card, CardContent } from '@cropvest/ui/card';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatCount, formatDollars, formatRate } from '@cropvest/ui/format';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { ProgressBar } from '@cropvest/ui/progress';
import { ListCards } from '@cropvest/ui/list/results';
import { Switch } from '@cropvest/ui/switch';
import { toast } from '@cropvest/ui/toast';
import {
  useAdminPlansQuery,
  useDeletePlanMutation,
  useLazyCanDeletePlanQuery,
  useUpdatePlanMutation,
} from '../../api/plans.ts';
import {
  BasicFields,
  FinancialFields,
  preloadPlanSchema,
  StatusField,
  TimingFields,
  usePlanForm,
  usePlanImage,
} from '../../shared/plans/PlanForm.tsx';
import { planPages } from '../../shared/plans/PlanPageHeader.tsx';
import { useSharedPlansMessages } from '../../shared/plans/messages/catalogue.ts';
import {
  datesMissing,
  daysLeft,
  planValues,
  slotsSold,
  type PlanFormInput,
} from '../../shared/plans/rules.ts';
import { usePlansMessages } from './messages/catalogue.ts';

const PAGE_SIZE = 12;

export default function ManagePlansScreen() {
  const list = useListState({ pageSize: PAGE_SIZE });
  const plans = useAdminPlansQuery({ page: list.page, pageSize: list.pageSize });
  const [editing, setEditing] = useState<Plan | null>(null);
  const { text } = usePlansMessages();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('plans.manage.title')}</h1>
          <p className="mt-1 text-ink-muted">{text('plans.manage.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/plans/create" className={buttonClass('primary')}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {text('plans.manage.create')}
          </Link>
        </div>
      </div>

      <ListCards
        query={plans}
        list={list}
        pageSize={list.pageSize}
        noun={text('plans.manage.noun')}
        empty={
          <EmptyState
            icon={<Sprout className="h-8 w-8" />}
            title={text('plans.manage.empty.title')}
            description={text('plans.manage.empty.description')}
            level={2}
            action={
              <Link to="/admin/plans/create" className={buttonClass('primary')}>
                {text('plans.manage.create')}
              </Link>
            }
          />
        }
        label={{ list: text('plans.manage.listLabel'), pager: text('plans.manage.pagerLabel') }}
        skeletonHeight="h-64"
        className="grid gap-6 md:grid-cols-2 xl:grid-cols-3"
      >
        {(plan) => (
          <li key={plan.id} className="min-w-0">
            <PlanCard plan={plan} onEdit={() => setEditing(plan)} />
          </li>
        )}
      </ListCards>

      {editing ? (
        <PlanDialog plan={editing} initial={planValues(editing)} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

/** The body PUT /api/admin/plans/{id} needs: the plan's own fields with one change. */
const editBody = (plan: Plan, change: Partial<PlanInput>): PlanInput => ({
  title: plan.title,
  description: plan.description,
  minSlotPrice: plan.minSlotPrice,
  dailyInterestRate: plan.dailyInterestRate,
  durationDays: plan.durationDays,
  totalSlots: plan.totalSlots,
  startDate: plan.startDate,
  endDate: plan.endDate,
  imageUrl: plan.imageUrl,
  isActive: plan.isActive,
  ...change,
});

function PlanCard({ plan, onEdit }: { plan: Plan; onEdit: () => void }) {
  const [updatePlan, updating] = useUpdatePlanMutation();
  const [deletePlan, deleting] = useDeletePlanMutation();
  const [checkDelete, checking] = useLazyCanDeletePlanQuery();
  const [confirming, setConfirming] = useState(false);
  const { sold, percent } = slotsSold(plan);
  const switchId = `plan-active-${plan.id}`;
  const { text, rich } = usePlansMessages();
  const shared = useSharedPlansMessages();

  const toggleActive = async (isActive: boolean) => {
    try {
      await updatePlan({ id: plan.id, body: editBody(plan, { isActive }) }).unwrap();
      toast({ title: text('plans.toast.updated'), variant: 'success' });
    } catch (error) {
      toastFailure(error, { fallback: text('plans.toast.updateFailed') });
    }
  };

  const askDelete = async () => {
    let check;
    try {
      check = await checkDelete(plan.id, false).unwrap();
    } catch {
      toast({ title: text('plans.toast.checkFailed'), variant: 'destructive' });
      return;
    }
    if (check.canDelete) setConfirming(true);
    else
      toast({
        title: text('plans.toast.cannotDelete'),
        description: text('plans.toast.cannotDeleteDescription', {
          reason: check.reason ?? text('plans.toast.cannotDeleteReason'),
          count: check.investmentCount,
        }),
        variant: 'destructive',
      });
  };

  const confirmDelete = async () => {
    try {
      await deletePlan(plan.id).unwrap();
      toast({ title: text('plans.toast.deleted'), variant: 'success' });
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      toastFailure(error, { fallback: text('plans.toast.deleteFailed') });
    }
  };

  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {plan.imageUrl ? (
        <img src={plan.imageUrl} alt="" className="h-40 w-full object-cover" loading="lazy" />
      ) : (
        <div
          className="flex h-40 items-center justify-center bg-brand-muted text-brand-ink"
          aria-hidden="true"
        >
          <ImageIcon className="h-10 w-10" />
        </div>
      )}
      <CardContent className="flex flex-1 flex-col gap-4 pt-4">
        <div className="space-y-2">
          <div className="flex items-start justify-between gap-2">
            <h2 className="min-w-0 break-words text-lg font-semibold text-ink">{plan.title}</h2>
            <Badge tone={plan.isActive ? 'green' : 'gray'} data-testid="plan-status">
              {text(plan.isActive ? 'plans.card.active' : 'plans.card.inactive')}
            </Badge>
          </div>
          <p className="line-clamp-3 break-words text-sm text-ink-muted">{plan.description}</p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-ink-muted">{text('plans.card.dailyRate')}</dt>
          <dd className="text-end font-semibold text-brand-ink">{formatRate(plan.dailyInterestRate)}</dd>
          <dt className="text-ink-muted">{text('plans.card.minimumSlot')}</dt>
          <dd className="text-end font-semibold text-ink">{formatDollars(plan.minSlotPrice, 0)}</dd>
          <dt className="text-ink-muted">{text('plans.card.duration')}</dt>
          <dd className="text-end text-ink">
            {text('plans.card.durationDays', { days: formatCount(plan.durationDays) })}
          </dd>
          <dt className="text-ink-muted">{text('plans.card.daysLeft')}</dt>
          <dd className="text-end text-ink">{formatCount(daysLeft(plan.endDate))}</dd>
        </dl>
        <div>
          <p className="flex justify-between text-sm">
            <span className="text-ink-muted">{text('plans.card.slotsSold')}</span>
            <span className="font-medium text-ink">
              {text('plans.card.slotsSoldOfTotal', {
                sold: formatCount(sold),
                total: formatCount(plan.totalSlots),
              })}
            </span>
          </p>
          <ProgressBar value={percent} label={text('plans.card.slotsSoldLabel', { plan: plan.title })} />
        </div>
        <div className="space-y-2 text-sm">
          <p className="text-ink-muted">
            {rich('plans.card.keyInformation', {
              state: plan.keyInformation ? (
                rich('plans.card.keyInformationVersion', {
                  version: plan.keyInformation.version,
                  complete: String(plan.keyInformation.complete),
                  mark: (chunks) => (
                    <span
                      className={
                        plan.keyInformation?.complete ? 'text-brand-ink' : 'font-medium text-warning-ink'
                      }
                    >
                      {chunks}
                    </span>
                  ),
                })
              ) : (
                <span className="font-medium text-warning-ink">{text('plans.card.keyInformationNone')}</span>
              ),
            })}
          </p>
          <div className="flex flex-wrap gap-2">
            {planPages(plan.id).map((page) => (
              <Link key={page.path} to={page.path} className={buttonClass('outline', 'sm')}>
                {shared.text(page.label)}
                <span className="sr-only">{text('plans.card.pageOf', { plan: plan.title })}</span>
              </Link>
            ))}
          </div>
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              aria-label={text('plans.card.activeSwitch', { plan: plan.title })}
              checked={plan.isActive}
              disabled={updating.isLoading}
              onCheckedChange={(checked) => void toggleActive(checked)}
            />
            <label htmlFor={switchId} className="text-sm text-ink-muted">
              {text('plans.card.active')}
            </label>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" className="h-4 w-4" /> {text('plans.card.edit')}
              <span className="sr-only">{text('plans.card.planTitle', { plan: plan.title })}</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-danger"
              disabled={checking.isFetching || deleting.isLoading}
              onClick={() => void askDelete()}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" /> {text('plans.card.delete')}
              <span className="sr-only">{text('plans.card.planTitle', { plan: plan.title })}</span>
            </Button>
          </div>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text('plans.delete.title')}
        description={text('plans.delete.description')}
        confirmLabel={text('plans.delete.confirm')}
        tone="destructive"
        busy={deleting.isLoading}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}

/** The edit dialog (spec section 5: the rate steps by 0.1 here; both dates or a Validation Error). */
function PlanDialog({ plan, initial, onClose }: { plan: Plan; initial: PlanFormInput; onClose: () => void }) {
  const [updatePlan, updating] = useUpdatePlanMutation();
  const form = usePlanForm(initial);
  const image = usePlanImage(plan.imageUrl);
  const fields = { form, rateStep: '0.1' as const, idPrefix: `edit-${plan.id}` };
  const busy = updating.isLoading;
  const { text } = usePlansMessages();

  const onSubmit = async (values: PlanInput) => {
    if (image.busy || image.failed) return;
    const body = { ...values, imageUrl: image.imageUrl };
    try {
      await updatePlan({ id: plan.id, body }).unwrap();
      toast({ title: text('plans.toast.updated'), variant: 'success' });
      onClose();
    } catch (error) {
      reportFormError(form, error, { fallback: text('plans.toast.updateFailed') });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (datesMissing(form.getValues())) {
      event.preventDefault();
      toast({
        title: text('plans.edit.validationError'),
        description: text('plans.edit.datesMissing'),
        variant: 'destructive',
      });
    }
    return form.handleSubmit(onSubmit)(event);
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('plans.edit.title')}
      onSubmit={submit}
      submitLabel={text('plans.edit.submit')}
      busy={busy}
      submitDisabled={image.busy}
      // The whole form is taller than a laptop screen: the dialog scrolls inside itself.
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <div className="space-y-4" onFocusCapture={preloadPlanSchema}>
        <BasicFields {...fields} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FinancialFields {...fields} />
          <TimingFields {...fields} />
        </div>
        {image.field(busy)}
        <StatusField {...fields} />
      </div>
    </FormDialog>
  );
}

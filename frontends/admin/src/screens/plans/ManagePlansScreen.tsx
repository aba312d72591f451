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
import {
  DATES_MISSING,
  datesMissing,
  daysLeft,
  planValues,
  slotsSold,
  type PlanFormInput,
} from '../../shared/plans/rules.ts';

const PAGE_SIZE = 12;

export default function ManagePlansScreen() {
  const list = useListState({ pageSize: PAGE_SIZE });
  const plans = useAdminPlansQuery({ page: list.page, pageSize: list.pageSize });
  const [editing, setEditing] = useState<Plan | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Manage Plans</h1>
          <p className="mt-1 text-ink-muted">
            Crop plans investors buy slots in. Inactive plans are hidden from them.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/plans/create" className={buttonClass('primary')}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Create Plan
          </Link>
        </div>
      </div>

      <ListCards
        query={plans}
        list={list}
        pageSize={list.pageSize}
        noun="plans"
        empty={
          <EmptyState
            icon={<Sprout className="h-8 w-8" />}
            title="No Plans Created"
            description="Create a plan so investors have a crop season to invest in."
            level={2}
            action={
              <Link to="/admin/plans/create" className={buttonClass('primary')}>
                Create Plan
              </Link>
            }
          />
        }
        label={{ list: 'Plans', pager: 'Pages' }}
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

  const toggleActive = async (isActive: boolean) => {
    try {
      await updatePlan({ id: plan.id, body: editBody(plan, { isActive }) }).unwrap();
      toast({ title: 'Plan updated successfully!', variant: 'success' });
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to update plan' });
    }
  };

  const askDelete = async () => {
    let check;
    try {
      check = await checkDelete(plan.id, false).unwrap();
    } catch {
      toast({ title: 'Failed to check plan status', variant: 'destructive' });
      return;
    }
    if (check.canDelete) setConfirming(true);
    else
      toast({
        title: 'Cannot Delete Plan',
        description: `${check.reason ?? 'The plan has active investments'}. Plan has ${check.investmentCount} active investment(s).`,
        variant: 'destructive',
      });
  };

  const confirmDelete = async () => {
    try {
      await deletePlan(plan.id).unwrap();
      toast({ title: 'Plan deleted successfully!', variant: 'success' });
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      toastFailure(error, { fallback: 'Failed to delete plan' });
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
              {plan.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </div>
          <p className="line-clamp-3 break-words text-sm text-ink-muted">{plan.description}</p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-ink-muted">Daily rate</dt>
          <dd className="text-right font-semibold text-brand-ink">{formatRate(plan.dailyInterestRate)}</dd>
          <dt className="text-ink-muted">Minimum slot</dt>
          <dd className="text-right font-semibold text-ink">{formatDollars(plan.minSlotPrice, 0)}</dd>
          <dt className="text-ink-muted">Duration</dt>
          <dd className="text-right text-ink">{formatCount(plan.durationDays)} days</dd>
          <dt className="text-ink-muted">Days left</dt>
          <dd className="text-right text-ink">{formatCount(daysLeft(plan.endDate))}</dd>
        </dl>
        <div>
          <p className="flex justify-between text-sm">
            <span className="text-ink-muted">Slots sold</span>
            <span className="font-medium text-ink">
              {formatCount(sold)} / {formatCount(plan.totalSlots)}
            </span>
          </p>
          <ProgressBar value={percent} label={`Slots sold of ${plan.title}`} />
        </div>
        <div className="space-y-2 text-sm">
          <p className="text-ink-muted">
            Key information:{' '}
            {plan.keyInformation ? (
              <>
                version {plan.keyInformation.version},{' '}
                <span
                  className={plan.keyInformation.complete ? 'text-brand-ink' : 'font-medium text-warning-ink'}
                >
                  {plan.keyInformation.complete ? 'complete' : 'incomplete'}
                </span>
              </>
            ) : (
              <span className="font-medium text-warning-ink">none published</span>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {planPages(plan.id).map((page) => (
              <Link key={page.path} to={page.path} className={buttonClass('outline', 'sm')}>
                {page.label}
                <span className="sr-only"> of {plan.title}</span>
              </Link>
            ))}
          </div>
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              aria-label={`Active: ${plan.title}`}
              checked={plan.isActive}
              disabled={updating.isLoading}
              onCheckedChange={(checked) => void toggleActive(checked)}
            />
            <label htmlFor={switchId} className="text-sm text-ink-muted">
              Active
            </label>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
              <span className="sr-only"> {plan.title}</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-danger"
              disabled={checking.isFetching || deleting.isLoading}
              onClick={() => void askDelete()}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
              <span className="sr-only"> {plan.title}</span>
            </Button>
          </div>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Plan"
        description="Are you sure you want to delete this plan?"
        confirmLabel="Delete"
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

  const onSubmit = async (values: PlanInput) => {
    if (image.busy || image.failed) return;
    const body = { ...values, imageUrl: image.imageUrl };
    try {
      await updatePlan({ id: plan.id, body }).unwrap();
      toast({ title: 'Plan updated successfully!', variant: 'success' });
      onClose();
    } catch (error) {
      reportFormError(form, error, { fallback: 'Failed to update plan' });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (datesMissing(form.getValues())) {
      event.preventDefault();
      toast({ title: 'Validation Error', description: DATES_MISSING, variant: 'destructive' });
    }
    return form.handleSubmit(onSubmit)(event);
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit Plan"
      onSubmit={submit}
      submitLabel="Update Plan"
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

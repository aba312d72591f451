// Create Investment Plan (/admin/plans/create, spec sections 2, 5, 8 and 9): the full page with its four
// sections, the defaults from /api/admin/plans/defaults, Back to Plans and Cancel; back to /admin/plans after
// success.
import { ArrowLeft } from 'lucide-react';
import type { PlanDefaults, PlanInput } from '@cropvest/contracts/plans/model';
import { reportFormError } from '@cropvest/web-kit/form';
import { Link, useNavigate } from '@cropvest/web-kit/router';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Spinner } from '@cropvest/ui/spinner';
import { toast } from '@cropvest/ui/toast';
import { useCreatePlanMutation, usePlanDefaultsQuery } from '../../api/plans.ts';
import {
  BasicFields,
  FinancialFields,
  FormSection,
  preloadPlanSchema,
  StatusField,
  TimingFields,
  usePlanForm,
  usePlanImage,
} from '../../shared/plans/PlanForm.tsx';
import { newPlanValues } from '../../shared/plans/rules.ts';

const PLANS = '/admin/plans';

export default function CreatePlanScreen() {
  const defaults = usePlanDefaultsQuery();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link to={PLANS} className={buttonClass('ghost', 'sm')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Plans
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-ink">Create Investment Plan</h1>
        <p className="mt-1 text-ink-muted">A new crop season investors can buy slots in.</p>
      </div>
      <QueryView
        query={defaults}
        what="the plan defaults"
        skeleton={<SkeletonRows rows={4} className="h-40" />}
      >
        {(values) => <CreatePlanForm defaults={values} />}
      </QueryView>
    </div>
  );
}

function CreatePlanForm({ defaults }: { defaults: PlanDefaults }) {
  const navigate = useNavigate();
  const [createPlan, { isLoading }] = useCreatePlanMutation();
  const form = usePlanForm(newPlanValues(defaults));
  const image = usePlanImage(null);
  const fields = { form, rateStep: '0.01' as const, idPrefix: 'create-plan' };

  const onSubmit = async (values: PlanInput) => {
    if (image.busy || image.failed) return;
    try {
      await createPlan({ ...values, imageUrl: image.imageUrl }).unwrap();
      toast({ title: 'Plan created successfully!', variant: 'success' });
      navigate(PLANS);
    } catch (error) {
      // The page's toast always reads the spec's 'Failed to create plan'; the server's reason goes beneath it.
      reportFormError(form, error, { title: 'Failed to create plan', fallback: 'Please try again.' });
    }
  };

  return (
    <form
      noValidate
      aria-label="Create Investment Plan"
      onSubmit={form.handleSubmit(onSubmit)}
      onFocusCapture={preloadPlanSchema}
      className="space-y-6"
    >
      <FormSection title="Basic Information">
        <BasicFields {...fields} />
        {image.field(isLoading)}
      </FormSection>
      <FormSection title="Financial Configuration">
        <FinancialFields {...fields} />
      </FormSection>
      <FormSection title="Availability & Timing">
        <TimingFields {...fields} />
      </FormSection>
      <FormSection title="Plan Status">
        <StatusField {...fields} />
      </FormSection>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={PLANS} className={buttonClass('outline')}>
          Cancel
        </Link>
        <Button type="submit" disabled={isLoading || image.busy}>
          {isLoading ? <Spinner size="sm" label="Creating…" /> : null}
          {image.busy ? 'Waiting for the image…' : 'Create Plan'}
        </Button>
      </div>
    </form>
  );
}

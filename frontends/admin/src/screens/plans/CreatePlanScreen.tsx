// Create Investment Plan (/admin/plans/create, spec sections 2, 5, 8 and 9): the full page with its four
// sections, the defaults from /api/admin/plans/defaults, Back to Plans and Cancel; back to /admin/plans after
// success.
import type { PlanDefaults, PlanInput } from '@cropvest/contracts/plans/model';
import { reportFormError } from '@cropvest/web-kit/form';
import { Link, useNavigate } from '@cropvest/web-kit/router';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { BackLinkLabel } from '@cropvest/ui/detail-page';
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
import { usePlansMessages } from './messages/catalogue.ts';

const PLANS = '/admin/plans';

export default function CreatePlanScreen() {
  const defaults = usePlanDefaultsQuery();
  const { text } = usePlansMessages();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link to={PLANS} className={buttonClass('ghost', 'sm')}>
          <BackLinkLabel label={text('plans.create.back')} />
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-ink">{text('plans.create.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('plans.create.subtitle')}</p>
      </div>
      <QueryView
        query={defaults}
        what={text('plans.create.what')}
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
  const { text } = usePlansMessages();

  const onSubmit = async (values: PlanInput) => {
    if (image.busy || image.failed) return;
    try {
      await createPlan({ ...values, imageUrl: image.imageUrl }).unwrap();
      toast({ title: text('plans.create.created'), variant: 'success' });
      navigate(PLANS);
    } catch (error) {
      // The page's toast always reads the spec's 'Failed to create plan'; the server's reason goes beneath it.
      reportFormError(form, error, {
        title: text('plans.create.failed'),
        fallback: text('plans.create.tryAgain'),
      });
    }
  };

  return (
    <form
      noValidate
      aria-label={text('plans.create.title')}
      onSubmit={form.handleSubmit(onSubmit)}
      onFocusCapture={preloadPlanSchema}
      className="space-y-6"
    >
      <FormSection title={text('plans.create.section.basic')}>
        <BasicFields {...fields} />
        {image.field(isLoading)}
      </FormSection>
      <FormSection title={text('plans.create.section.financial')}>
        <FinancialFields {...fields} />
      </FormSection>
      <FormSection title={text('plans.create.section.timing')}>
        <TimingFields {...fields} />
      </FormSection>
      <FormSection title={text('plans.create.section.status')}>
        <StatusField {...fields} />
      </FormSection>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={PLANS} className={buttonClass('outline')}>
          {text('plans.create.cancel')}
        </Link>
        <Button type="submit" disabled={isLoading || image.busy}>
          {isLoading ? <Spinner size="sm" label={text('plans.create.creating')} /> : null}
          {text(image.busy ? 'plans.create.waitingForImage' : 'plans.create.submit')}
        </Button>
      </div>
    </form>
  );
}

// Record or edit an operator (decision 0092): name, country, region, contact and the past seasons typed from the
// operator's books (crop, season, amount raised, realised return; a loss is negative), rows added and removed
// here and sent whole (an edit replaces the recorded seasons). The contract checks it before it is sent; the
// server's field problems land under the fields, row by row.
import { useFieldArray } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { Operator, OperatorInput } from '@cropvest/contracts/plans/key-information';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useCreateOperatorMutation, useUpdateOperatorMutation } from '../../api/plans.ts';
import {
  EMPTY_SEASON,
  newOperatorValues,
  operatorValues,
  type OperatorFormInput,
} from '../../shared/operators/rules.ts';

/** The contract's limit on past seasons. */
const MAX_SEASONS = 50;

const resolver = lazyZodResolver<OperatorFormInput, OperatorInput>(() =>
  import('./schemas.ts').then((m) => m.OperatorInput),
);
const preloadSchema = (): void => void import('./schemas.ts');

export function OperatorDialog({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const [create, creating] = useCreateOperatorMutation();
  const [update, updating] = useUpdateOperatorMutation();
  const form = useContractForm<OperatorFormInput, OperatorInput>({
    resolver,
    defaultValues: operator ? operatorValues(operator) : newOperatorValues(),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const seasons = useFieldArray({ control, name: 'pastSeasons' });
  const busy = creating.isLoading || updating.isLoading;

  const onSubmit = async (body: OperatorInput) => {
    try {
      const saved = operator ? await update({ id: operator.id, body }).unwrap() : await create(body).unwrap();
      toast({
        title: operator ? 'Operator updated' : 'Operator recorded',
        description: `${saved.name}, ${saved.region}, ${saved.country}.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      reportFormError(form, error, {
        fallback: operator ? 'Failed to update the operator' : 'Failed to record the operator',
      });
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={operator ? `Edit ${operator.name}` : 'New operator'}
      description="The farm or cooperative a plan's principal goes to, as investors read it on the plan's key information sheet."
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel={operator ? 'Save operator' : 'Record operator'}
      busy={busy}
      className="sm:max-w-2xl"
    >
      <div className="space-y-4" onFocusCapture={preloadSchema}>
        <TextField
          label="Name"
          aria-required="true"
          maxLength={200}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Country"
            aria-required="true"
            maxLength={100}
            error={errors.country?.message}
            {...register('country')}
          />
          <TextField
            label="Region"
            aria-required="true"
            maxLength={100}
            error={errors.region?.message}
            {...register('region')}
          />
        </div>
        <TextareaField
          label="Contact"
          aria-required="true"
          hint="Who to reach and how: a person, a phone number, an email or an address."
          maxLength={300}
          className="min-h-20"
          error={errors.contact?.message}
          {...register('contact')}
        />
        <fieldset className="min-w-0 space-y-3">
          <legend className="text-sm font-semibold text-ink">Past seasons</legend>
          <p className="text-sm text-ink-muted">
            Finished seasons from the operator&apos;s own books, as investors will read them. A loss is a
            negative return (at worst −100 %).
          </p>
          {seasons.fields.length === 0 ? (
            <p className="text-sm text-ink-muted">No past seasons recorded.</p>
          ) : null}
          <ol className="space-y-3">
            {seasons.fields.map((field, index) => {
              const rowErrors = errors.pastSeasons?.[index];
              return (
                <li key={field.id}>
                  <fieldset className="min-w-0 rounded-lg border border-border p-3">
                    <legend className="px-1 text-sm font-medium text-ink">Season {index + 1}</legend>
                    <div className="grid gap-3 sm:grid-cols-2">
                      <TextField
                        label="Crop"
                        aria-required="true"
                        maxLength={100}
                        error={rowErrors?.crop?.message}
                        {...register(`pastSeasons.${index}.crop`)}
                      />
                      <TextField
                        label="Season"
                        aria-required="true"
                        maxLength={50}
                        placeholder="e.g. 2025 long rains"
                        error={rowErrors?.season?.message}
                        {...register(`pastSeasons.${index}.season`)}
                      />
                      <TextField
                        label="Amount raised"
                        control={MoneyInput}
                        min="0"
                        aria-required="true"
                        error={rowErrors?.amountRaised?.message}
                        {...register(`pastSeasons.${index}.amountRaised`)}
                      />
                      <TextField
                        label="Realised return (%)"
                        inputMode="decimal"
                        aria-required="true"
                        hint="Negative for a loss, e.g. -12.5."
                        error={rowErrors?.realisedReturnPercent?.message}
                        {...register(`pastSeasons.${index}.realisedReturnPercent`)}
                      />
                    </div>
                    <div className="mt-3 flex justify-end">
                      <Button
                        variant="outline"
                        size="sm"
                        className="text-danger"
                        onClick={() => seasons.remove(index)}
                        disabled={busy}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" /> Remove season {index + 1}
                      </Button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {errors.pastSeasons?.message ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.pastSeasons.message}
            </p>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={() => seasons.append({ ...EMPTY_SEASON })}
            disabled={busy || seasons.fields.length >= MAX_SEASONS}
          >
            <Plus aria-hidden="true" className="h-4 w-4" /> Add past season
          </Button>
        </fieldset>
      </div>
    </FormDialog>
  );
}

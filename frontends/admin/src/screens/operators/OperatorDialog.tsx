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
import { useOperatorsMessages } from './messages/catalogue.ts';

/** The contract's limit on past seasons. */
const MAX_SEASONS = 50;

const resolver = lazyZodResolver<OperatorFormInput, OperatorInput>(() =>
  import('./schemas.ts').then((m) => m.OperatorInput),
);
const preloadSchema = (): void => void import('./schemas.ts');

export function OperatorDialog({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const { text } = useOperatorsMessages();
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
        title: operator ? text('operators.dialog.updated') : text('operators.dialog.recorded'),
        description: text('operators.dialog.savedWhere', {
          name: saved.name,
          region: saved.region,
          country: saved.country,
        }),
        variant: 'success',
      });
      onClose();
    } catch (error) {
      reportFormError(form, error, {
        fallback: operator ? text('operators.dialog.updateFailed') : text('operators.dialog.recordFailed'),
      });
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={
        operator
          ? text('operators.dialog.editTitle', { name: operator.name })
          : text('operators.dialog.newTitle')
      }
      description={text('operators.dialog.description')}
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel={operator ? text('operators.dialog.save') : text('operators.dialog.record')}
      busy={busy}
      className="sm:max-w-2xl"
    >
      <div className="space-y-4" onFocusCapture={preloadSchema}>
        <TextField
          label={text('operators.dialog.name')}
          aria-required="true"
          maxLength={200}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={text('operators.dialog.country')}
            aria-required="true"
            maxLength={100}
            error={errors.country?.message}
            {...register('country')}
          />
          <TextField
            label={text('operators.dialog.region')}
            aria-required="true"
            maxLength={100}
            error={errors.region?.message}
            {...register('region')}
          />
        </div>
        <TextareaField
          label={text('operators.dialog.contact')}
          aria-required="true"
          hint={text('operators.dialog.contactHint')}
          maxLength={300}
          className="min-h-20"
          error={errors.contact?.message}
          {...register('contact')}
        />
        <fieldset className="min-w-0 space-y-3">
          <legend className="text-sm font-semibold text-ink">{text('operators.dialog.pastSeasons')}</legend>
          <p className="text-sm text-ink-muted">{text('operators.dialog.pastSeasonsHint')}</p>
          {seasons.fields.length === 0 ? (
            <p className="text-sm text-ink-muted">{text('operators.dialog.noSeasons')}</p>
          ) : null}
          <ol className="space-y-3">
            {seasons.fields.map((field, index) => {
              const rowErrors = errors.pastSeasons?.[index];
              return (
                <li key={field.id}>
                  <fieldset className="min-w-0 rounded-lg border border-border p-3">
                    <legend className="px-1 text-sm font-medium text-ink">
                      {text('operators.dialog.season', { number: index + 1 })}
                    </legend>
                    <div className="grid gap-3 sm:grid-cols-2">
                      <TextField
                        label={text('operators.dialog.crop')}
                        aria-required="true"
                        maxLength={100}
                        error={rowErrors?.crop?.message}
                        {...register(`pastSeasons.${index}.crop`)}
                      />
                      <TextField
                        label={text('operators.dialog.seasonName')}
                        aria-required="true"
                        maxLength={50}
                        placeholder={text('operators.dialog.seasonPlaceholder')}
                        error={rowErrors?.season?.message}
                        {...register(`pastSeasons.${index}.season`)}
                      />
                      <TextField
                        label={text('operators.dialog.amountRaised')}
                        control={MoneyInput}
                        min="0"
                        aria-required="true"
                        error={rowErrors?.amountRaised?.message}
                        {...register(`pastSeasons.${index}.amountRaised`)}
                      />
                      <TextField
                        label={text('operators.dialog.realisedReturn')}
                        inputMode="decimal"
                        aria-required="true"
                        hint={text('operators.dialog.realisedReturnHint')}
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
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                        {text('operators.dialog.removeSeason', { number: index + 1 })}
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
            <Plus aria-hidden="true" className="h-4 w-4" /> {text('operators.dialog.addSeason')}
          </Button>
        </fieldset>
      </div>
    </FormDialog>
  );
}

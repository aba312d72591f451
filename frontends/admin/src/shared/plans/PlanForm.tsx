// The plan form shared by the Create Investment Plan page and the add/edit dialog (spec section 5): the same
// contract, fields and messages; the page groups them in its four sections, the dialog lists them. The image is
// uploaded as soon as it is chosen (drop zone + useUpload) and attached (PUT /api/plan-images), so the form
// sends only its public address.
import { useState, type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { PlanInput } from '@cropvest/contracts/plans/model';
import { lazyZodResolver, useContractForm } from '@cropvest/web-kit/form';
import { dropZoneState, useUpload } from '@cropvest/web-kit/upload';
import { FileDropZone } from '@cropvest/ui/drop-zone';
import { Field, TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { Switch } from '@cropvest/ui/switch';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useAttachPlanImageMutation } from '../../api/plans.ts';
import { useSharedPlansMessages } from './messages/catalogue.ts';
import { PLAN_IMAGE_ACCEPT, PLAN_IMAGE_MAX_BYTES, type PlanFormInput } from './rules.ts';

const planResolver = lazyZodResolver<PlanFormInput, PlanInput>(() =>
  import('./schemas.ts').then((m) => m.PlanInput),
);

/** Loads the contract's schema ahead of the first validation (on focus). */
export const preloadPlanSchema = (): void => void import('./schemas.ts');

export const usePlanForm = (defaultValues: PlanFormInput): UseFormReturn<PlanFormInput, unknown, PlanInput> =>
  useContractForm<PlanFormInput, PlanInput>({ resolver: planResolver, defaultValues });

/** What the image field says: a plan's image by default; the funding desk's evidence is a plan image too. */
export interface ImageFieldText {
  label: string;
  hint: string;
  /** The preview of the image the field already holds. */
  currentAlt: string;
}

/** The plan image: the address it has (editing), or the one a new upload was attached at. */
export function usePlanImage(initial: string | null, fieldText?: ImageFieldText) {
  const { text: message } = useSharedPlansMessages();
  const text = fieldText ?? {
    label: message('sharedPlans.image.label'),
    hint: message('sharedPlans.image.hint'),
    currentAlt: message('sharedPlans.image.currentAlt'),
  };
  const upload = useUpload('plan-image');
  const [attach] = useAttachPlanImageMutation();
  const [imageUrl, setImageUrl] = useState<string | null>(initial);
  const [attaching, setAttaching] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const choose = async (file: File) => {
    setError(undefined);
    const objectPath = await upload.start(file);
    if (!objectPath) {
      setError(message('sharedPlans.image.uploadFailed'));
      toast({ title: message('sharedPlans.image.uploadFailed'), variant: 'destructive' });
      return;
    }
    setAttaching(true);
    try {
      const { objectPath: publicPath } = await attach(objectPath).unwrap();
      setImageUrl(publicPath);
      toast({ title: message('sharedPlans.image.uploaded'), variant: 'success' });
    } catch {
      setError(message('sharedPlans.image.processingFailed'));
      toast({ title: message('sharedPlans.image.processingFailed'), variant: 'destructive' });
    } finally {
      setAttaching(false);
    }
  };

  const clear = () => {
    upload.reset();
    setImageUrl(null);
    setError(undefined);
  };

  return {
    imageUrl,
    busy: upload.state.status === 'uploading' || attaching,
    /** A chosen file that did not make it: the form waits until it is removed or chosen again. */
    failed: error !== undefined,
    field: (disabled: boolean) => (
      <div className="space-y-3">
        {imageUrl && upload.state.status === 'idle' ? (
          <div className="flex items-center gap-3">
            <img
              src={imageUrl}
              alt={text.currentAlt}
              className="h-20 w-32 rounded-md border border-border object-cover"
            />
            <button
              type="button"
              className="text-sm font-medium text-danger underline"
              onClick={clear}
              disabled={disabled}
            >
              {message('sharedPlans.image.remove')}
            </button>
          </div>
        ) : null}
        <FileDropZone
          label={text.label}
          hint={text.hint}
          accept={PLAN_IMAGE_ACCEPT}
          maxSize={PLAN_IMAGE_MAX_BYTES}
          upload={dropZoneState(upload.state)}
          onFile={(file) => void choose(file)}
          onClear={clear}
          disabled={disabled || attaching}
          error={error}
        />
      </div>
    ),
  };
}

interface FieldsProps {
  form: UseFormReturn<PlanFormInput, unknown, PlanInput>;
  /** The rate's input step: 0.01 on the page, 0.1 in the dialog (spec section 5). */
  rateStep: '0.01' | '0.1';
  /** The switch needs a unique id when the page and a dialog could both be on screen. */
  idPrefix: string;
}

export function BasicFields({ form }: FieldsProps) {
  const { text } = useSharedPlansMessages();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label={text('sharedPlans.field.title')}
        placeholder={text('sharedPlans.field.titlePlaceholder')}
        aria-required="true"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextareaField
        label={text('sharedPlans.field.description')}
        error={errors.description?.message}
        hint={text('sharedPlans.field.descriptionHint')}
        aria-required="true"
        rows={4}
        {...register('description')}
      />
    </>
  );
}

export function FinancialFields({ form, rateStep }: FieldsProps) {
  const { text } = useSharedPlansMessages();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <Field
        label={text('sharedPlans.field.minSlotPrice')}
        error={errors.minSlotPrice?.message}
        hint={text('sharedPlans.field.minSlotPriceHint')}
      >
        {({ id, describedBy, invalid }) => (
          <MoneyInput
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required="true"
            min="0"
            step="0.01"
            placeholder="0.00"
            {...register('minSlotPrice')}
          />
        )}
      </Field>
      <TextField
        label={text('sharedPlans.field.dailyInterestRate')}
        type="number"
        inputMode="decimal"
        min="0"
        step={rateStep}
        aria-required="true"
        hint={text('sharedPlans.field.dailyInterestRateHint')}
        error={errors.dailyInterestRate?.message}
        {...register('dailyInterestRate')}
      />
      <TextField
        label={text('sharedPlans.field.totalSlots')}
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        aria-required="true"
        error={errors.totalSlots?.message}
        {...register('totalSlots')}
      />
    </>
  );
}

export function TimingFields({ form }: FieldsProps) {
  const { text } = useSharedPlansMessages();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label={text('sharedPlans.field.durationDays')}
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        aria-required="true"
        error={errors.durationDays?.message}
        {...register('durationDays')}
      />
      <TextField
        label={text('sharedPlans.field.startDate')}
        type="date"
        aria-required="true"
        error={errors.startDate?.message}
        {...register('startDate')}
      />
      <TextField
        label={text('sharedPlans.field.endDate')}
        type="date"
        aria-required="true"
        error={errors.endDate?.message}
        {...register('endDate')}
      />
    </>
  );
}

export function StatusField({ form, idPrefix }: FieldsProps) {
  const { text } = useSharedPlansMessages();
  const id = `${idPrefix}-active`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
      <div>
        <label htmlFor={id} className="font-medium text-ink">
          {text('sharedPlans.field.active')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {text('sharedPlans.field.activeHint')}
        </p>
      </div>
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <Switch
            id={id}
            aria-describedby={`${id}-hint`}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    </div>
  );
}

/** A titled group of the page's form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-border bg-surface p-6 shadow-sm">
      <legend className="float-left mb-2 w-full text-lg font-semibold text-ink">{title}</legend>
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}

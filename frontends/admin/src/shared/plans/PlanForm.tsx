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
import {
  IMAGE_PROCESSING_FAILED,
  IMAGE_UPLOAD_FAILED,
  IMAGE_UPLOADED,
  PLAN_IMAGE_ACCEPT,
  PLAN_IMAGE_HINT,
  PLAN_IMAGE_MAX_BYTES,
  type PlanFormInput,
} from './rules.ts';

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

const PLAN_IMAGE_TEXT: ImageFieldText = {
  label: 'Plan image (optional)',
  hint: PLAN_IMAGE_HINT,
  currentAlt: 'Current plan image',
};

/** The plan image: the address it has (editing), or the one a new upload was attached at. */
export function usePlanImage(initial: string | null, text: ImageFieldText = PLAN_IMAGE_TEXT) {
  const upload = useUpload('plan-image');
  const [attach] = useAttachPlanImageMutation();
  const [imageUrl, setImageUrl] = useState<string | null>(initial);
  const [attaching, setAttaching] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const choose = async (file: File) => {
    setError(undefined);
    const objectPath = await upload.start(file);
    if (!objectPath) {
      setError(IMAGE_UPLOAD_FAILED);
      toast({ title: IMAGE_UPLOAD_FAILED, variant: 'destructive' });
      return;
    }
    setAttaching(true);
    try {
      const { objectPath: publicPath } = await attach(objectPath).unwrap();
      setImageUrl(publicPath);
      toast({ title: IMAGE_UPLOADED, variant: 'success' });
    } catch {
      setError(IMAGE_PROCESSING_FAILED);
      toast({ title: IMAGE_PROCESSING_FAILED, variant: 'destructive' });
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
              Remove image
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
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label="Plan Title"
        placeholder="e.g. Maize Season 2026"
        aria-required="true"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextareaField
        label="Description"
        error={errors.description?.message}
        hint="At least 10 characters."
        aria-required="true"
        rows={4}
        {...register('description')}
      />
    </>
  );
}

export function FinancialFields({ form, rateStep }: FieldsProps) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <Field
        label="Minimum Slot Price (USDT)"
        error={errors.minSlotPrice?.message}
        hint="The price of one slot."
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
        label="Daily Interest Rate (%)"
        type="number"
        inputMode="decimal"
        min="0"
        step={rateStep}
        aria-required="true"
        hint="Percent per day."
        error={errors.dailyInterestRate?.message}
        {...register('dailyInterestRate')}
      />
      <TextField
        label="Total Slots"
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
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label="Duration (days)"
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        aria-required="true"
        error={errors.durationDays?.message}
        {...register('durationDays')}
      />
      <TextField
        label="Start Date"
        type="date"
        aria-required="true"
        error={errors.startDate?.message}
        {...register('startDate')}
      />
      <TextField
        label="End Date"
        type="date"
        aria-required="true"
        error={errors.endDate?.message}
        {...register('endDate')}
      />
    </>
  );
}

export function StatusField({ form, idPrefix }: FieldsProps) {
  const id = `${idPrefix}-active`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
      <div>
        <label htmlFor={id} className="font-medium text-ink">
          Active
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          Active plans are listed for investors; inactive ones are hidden.
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

// The suitability questionnaire (decision 0094): experience, purpose, and net worth or yearly income, from which the
// platform estimates the loss the investor can bear (10 % of net worth, or of yearly income when no net worth is
// given). The invest dialog asks it before a first investment; Profile & Settings shows and updates the answers.
import { useId } from 'react';
import { useController, type Control, type FieldPath } from 'react-hook-form';
import type {
  InvestmentExperience,
  InvestmentPurpose,
  Suitability,
  SuitabilityRequest,
  SuitabilityStatus,
} from '@cropvest/contracts/plans/suitability';
import { lossCapacityOf } from '@cropvest/contracts/plans/suitability-rules';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { cn } from '@cropvest/ui/cn';
import { TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { Spinner } from '@cropvest/ui/spinner';
import { formatUsdt } from '@cropvest/ui/format';
import { useAnswerSuitabilityMutation } from '../../api/plans.ts';
import { useSharedProfileMessages, type SharedProfileMessageId } from './messages/catalogue.ts';

interface QuestionnaireValues {
  experience: InvestmentExperience | undefined;
  purpose: InvestmentPurpose | undefined;
  netWorth: string;
  yearlyIncome: string;
}

const resolver = lazyZodResolver<QuestionnaireValues, SuitabilityRequest>(() =>
  import('./suitability-schemas.ts').then((s) => s.SuitabilityForm),
);

/** Each answer's label, by the value the API takes. */
export const EXPERIENCE_LABELS: Record<InvestmentExperience, SharedProfileMessageId> = {
  none: 'profile.questionnaire.experience.none',
  some: 'profile.questionnaire.experience.some',
  experienced: 'profile.questionnaire.experience.experienced',
};

export const PURPOSE_LABELS: Record<InvestmentPurpose, SharedProfileMessageId> = {
  savings: 'profile.questionnaire.purpose.savings',
  income: 'profile.questionnaire.purpose.income',
  growth: 'profile.questionnaire.purpose.growth',
  speculation: 'profile.questionnaire.purpose.speculation',
};

/** The capacity the figures typed so far would give, or null while neither is a plain amount. */
function estimatedCapacity(netWorth: string, yearlyIncome: string): string | null {
  const amount = (value: string) => (/^\d{1,10}(\.\d{1,2})?$/.test(value.trim()) ? value.trim() : null);
  const worth = amount(netWorth);
  const income = amount(yearlyIncome);
  if (worth === null && income === null) return null;
  return lossCapacityOf({ netWorth: worth, yearlyIncome: income });
}

export interface SuitabilityQuestionnaireProps {
  /** The investor's current answers, which the form starts from; null for a first answer. */
  answers: Suitability | null;
  submitLabel: string;
  /** Called with the server's answer once the answers are saved. */
  onSaved: (status: SuitabilityStatus) => void;
  /** Shown as a Cancel button beside the submit when given. */
  onCancel?: () => void;
}

export function SuitabilityQuestionnaire({
  answers,
  submitLabel,
  onSaved,
  onCancel,
}: SuitabilityQuestionnaireProps) {
  const { text } = useSharedProfileMessages();
  const [answer, { isLoading }] = useAnswerSuitabilityMutation();
  const form = useContractForm<QuestionnaireValues, SuitabilityRequest>({
    resolver,
    defaultValues: {
      experience: answers?.experience,
      purpose: answers?.purpose,
      netWorth: answers?.netWorth ?? '',
      yearlyIncome: answers?.yearlyIncome ?? '',
    },
  });
  const { errors } = form.formState;
  const capacity = estimatedCapacity(form.watch('netWorth'), form.watch('yearlyIncome'));

  const onSubmit = async (request: SuitabilityRequest) => {
    try {
      onSaved(await answer(request).unwrap());
    } catch (error) {
      reportFormError(form, error, {
        title: text('profile.questionnaire.notSaved.title'),
        fallback: text('profile.questionnaire.notSaved.fallback'),
      });
    }
  };

  // A question left unanswered (the contract's message names the API's values, not the answers shown here).
  const chooseOne = text('profile.questionnaire.chooseOne');
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
      <Choice
        control={form.control}
        name="experience"
        legend={text('profile.questionnaire.experience.legend')}
        labels={EXPERIENCE_LABELS}
        error={errors.experience ? chooseOne : undefined}
      />
      <Choice
        control={form.control}
        name="purpose"
        legend={text('profile.questionnaire.purpose.legend')}
        labels={PURPOSE_LABELS}
        error={errors.purpose ? chooseOne : undefined}
      />
      <fieldset className="min-w-0 space-y-3">
        <legend className="text-sm font-semibold text-ink">
          {text('profile.questionnaire.finances.legend')}
        </legend>
        <p className="text-sm text-ink-muted">{text('profile.questionnaire.finances.explanation')}</p>
        <TextField
          label={text('profile.questionnaire.netWorth')}
          control={MoneyInput}
          min="0"
          autoComplete="off"
          error={errors.netWorth?.message}
          {...form.register('netWorth')}
        />
        <TextField
          label={text('profile.questionnaire.yearlyIncome')}
          control={MoneyInput}
          min="0"
          autoComplete="off"
          error={errors.yearlyIncome?.message}
          {...form.register('yearlyIncome')}
        />
        <p aria-live="polite" className="text-sm text-ink-muted" data-testid="estimated-loss-capacity">
          {capacity === null
            ? null
            : text('profile.questionnaire.estimate', { amount: formatUsdt(capacity) })}
        </p>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={isLoading}>
            {text('profile.questionnaire.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? <Spinner size="sm" label={text('profile.questionnaire.saving')} /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** One question answered by a single choice: radio buttons in a fieldset, its error read with it. */
function Choice<Name extends FieldPath<QuestionnaireValues> & ('experience' | 'purpose')>({
  control,
  name,
  legend,
  labels,
  error,
}: {
  control: Control<QuestionnaireValues, unknown, SuitabilityRequest>;
  name: Name;
  legend: string;
  labels: Record<string, SharedProfileMessageId>;
  error: string | undefined;
}) {
  const { text } = useSharedProfileMessages();
  const group = useId();
  const { field } = useController({ control, name });
  return (
    <fieldset
      className="min-w-0"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${group}-error` : undefined}
    >
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="mt-2 grid gap-2">
        {Object.entries(labels).map(([value, label]) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus',
              field.value === value
                ? 'border-brand bg-brand-muted text-brand-ink'
                : 'border-border-strong bg-surface text-ink hover:bg-surface-muted',
            )}
          >
            <input
              type="radio"
              name={`${group}-${name}`}
              value={value}
              checked={field.value === value}
              onChange={() => field.onChange(value)}
              onBlur={field.onBlur}
              ref={value === Object.keys(labels)[0] ? field.ref : undefined}
              className="h-4 w-4 shrink-0 accent-brand"
            />
            <span>{text(label)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${group}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

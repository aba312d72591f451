// Forms on react-hook-form with the contracts' zod schemas (STYLE.md "Forms"). The schema module loads on
// first use (focus or submit), so a screen paints without zod; the resolver then validates exactly like
// zodResolver(schema). A failed call's field problems land under their inputs; anything else is a toast
// with the spec's text (the server's message when it sent one, else the screen's fallback). The contracts' and the
// server's words are shown in the page's language when they are known texts (decision 0129).
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { toast } from '@cropvest/ui/toast';
import { isApiError, toastMessage } from './errors.ts';
import { knownText, withKnownTexts } from '@cropvest/web-kit/known-texts';

/** A resolver whose schema is loaded by `load` the first time the form validates. */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<ZodType>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
    );
    const result = await (await resolver)(values, context, options);
    // Valid values come back with no errors; a refusal's field errors are shown in the page's language.
    return Object.keys(result.errors).length ? { values: {}, errors: withKnownTexts(result.errors) } : result;
  };
}

export interface ContractFormOptions<Input extends FieldValues, Output> {
  resolver: Resolver<Input, unknown, Output>;
  defaultValues: DefaultValues<Input>;
}

/** useForm with a contract schema; errors show once a field is left or the form is sent. */
export function useContractForm<Input extends FieldValues, Output>(
  options: ContractFormOptions<Input, Output>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: options.resolver,
    defaultValues: options.defaultValues,
    mode: 'onTouched',
  });
}

export interface FailureText {
  /** The toast's title ("Investment Failed"); without one the message itself is the title. */
  title?: string;
  /** The spec's text when the server sent no message ("Failed to create investment"). */
  fallback: string;
}

/**
 * Puts a failed call's field problems under the fields the form has (a nested path such as
 * "pastSeasons.0.crop" lands on that row's field); everything else becomes a toast. Returns true when at least
 * one field got its message.
 */
export function reportFormError<Input extends FieldValues>(
  form: Pick<UseFormReturn<Input, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  text: FailureText,
): boolean {
  const fields = Object.keys(form.getValues());
  const onFields = isApiError(error)
    ? (error.issues ?? []).filter((i) => fields.includes(i.path.split('.')[0] ?? ''))
    : [];
  for (const issue of onFields)
    form.setError(issue.path as FieldPath<Input>, { type: 'server', message: knownText(issue.message) });
  if (onFields.length === 0) toastFailure(error, text);
  return onFields.length > 0;
}

/** The spec's failure toast: the server's message when there is one, else the fallback. */
export function toastFailure(error: unknown, text: FailureText): void {
  const message = toastMessage(error, text.fallback);
  toast(
    text.title
      ? { title: text.title, description: message, variant: 'destructive' }
      : { title: message, variant: 'destructive' },
  );
}

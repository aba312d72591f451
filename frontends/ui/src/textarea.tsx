import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '@cropvest/ui/cn';
import { Field, type FieldProps } from '@cropvest/ui/input';

/** A multi-line input styled like Input; TextareaField wraps it with its label and error. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return (
      <textarea
        ref={ref}
        className={cn(
          'flex min-h-28 w-full rounded-md border border-border-strong bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-subtle',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus disabled:cursor-not-allowed disabled:opacity-50',
          'aria-[invalid=true]:border-danger',
          className,
        )}
        {...props}
      />
    );
  },
);

export interface TextareaFieldProps
  extends TextareaHTMLAttributes<HTMLTextAreaElement>, Pick<FieldProps, 'label' | 'error' | 'hint'> {}

/** A Field around one Textarea, wired to it; the ref reaches the textarea (react-hook-form's register() needs it). */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, hint, ...textareaProps },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <Textarea
          ref={ref}
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          {...textareaProps}
        />
      )}
    </Field>
  );
});

import {
  forwardRef,
  useId,
  type ComponentType,
  type InputHTMLAttributes,
  type ReactNode,
  type RefAttributes,
} from 'react';
import * as LabelPrimitive from '@radix-ui/react-label';
import { cn } from '@cropvest/ui/cn';

export const Label = ({ className, ...props }: LabelPrimitive.LabelProps) => (
  <LabelPrimitive.Root className={cn('text-sm font-medium text-ink', className)} {...props} />
);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      className={cn(
        'flex h-10 w-full rounded-md border border-border-strong bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-subtle',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus disabled:cursor-not-allowed disabled:opacity-50',
        'aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
});

export interface FieldProps {
  label: ReactNode;
  /** The message under the input; also wired to the input with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
}

/** A label, a control and its error message, linked for screen readers. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <div id={hintId} className="text-xs text-ink-muted">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement>;

export interface TextFieldProps
  extends Omit<InputProps, 'children'>, Pick<FieldProps, 'label' | 'error' | 'hint'> {
  /** The input to render (a password input with a show/hide toggle, say); a plain Input by default. */
  control?: ComponentType<InputProps & RefAttributes<HTMLInputElement>>;
}

/** A Field around one input, wired to it; the ref reaches the input (react-hook-form's register() needs it). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, control: Control = Input, ...inputProps },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <Control ref={ref} id={id} aria-describedby={describedBy} aria-invalid={invalid} {...inputProps} />
      )}
    </Field>
  );
});

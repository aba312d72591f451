import type { FormEventHandler, ReactNode } from 'react';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { Button } from '@cropvest/ui/button';
import { Spinner } from '@cropvest/ui/spinner';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The form's submit handler (react-hook-form's handleSubmit(...)). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
  submitDisabled?: boolean;
  /** A destructive submit (ban, delete) gets the red button, as ConfirmDialog's does. */
  tone?: 'primary' | 'destructive';
  /** Replaces the default Cancel + submit row (e.g. a submit whose tone depends on the input). */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A modal holding one form: fields, then Cancel and the submit button; Escape or Cancel closes it. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  submitLabel,
  busy = false,
  busyLabel,
  submitDisabled = false,
  tone = 'primary',
  footer,
  children,
  className,
}: FormDialogProps) {
  const { text } = useUiMessages();
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent title={title} description={description} {...(className ? { className } : {})}>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {children}
          {footer ?? (
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                {text('ui.dialog.cancel')}
              </Button>
              <Button
                type="submit"
                variant={tone === 'destructive' ? 'destructive' : 'primary'}
                disabled={busy || submitDisabled}
              >
                {busy ? <Spinner size="sm" label={busyLabel ?? text('ui.dialog.saving')} /> : null}
                {submitLabel}
              </Button>
            </div>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}

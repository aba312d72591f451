import type { ReactNode } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonClass } from '@cropvest/ui/button-class';
import { Spinner } from '@cropvest/ui/spinner';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions (reject, delete) get the red button. */
  tone?: 'primary' | 'destructive';
  /** Runs on confirm; the dialog stays open, busy, until it settles (the caller closes it on success). */
  onConfirm: () => void | Promise<void>;
  busy?: boolean;
  /** Extra content (a reason field) between the text and the buttons. */
  children?: ReactNode;
}

/** Asks before an irreversible action (Radix AlertDialog: focus starts on Cancel, Escape cancels). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  onConfirm,
  busy = false,
  children,
}: ConfirmDialogProps) {
  const { text } = useUiMessages();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-scrim/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface-raised p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-ink-muted">{description}</div>
          </AlertDialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('outline')} disabled={busy}>
              {cancelLabel ?? text('ui.dialog.cancel')}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClass(tone === 'destructive' ? 'destructive' : 'primary')}
              disabled={busy}
              onClick={() => void onConfirm()}
            >
              {busy ? <Spinner size="sm" label={text('ui.dialog.working')} /> : null}
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

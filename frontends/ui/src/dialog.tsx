import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export interface DialogContentProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * A centred modal with a title, an optional description and a close button; focus is trapped inside.
 * It never grows past the viewport: a long form scrolls inside the dialog (the close button with it).
 */
export function DialogContent({ title, description, children, className }: DialogContentProps) {
  const { text } = useUiMessages();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-scrim/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-xl bg-surface-raised p-6 shadow-xl focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogPrimitive.Title className="pe-8 text-lg font-semibold text-ink">{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-ink-muted">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close className="absolute end-4 top-4 rounded-md p-1 text-ink-muted hover:bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus">
          <X className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">{text('ui.dialog.close')}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  className?: string;
}

/**
 * A panel that slides in from the side on small screens (the sidebars' mobile form): from the left, or from the
 * right when the page reads right to left, as the sidebar it stands for.
 */
export function Drawer({ open, onOpenChange, title, children, className }: DrawerProps) {
  const { text } = useUiMessages();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-scrim/50 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-xl focus:outline-none',
            'start-0 motion-safe:data-[state=open]:animate-[slide-in_200ms_ease-out]',
            'rtl:motion-safe:data-[state=open]:animate-[slide-in-rtl_200ms_ease-out]',
            className,
          )}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          {children}
          <DialogPrimitive.Close className="absolute end-3 top-3 rounded-md p-2 text-ink-muted hover:bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus">
            <X className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">{text('ui.drawer.close')}</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

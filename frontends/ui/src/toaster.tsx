// Shows the toast queue with Radix Toast. Loaded after first paint; toasts raised before it arrives wait in
// the queue (toast.ts) and show when it mounts.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';
import {
  currentToasts,
  dismissToast,
  subscribeToasts,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from '@cropvest/ui/toast';

const variantClass = {
  default: 'border-border bg-surface-raised text-ink',
  success: 'border-success-border bg-success-muted text-success-ink',
  destructive: 'border-danger bg-danger text-on-danger',
};

/** Mount once, at the root of the app. */
export function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const current = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const { text } = useUiMessages();
  const viewport = useRef<HTMLOListElement>(null);
  // Loaded because F8 was pressed: do what F8 does once mounted, focus the toast area.
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={text('ui.toast.region')}
    >
      {current.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => (open ? undefined : dismissToast(item.id))}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pe-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[state=closed]:hidden',
            variantClass[item.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close className="absolute end-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current">
            <X className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">{text('ui.toast.dismiss')}</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="fixed bottom-0 end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}

// The toast queue (the Toaster in toaster.tsx shows it). Toasts per the spec (section 9): one at a time, shown 5000 ms, swipe right past 50 px to dismiss, F8 moves
// focus to the toast area, and a dismissed toast is dropped from memory after 1,000,000 ms.

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_LIMIT = 1;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}
export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast, replacing the one on screen. Returns a function that dismisses it. */
export function toast(input: ToastInput): () => void {
  const id = nextId++;
  items = [{ ...input, id, open: true }, ...items.map((item) => ({ ...item, open: false }))].slice(
    0,
    TOAST_LIMIT + 1,
  );
  emit();
  return () => dismissToast(id);
}

export function dismissToast(id: number): void {
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS).unref?.();
}

export const subscribeToasts = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
export const currentToasts = (): ToastItem[] => items;

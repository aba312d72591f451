import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { buttonClass, type ButtonVariant } from './button-class.ts';
// By package name, not './toast.ts': a remote that bundles this button then shares the shell's one toast queue
// (Module Federation shares '@cropvest/ui/toast'; a relative import would be a second queue nobody shows).
import { toast, type ToastInput } from '@cropvest/ui/toast';

export interface CopyButtonProps {
  value: string;
  /** The button's accessible name ("Copy wallet address"). */
  label: string;
  /** The toast after copying (the spec's 'Copied!' with its description). */
  copied: ToastInput;
  variant?: ButtonVariant;
  showText?: boolean;
}

/** Copies a value to the clipboard, confirms with a toast and a tick for two seconds. */
export function CopyButton({ value, label, copied, variant = 'outline', showText = true }: CopyButtonProps) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ variant: 'success', ...copied });
      setDone(true);
      setTimeout(() => setDone(false), 2000);
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the text and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  const Icon = done ? Check : Copy;
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className={buttonClass(variant, showText ? 'md' : 'icon')}
      aria-label={showText ? undefined : label}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {showText ? (done ? 'Copied' : 'Copy') : null}
      {showText ? <span className="sr-only"> — {label}</span> : null}
    </button>
  );
}

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

/** A wallet address in full (a detail page has the room to show it whole), with its copy button. */
export function CopyableAddress({ address, label }: { address: string; label: string }) {
  return (
    <span className="flex items-center gap-1">
      <span className="min-w-0 break-all font-mono text-xs">{address}</span>
      <CopyButton
        value={address}
        label={label}
        copied={{ title: 'Copied!', description: 'Wallet address copied to clipboard' }}
        variant="ghost"
        showText={false}
      />
    </span>
  );
}

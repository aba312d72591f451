import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { buttonClass, type ButtonVariant } from '@cropvest/ui/button-class';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';
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
  const { text } = useUiMessages();
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ variant: 'success', ...copied });
      setDone(true);
      setTimeout(() => setDone(false), 2000);
    } catch {
      toast({
        title: text('ui.copy.failed.title'),
        description: text('ui.copy.failed.description'),
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
      {showText ? text(done ? 'ui.copy.done' : 'ui.copy.action') : null}
      {showText ? <span className="sr-only">{text('ui.copy.what', { label })}</span> : null}
    </button>
  );
}

/** A wallet address in full (a detail page has the room to show it whole), with its copy button. */
export function CopyableAddress({ address, label }: { address: string; label: string }) {
  const { text } = useUiMessages();
  return (
    <span className="flex items-center gap-1">
      <span className="min-w-0 break-all font-mono text-xs">{address}</span>
      <CopyButton
        value={address}
        label={label}
        copied={{ title: text('ui.copy.address.title'), description: text('ui.copy.address.description') }}
        variant="ghost"
        showText={false}
      />
    </span>
  );
}

import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn.ts';

/** A multi-line input styled like Input; use it inside Field for the label and error wiring. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return (
      <textarea
        ref={ref}
        className={cn(
          'flex min-h-28 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 disabled:cursor-not-allowed disabled:opacity-50',
          'aria-[invalid=true]:border-red-600',
          className,
        )}
        {...props}
      />
    );
  },
);

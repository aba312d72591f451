import type { FormEventHandler, ReactNode } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { Sprout } from 'lucide-react';
import { Button } from '@cropvest/ui/button';
import { PRODUCT_NAME } from '@cropvest/ui/brand';
import { Spinner } from '@cropvest/ui/spinner';
import { ShellLanguageSwitch, ShellThemeSwitch } from '../layouts/Preferences.tsx';
import { loadSchemas } from './load-schemas.ts';

/** The frame around the sign-in and registration forms, ending with a link to the other one. */
export function AuthFrame({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** A question and a link to the other form; none on a page that is a step of its own. */
  footer?: { question: string; to: string; link: string };
}) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-muted to-surface-muted">
      <header className="flex items-center justify-between gap-2 px-6 py-5">
        <Link to="/" className="inline-flex items-center gap-2 text-lg font-bold text-brand-ink">
          <Sprout aria-hidden="true" className="h-6 w-6" /> {PRODUCT_NAME}
        </Link>
        <div className="flex items-center gap-2">
          <ShellThemeSwitch />
          <ShellLanguageSwitch />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:items-center">
        <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-8 shadow-sm">
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          <p className="mt-1 text-sm text-ink-muted">{subtitle}</p>
          <div className="mt-6">{children}</div>
          {footer ? (
            <p className="mt-6 flex flex-wrap justify-center gap-x-1 text-sm text-ink-muted">
              {footer.question}
              <Link
                to={footer.to}
                className="font-semibold text-brand-ink underline-offset-4 hover:underline"
              >
                {footer.link}
              </Link>
            </p>
          ) : null}
        </div>
      </main>
    </div>
  );
}

/**
 * The form inside the frame, ending with its submit button (disabled, with a spinner, while the call runs).
 * The zod schemas judge the input, not the browser; they load on first focus.
 */
export function AuthForm({
  onSubmit,
  submit,
  error,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submit: { label: string; busy: boolean; busyLabel: string };
  /** Why the last attempt was refused, when the refusal needs more than a toast (a link to act on). */
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} onFocusCapture={() => void loadSchemas()} className="space-y-4">
      {error ? (
        <div
          role="alert"
          className="rounded-lg border border-danger-border bg-danger-muted p-3 text-sm text-danger-ink"
        >
          {error}
        </div>
      ) : null}
      {children}
      <Button type="submit" className="w-full" disabled={submit.busy}>
        {submit.busy ? <Spinner size="sm" label={submit.busyLabel} /> : null}
        {submit.label}
      </Button>
    </form>
  );
}

import type { FormEventHandler, ReactNode } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { Sprout } from 'lucide-react';
import { loadSchemas } from './lazy-resolver.ts';

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
  footer: { question: string; to: string; link: string };
}) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-emerald-50 to-slate-50">
      <header className="px-6 py-5">
        <Link to="/" className="inline-flex items-center gap-2 text-lg font-bold text-emerald-900">
          <Sprout aria-hidden="true" className="h-6 w-6" /> CropVest
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:items-center">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
          <div className="mt-6">{children}</div>
          <p className="mt-6 text-center text-sm text-slate-700">
            {footer.question}{' '}
            <Link
              to={footer.to}
              className="font-semibold text-emerald-800 underline-offset-4 hover:underline"
            >
              {footer.link}
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}

/** The form inside the frame: the zod schemas judge the input (not the browser), loaded on first focus. */
export function AuthForm({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} onFocusCapture={() => void loadSchemas()} className="space-y-4">
      {children}
    </form>
  );
}

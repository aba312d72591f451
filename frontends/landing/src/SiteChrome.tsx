// The public pages' top bar and footer. The footer's risk warning is always visible (ARCHITECTURE.md section 11).
import { Link } from '@cropvest/web-kit/router';
import { Sprout } from 'lucide-react';
import { buttonClass } from '@cropvest/ui/button-class';
import { ThemeSwitch } from '@cropvest/ui/theme-switch';
import { selectUser, useAppSelector } from '@cropvest/web-kit';

export function SiteHeader() {
  // Signed-in visitors of the public pages get a way back instead of Sign In / Get Started.
  const user = useAppSelector(selectUser);
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="inline-flex items-center gap-2 text-lg font-bold text-brand-ink">
          <Sprout aria-hidden="true" className="h-6 w-6" />
          {/* At phone width the mark alone, so the theme switch and both buttons fit on one line. */}
          <span className="sr-only sm:not-sr-only">CropVest</span>
        </Link>
        <ThemeSwitch className="ml-auto" />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          {user ? (
            <Link to="/" className={buttonClass('primary')}>
              Go to your dashboard
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonClass('ghost', 'md', 'whitespace-nowrap px-3')}>
                Sign In
              </Link>
              <Link to="/register" className={buttonClass('primary', 'md', 'whitespace-nowrap px-3')}>
                Get Started
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  const link = 'text-sm text-on-inverse-muted hover:text-on-inverse underline-offset-4 hover:underline';
  return (
    <footer className="bg-inverse text-on-inverse-muted">
      <div className="mx-auto max-w-7xl px-6 py-12 lg:px-8">
        <div className="flex flex-col gap-8 md:flex-row md:items-start md:justify-between">
          <div>
            <p className="inline-flex items-center gap-2 text-lg font-bold text-on-inverse">
              <Sprout aria-hidden="true" className="h-5 w-5" /> CropVest
            </p>
            <p className="mt-2 max-w-sm text-sm">Seasonal agricultural investment plans, funded in USDT.</p>
          </div>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <Link to="/privacy" className={link}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to="/terms" className={link}>
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link to="/support-info" className={link}>
                  Contact Support
                </Link>
              </li>
              <li>
                <Link to="/support-info#about" className={link}>
                  About Us
                </Link>
              </li>
              <li>
                <Link to="/proof-of-reserves" className={link}>
                  Proof of Reserves
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <p
          role="note"
          className="mt-10 rounded-lg border border-harvest/40 bg-harvest/10 p-4 text-sm text-on-inverse-muted"
          data-testid="risk-warning"
        >
          <strong className="font-semibold text-on-inverse">Risk warning:</strong> agricultural investments
          carry risk, including the loss of your capital. Harvests can fail and past performance does not
          guarantee future results. Projected returns are estimates, not guarantees.
        </p>
        <p className="mt-6 text-xs text-on-inverse-muted">
          © {new Date().getFullYear()} CropVest. All amounts are in USDT.
        </p>
      </div>
    </footer>
  );
}

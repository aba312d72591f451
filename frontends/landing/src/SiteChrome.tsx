// The public pages' top bar and footer. The footer's risk warning is always visible (ARCHITECTURE.md section 11).
import { Link } from '@cropvest/web-kit/router';
import { Sprout } from 'lucide-react';
import { buttonClass } from '@cropvest/ui/button-class';
import { PRODUCT_NAME } from '@cropvest/ui/brand';
import { ThemeSwitch } from '@cropvest/ui/theme-switch';
import { LanguageSwitch } from '@cropvest/ui/language-switch';
import { selectUser, useAppSelector } from '@cropvest/web-kit';
import { useLanguageChoice } from '@cropvest/ui/i18n';
import { useLandingMessages } from './messages/catalogue.ts';

export function SiteHeader() {
  // Signed-in visitors of the public pages get a way back instead of Sign In / Get Started.
  const user = useAppSelector(selectUser);
  const { text } = useLandingMessages();
  const languageChoice = useLanguageChoice();
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2 focus:shadow"
      >
        {text('landing.header.skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="inline-flex items-center gap-2 text-lg font-bold text-brand-ink">
          <Sprout aria-hidden="true" className="h-6 w-6" />
          {/* At phone width the mark alone, so the theme switch and both buttons fit on one line. */}
          <span className="sr-only sm:not-sr-only">{PRODUCT_NAME}</span>
        </Link>
        <ThemeSwitch
          className="ms-auto"
          labels={{
            theme: text('landing.header.theme'),
            system: text('landing.header.themeSystem'),
            light: text('landing.header.themeLight'),
            dark: text('landing.header.themeDark'),
          }}
        />
        <LanguageSwitch {...languageChoice} label={text('landing.header.language')} compact />
        <nav aria-label={text('landing.header.account')} className="flex items-center gap-1 sm:gap-2">
          {user ? (
            <Link to="/" className={buttonClass('primary')}>
              {text('landing.header.dashboard')}
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonClass('ghost', 'md', 'whitespace-nowrap px-3')}>
                {text('landing.header.signIn')}
              </Link>
              <Link to="/register" className={buttonClass('primary', 'md', 'whitespace-nowrap px-3')}>
                {text('landing.header.getStarted')}
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
  const { text, rich } = useLandingMessages();
  return (
    <footer className="bg-inverse text-on-inverse-muted">
      <div className="mx-auto max-w-7xl px-6 py-12 lg:px-8">
        <div className="flex flex-col gap-8 md:flex-row md:items-start md:justify-between">
          <div>
            <p className="inline-flex items-center gap-2 text-lg font-bold text-on-inverse">
              <Sprout aria-hidden="true" className="h-5 w-5" /> {PRODUCT_NAME}
            </p>
            <p className="mt-2 max-w-sm text-sm">{text('landing.footer.tagline')}</p>
          </div>
          <nav aria-label={text('landing.footer.navigation')}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <Link to="/privacy" className={link}>
                  {text('landing.footer.privacy')}
                </Link>
              </li>
              <li>
                <Link to="/terms" className={link}>
                  {text('landing.footer.terms')}
                </Link>
              </li>
              <li>
                <Link to="/support-info" className={link}>
                  {text('landing.footer.support')}
                </Link>
              </li>
              <li>
                <Link to="/support-info#about" className={link}>
                  {text('landing.footer.about')}
                </Link>
              </li>
              <li>
                <Link to="/proof-of-reserves" className={link}>
                  {text('landing.footer.reserves')}
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
          {rich('landing.footer.riskWarning', {
            strong: (chunks) => <strong className="font-semibold text-on-inverse">{chunks}</strong>,
          })}
        </p>
        <p className="mt-6 text-xs text-on-inverse-muted">
          {text('landing.footer.copyright', { year: String(new Date().getFullYear()) })}
        </p>
      </div>
    </footer>
  );
}

// The HTML served for / carries the landing page's first screen, rendered at build time (frontends/build.mjs
// writes it inside <div id="prerendered-landing">), so visitors see it before any script runs. It sits before
// the app's root element and goes as soon as the shell knows what it will show instead: the live landing
// page, which takes its place in the same frame, a signed-in visitor's screens, or another route.
// Plain DOM code with no shared modules, so the entry chunk can use it before Module Federation starts.
const PRERENDERED_LANDING_ID = 'prerendered-landing';

export const prerenderedLandingShown = (): boolean =>
  document.getElementById(PRERENDERED_LANDING_ID) !== null;

export function dropPrerenderedLanding(): void {
  document.getElementById(PRERENDERED_LANDING_ID)?.remove();
}

// The stored theme choice marks <html> before the first screen renders (decision 0110). Imported by path, not
// as '@cropvest/ui/theme-preference': a shared module is not available to the entry chunk before Module
// Federation starts, and this one is plain DOM code with no state of its own.
export { applyThemePreference, storedThemePreference } from '../../ui/src/theme-preference.ts';

// The same for the language (decision 0124): <html lang dir> are right before anything paints.
export { applyLocale, initialLocale } from '../../ui/src/locale.ts';

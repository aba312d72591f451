// Module Federation needs an async boundary before shared modules are used.
import {
  applyLocale,
  applyThemePreference,
  dropPrerenderedLanding,
  initialLocale,
  storedThemePreference,
} from './first-screen.ts';
import { loadExposed, signedInAreaOf } from './remote-registry.ts';
import { loadLoginPage, loadRegisterPage } from './auth/pages.ts';
// In the entry chunk, so the page links the stylesheet from its head and the prerendered first screen of
// the landing page is styled when it first paints.
import './styles.css';

applyThemePreference(storedThemePreference());
// The prerendered first screen is in English: a visitor who chose another language waits for the live one.
const locale = initialLocale();
applyLocale(locale);
if (locale !== 'en') dropPrerenderedLanding();

// What a signed-out visitor's first screen needs starts loading now, alongside the shell's own chunks,
// instead of after the shell has rendered (failures surface where the page is rendered, not here). Anyone
// who will not see the landing page loses its prerendered first screen at once.
const signedOut = !window.localStorage.getItem('accessToken');
const { pathname } = window.location;
if (signedOut && pathname === '/') void loadExposed('landing/Landing').catch(() => undefined);
else dropPrerenderedLanding();
if (signedOut && pathname === '/login') void loadLoginPage().catch(() => undefined);
// A signed-in address in an area: its route list starts loading now, alongside the shell's chunks and the
// session check, instead of after them (bootstrap then fetches the screen the address names).
const area = signedOut ? undefined : signedInAreaOf(pathname);
if (area) void loadExposed(area.routes).catch(() => undefined);
if (signedOut && pathname === '/register') void loadRegisterPage().catch(() => undefined);

void import('./bootstrap.tsx');

// Build-time only (frontends/build.mjs): the landing page's first screen as static HTML. The gateway serves it
// inside the shell's page for /, so visitors see the top bar and hero before the scripts arrive; the shell
// removes it as the live page takes its place (shell/src/first-screen.ts). It is what a signed-out visitor
// sees, in English; the shell removes it at once for anyone signed in or reading another language.
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createAppStore } from '@cropvest/web-kit';
import { LandingFrame } from './Landing.tsx';

export function renderFirstScreen(): string {
  return renderToStaticMarkup(
    <Provider store={createAppStore()}>
      <LandingFrame firstScreenOnly />
    </Provider>,
  );
}

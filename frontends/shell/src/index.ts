// Module Federation needs an async boundary before shared modules are used.
import { loadExposed } from './remote-registry.ts';

// A signed-out visitor on / will see the landing page: start loading it now, alongside the shell.
if (window.location.pathname === '/' && !window.localStorage.getItem('accessToken'))
  void loadExposed('landing/Landing').catch(() => undefined);

import('./bootstrap.tsx');

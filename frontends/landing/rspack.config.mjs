import path from 'node:path';
import { appConfig } from '../rspack.common.mjs';

export default appConfig({
  name: 'landing',
  title: 'CropVest landing (standalone)',
  dir: path.dirname(new URL(import.meta.url).pathname),
  port: 3001,
  exposes: { './Landing': './src/Landing.tsx', './PublicPage': './src/PublicPage.tsx' },
});

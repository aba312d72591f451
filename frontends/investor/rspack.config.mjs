import path from 'node:path';
import { appConfig } from '../rspack.common.mjs';

export default appConfig({
  name: 'investor',
  title: 'CropVest investor area (standalone)',
  dir: path.dirname(new URL(import.meta.url).pathname),
  port: 3002,
  exposes: { './routes': './src/routes.ts' },
});

import path from 'node:path';
import { appConfig } from '../rspack.common.mjs';

export default appConfig({
  name: 'admin',
  title: 'CropVest admin area (standalone)',
  dir: path.dirname(new URL(import.meta.url).pathname),
  port: 3003,
  exposes: {
    './routes': './src/routes.ts',
    './command-palette': './src/command-palette/AdminCommandPalette.tsx',
  },
});

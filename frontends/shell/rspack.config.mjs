import path from 'node:path';
import { appConfig } from '../rspack.common.mjs';

export default appConfig({
  name: 'shell',
  title: 'CropVest — crop-season investing in USDT',
  dir: path.dirname(new URL(import.meta.url).pathname),
  port: 3000,
  host: true,
});

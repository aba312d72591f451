// The "tracing" project: the same boot as test/global-setup.ts, with every process exporting its spans over
// OTLP/HTTP to a port the test listens on (test/observability/tracing.tracing.test.ts), flushed every 100 ms.
import { createServer } from 'node:net';
import globalSetup from './global-setup.ts';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export default async function tracingSetup(): Promise<void> {
  const port = await freePort();
  process.env.TEST_OTLP_PORT = String(port);
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
  await globalSetup();
}

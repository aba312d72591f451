import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__STACK__;
  if (!stack) return;
  try {
    process.kill(stack.pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      process.kill(stack.pid, 0);
    } catch {
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!process.env.KEEP_TEST_DATA) rmSync(stack.dataDir, { recursive: true, force: true });
}

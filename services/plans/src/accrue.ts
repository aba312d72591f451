// `npm run accrue -- --until YYYY-MM-DD`: accrue every complete day up to that day (yesterday at most) and
// harvest plans that are over, against the plans schema of DATABASE_URL. Idempotent: a second run changes
// nothing. Harvest events wait in the outbox until the plans service's relay sends them.
import { serviceEvents } from '@cropvest/service-kit/bus';
import { createDatabase } from '@cropvest/service-kit/db';
import { createLogger } from '@cropvest/service-kit/runtime';
import { isDay } from './domain/days.ts';
import { migrations } from './db/migrations/index.ts';
import { runAccrual } from './app/accrual.ts';

const args = process.argv.slice(2);
const untilIndex = args.indexOf('--until');
const until =
  untilIndex >= 0
    ? args[untilIndex + 1]
    : args.find((a) => a.startsWith('--until='))?.slice('--until='.length);
if (until !== undefined && !isDay(until)) {
  console.error('usage: npm run accrue -- [--until YYYY-MM-DD]');
  process.exit(2);
}
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is required (the plans service's database)");
  process.exit(2);
}
const db = createDatabase({
  url,
  schema: process.env.PLANS_SCHEMA ?? 'plans',
  migrations,
  poolMax: 2,
  applicationName: 'plans-accrue',
});
const logger = createLogger('plans-accrue', (process.env.LOG_LEVEL as 'info' | undefined) ?? 'info');
try {
  // Written as the plans service's events; its relay sends them (nothing here to wake).
  const events = serviceEvents('plans', () => undefined);
  const report = await runAccrual({ db, logger, events }, { until });
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await db.destroy();
}

// Background work of the service: the daily accrual on node-cron (and a catch-up at boot), and the sweeper
// that settles pending investments left by a crash or a lost answer.
import cron from 'node-cron';
import { serviceCounter, serviceHistogram } from '@cropvest/service-kit/runtime';
import { runAccrual } from './accrual.ts';
import { sweepPending } from './investments.ts';
import type { PlansContext } from './context.ts';

export function startJobs(ctx: PlansContext): { stop: () => Promise<void> } {
  const accrualDuration = serviceHistogram(
    ctx.metrics,
    'accrual_run_duration_seconds',
    'How long an accrual run took (every day it caught up, then the harvests)',
    [0.1, 0.5, 1, 5, 15, 60, 300, 900],
  );
  const accruedRows = serviceCounter(
    ctx.metrics,
    'accrual_rows_total',
    'Daily interest rows the accrual wrote',
  );
  const harvests = serviceCounter(
    ctx.metrics,
    'harvest_payouts_total',
    'Investments harvested (paid back with their interest)',
  );
  /** One accrual run, timed and counted. */
  const run = async () => {
    const started = performance.now();
    const report = await runAccrual(ctx);
    accrualDuration.observe((performance.now() - started) / 1000);
    accruedRows.inc(report.days.reduce((rows, day) => rows + day.rows, 0));
    harvests.inc(report.harvested);
  };
  let stopped = false;
  let accrual: Promise<unknown> = Promise.resolve();
  const accrue = (why: string) => {
    accrual = accrual
      .then(() => (stopped ? undefined : run()))
      .catch((error: unknown) =>
        ctx.logger.error({ err: error, why }, 'accrual run failed; the next run catches up'),
      );
    return accrual;
  };
  // Catch up every missed day at boot, then run daily at the configured time.
  void accrue('boot');
  const task = cron.schedule(ctx.config.ACCRUAL_CRON, () => void accrue('schedule'), {
    timezone: ctx.config.ACCRUAL_TIMEZONE,
    name: 'plans-accrual',
    noOverlap: true,
  });

  let sweeping: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = sweeping
      .then(() => (stopped ? undefined : sweepPending(ctx)))
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'sweeper pass failed; retrying'));
  }, ctx.config.SWEEP_INTERVAL_MS);
  timer.unref();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await task.stop();
      await Promise.allSettled([accrual, sweeping]);
    },
  };
}

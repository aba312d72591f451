// Sends queued mails after their transaction committed, several replicas side by side (SKIP LOCKED), and
// retries a failed one with a growing pause, up to MAX_ATTEMPTS. A sent mail keeps its row for the record,
// without the body.
//
// A broadcast or a harvest day queues thousands at once. Mails are claimed BATCH at a time and handed to the
// transport together: a send spends most of its time waiting (the file system, the SMTP server), so one at a
// time in its own transaction sent about 350 a second (docs/decisions/0134-harvest-day.md). Sending is at least once: a crash after a send and before
// its batch commits sends that batch's mails again, each with its own Message-ID (and, for the file transport,
// its own file), so the repeat is recognisably the same mail.
import { type Knex } from '@cropvest/service-kit/db';
import { serviceCounter, serviceGauge, type Logger, type Metrics } from '@cropvest/service-kit/runtime';
import type { MailRow } from '../db/mail.ts';
import type { MailTransport } from './transport.ts';

/** Mails claimed and sent together in one transaction: at most this many are sent again after a crash. */
const BATCH = 50;
const MAX_BACKOFF_SECONDS = 15 * 60;
/** After this many failed sends (about 80 minutes of retries) a mail stays unsent, with its last error, for an operator. */
const MAX_ATTEMPTS = 12;

export class MailRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  private readonly sent: ReturnType<typeof serviceCounter>;
  private readonly failed: ReturnType<typeof serviceCounter>;
  private readonly queued: ReturnType<typeof serviceGauge>;

  constructor(
    private readonly db: Knex,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly pollMs: number,
    metrics: Metrics,
  ) {
    this.sent = serviceCounter(metrics, 'mails_sent_total', 'Mails the relay handed to the mail server');
    this.failed = serviceCounter(
      metrics,
      'mails_failed_total',
      'Attempts to send a mail that failed (each is retried)',
    );
    this.queued = serviceGauge(
      metrics,
      'mails_queued',
      'Mails waiting to be sent (including those waiting for a retry)',
    );
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.pollMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.sendBatch())) {
        /* full batches: keep going */
      }
      const [waiting] = await this.db('mail_outbox')
        .whereNull('sent_at')
        .andWhere('attempts', '<', MAX_ATTEMPTS)
        .count<{ count: number }[]>({ count: '*' });
      this.queued.set(Number(waiting?.count ?? 0));
    } catch (error) {
      this.logger.warn({ err: error }, 'mail relay pass failed; will retry');
    }
  }

  /**
   * Claims up to BATCH due mails, sends them side by side and records each outcome, in one transaction: the
   * claim's row locks keep other replicas off them until then. Answers whether the batch was full (more may wait).
   */
  private sendBatch(): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const rows: MailRow[] = await trx('mail_outbox')
        .select('id', 'kind', 'user_id', 'to_address', 'subject', 'body', 'attempts', 'created_at')
        .whereNull('sent_at')
        .andWhere('attempts', '<', MAX_ATTEMPTS)
        .andWhere('next_attempt_at', '<=', trx.fn.now())
        // Due longest first, in the order of the index mail_outbox_due (a new mail is due when written).
        .orderBy(['next_attempt_at', 'created_at', 'id'])
        .limit(BATCH)
        .forUpdate()
        .skipLocked();
      const outcomes = await Promise.allSettled(
        rows.map((row) =>
          this.transport.send({
            id: row.id,
            to: row.to_address,
            subject: row.subject,
            text: row.body ?? '',
            createdAt: row.created_at,
          }),
        ),
      );
      const sent = rows.filter((_, index) => outcomes[index]?.status === 'fulfilled');
      if (sent.length > 0)
        await trx('mail_outbox')
          .whereIn(
            'id',
            sent.map((row) => row.id),
          )
          .update({ sent_at: trx.fn.now(), body: null, attempts: trx.raw('attempts + 1'), last_error: null });
      this.sent.inc(sent.length);
      for (const [index, outcome] of outcomes.entries())
        if (outcome.status === 'rejected')
          await this.recordFailure(trx, rows[index] as MailRow, outcome.reason);
      return rows.length === BATCH;
    });
  }

  /** A failed send: tried again after a pause that doubles with each attempt, up to MAX_BACKOFF_SECONDS. */
  private async recordFailure(trx: Knex.Transaction, row: MailRow, error: unknown): Promise<void> {
    this.failed.inc();
    const pause = Math.min(2 ** row.attempts * 5, MAX_BACKOFF_SECONDS);
    await trx('mail_outbox')
      .where({ id: row.id })
      .update({
        attempts: row.attempts + 1,
        last_error: error instanceof Error ? error.message : String(error),
        next_attempt_at: trx.raw(`now() + make_interval(secs => ?)`, [pause]),
      });
    this.logger.warn(
      { err: error, mailId: row.id, kind: row.kind, attempts: row.attempts + 1 },
      'sending a mail failed; will retry',
    );
  }
}

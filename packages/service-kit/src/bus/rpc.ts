// Request/reply on `cmd.<service>.<verb>` for calls that need an answer now (ARCHITECTURE.md section 6).
// Replies are `{ ok: true, result }` or `{ ok: false, error: { status, code, message } }`, so a refusal
// travels back as the same AppError the caller would have raised itself.
import {
  headers as natsHeaders,
  type NatsConnection,
  type Subscription as NatsSubscription,
} from '@nats-io/transport-node';
import type { Logger } from 'pino';
import type { z } from '@cropvest/contracts';
import { AppError, ServiceUnavailableError, errorBody } from '../errors.ts';
import { parseInput } from '../validate.ts';
import { extractedContext, injectTraceHeaders, inSpan, insideRecordingSpan, SpanKind } from '../tracing.ts';

type Reply<T> =
  { ok: true; result: T } | { ok: false; error: { status: number; code: string; message: string } };

export interface CommandHandler<S extends z.ZodType, R> {
  subject: string;
  schema: S;
  handle: (input: z.output<S>) => Promise<R>;
}

export function serveCommand<S extends z.ZodType, R>(
  nc: NatsConnection,
  logger: Logger,
  handler: CommandHandler<S, R>,
): NatsSubscription {
  // A queue group spreads commands over every replica of the service.
  return nc.subscribe(handler.subject, {
    queue: handler.subject,
    callback: (err, msg) => {
      if (err) {
        logger.error({ err, subject: handler.subject }, 'command subscription failed');
        return;
      }
      // The command runs in a span that continues the caller's trace (its `traceparent` header), so a purchase
      // is one trace across the plans service and the wallet's debit.
      const parent = extractedContext({ traceparent: msg.headers?.get('traceparent') || undefined });
      void inSpan(`serve ${handler.subject}`, { kind: SpanKind.SERVER, parent }, async () => {
        let reply: Reply<R>;
        try {
          // Parsed like an HTTP body (parseInput): a bad command answers 400 with the field's message.
          const input = parseInput(handler.schema, msg.json());
          reply = { ok: true, result: await handler.handle(input) };
        } catch (error) {
          const { status, body } = errorBody(error);
          if (status >= 500) logger.error({ err: error, subject: handler.subject }, 'command failed');
          reply = { ok: false, error: { status, code: body.code, message: body.message } };
        }
        msg.respond(JSON.stringify(reply));
      });
    },
  });
}

/** The active span's trace context as NATS headers; none when nothing is traced. */
function traceHeaders(): { headers?: ReturnType<typeof natsHeaders> } {
  if (!insideRecordingSpan()) return {};
  const carrier: Record<string, string> = {};
  injectTraceHeaders(carrier);
  const headers = natsHeaders();
  for (const [name, value] of Object.entries(carrier)) headers.set(name, value);
  return { headers };
}

export async function sendCommand<R>(
  nc: NatsConnection,
  subject: string,
  input: unknown,
  timeoutMs = 5000,
): Promise<R> {
  let reply: Reply<R>;
  try {
    const msg = await inSpan(`send ${subject}`, { kind: SpanKind.CLIENT }, () =>
      nc.request(subject, JSON.stringify(input), { timeout: timeoutMs, ...traceHeaders() }),
    );
    reply = msg.json<Reply<R>>();
  } catch (error) {
    throw new ServiceUnavailableError(
      `${subject} did not answer: ${error instanceof Error ? error.message : String(error)}`,
      'COMMAND_UNAVAILABLE',
    );
  }
  if (reply.ok) return reply.result;
  throw new AppError(reply.error.status, reply.error.code, reply.error.message);
}

// Identity helpers for integration tests: what a mailbox or a second browser would give a test.
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { eventually } from './api.ts';
import { natsOptions } from './connections.ts';

/** The reset token travels to the mail sender inside the event; read it from the stream as the mailer would. */
export async function readResetEvent(userId: string): Promise<{ resetToken: string }> {
  const nc = await connect(natsOptions());
  try {
    const consumer = await jetstream(nc).consumers.get('EVENTS', {
      filter_subjects: 'events.user.password_reset_requested',
    });
    return await eventually(
      async () => {
        const batch = await consumer.fetch({ max_messages: 200, expires: 1000 });
        for await (const message of batch) {
          const event = message.json<{ data: { userId: string; resetToken: string } }>();
          if (event.data.userId === userId) return event.data;
        }
        return undefined;
      },
      5000,
      'the password reset event',
    );
  } finally {
    await nc.drain();
  }
}

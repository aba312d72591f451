// Identity helpers for integration tests: what a mailbox or a second browser would give a test.
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { Secret, TOTP } from 'otpauth';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { eventually, registerInvestor, stackClient, type Session } from './api.ts';
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

const STEP_MS = 30_000;
/** The code of the step `steps` away from now (the server accepts one step of drift either way). */
export const codeAt = (secret: string, steps = 0): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });

export interface Enrolled extends Session {
  password: string;
  secret: string;
  recoveryCodes: string[];
}

/** A new investor with two-factor on; the confirming code was this step's, so the next one to use is `+1`. */
export async function enrolledInvestor(): Promise<Enrolled> {
  const user = await registerInvestor();
  const client = stackClient();
  const token = user.accessToken;
  const enrolment = await client.call(identityOperations.startTwoFactorEnrolment, { token });
  if (
    !enrolment.ok ||
    enrolment.status !== 200 ||
    !/^otpauth:\/\/totp\/CropVest:.+\?.*secret=/.test(enrolment.body.otpauthUri)
  )
    throw new Error(`enrolment failed: ${enrolment.status} ${JSON.stringify(enrolment.body)}`);
  const confirmed = await client.call(identityOperations.confirmTwoFactorEnrolment, {
    token,
    body: { code: codeAt(enrolment.body.secret) },
  });
  if (!confirmed.ok || confirmed.status !== 200)
    throw new Error(`enrolment not confirmed: ${confirmed.status}`);
  return { ...user, secret: enrolment.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

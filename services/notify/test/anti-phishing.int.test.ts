// The anti-phishing code (issue 26, docs/decisions/0098): set by its owner with the password, at the top of every
// mail to the account from then on, never in a mail to an address not yet proven the owner's.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorBody } from '@cropvest/contracts';
import { antiPhishingOperations } from '@cropvest/contracts/identity/anti-phishing-api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { succeeded } from '../../../test/support/answers.ts';
import { eventually, registerInvestor, stackClient, uniqueEmail } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { mailsTo, waitForMail } from '../../../test/support/mail.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();
const codeOf = (token: string) => client.ok(antiPhishingOperations.antiPhishingCode, { token });
const setCode = (token: string, body: OperationBody<typeof antiPhishingOperations.updateAntiPhishingCode>) =>
  client.call(antiPhishingOperations.updateAntiPhishingCode, { token, body });

describe('anti-phishing code', () => {
  it('is refused with a wrong password or a code out of its rules, and changes nothing', async () => {
    const investor = await registerInvestor();
    const set = (body: OperationBody<typeof antiPhishingOperations.updateAntiPhishingCode>) =>
      setCode(investor.accessToken, body);
    expect(await codeOf(investor.accessToken)).toEqual({ code: null, setAt: null });
    const wrong = await set({ code: 'Green tractor', currentPassword: 'not-the-password' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'WRONG_PASSWORD' } });
    for (const [code, message] of [
      ['abc', 'Anti-phishing code must be at least 4 characters'],
      ['x'.repeat(25), 'Anti-phishing code must be at most 24 characters'],
      ['<b>mine</b>', 'Use letters, digits, spaces and . _ - ! ? only'],
    ] as const) {
      const refused = await set({ code, currentPassword: investor.password });
      expect(refused.status).toBe(400);
      expect(ErrorBody.parse(refused.body).issues).toEqual([{ path: 'code', message }]);
    }
    expect(await codeOf(investor.accessToken)).toEqual({ code: null, setAt: null });
    expect((await client.call(antiPhishingOperations.antiPhishingCode)).status).toBe(401);
  });

  it('starts every mail to the account once set, is announced to its owner, and leaves mails again once removed', async () => {
    const investor = await registerInvestor();
    const email = investor.user.email;
    const saved = succeeded(
      await setCode(investor.accessToken, {
        code: '  Green   tractor 42 ',
        currentPassword: investor.password,
      }),
      200,
    );
    expect(saved).toMatchObject({ code: 'Green tractor 42' });
    expect(Number.isNaN(Date.parse(saved.setAt ?? ''))).toBe(false);
    expect(await codeOf(investor.accessToken)).toEqual(saved);

    // The notice of the change already carries the new code, on the first line; so does the in-app notice's mail.
    const notice = await waitForMail(email, /Anti-phishing code set/);
    expect(notice.body.split('\n')[0]).toBe('Your anti-phishing code: Green tractor 42');
    await eventually(async () => {
      const list = await client.ok(notificationOperations.myNotifications, { token: investor.accessToken });
      return list.some((n) => n.title === 'Anti-phishing code set');
    });

    // Any later mail to the account: a password change's notice.
    await client.call(identityOperations.changePassword, {
      token: investor.accessToken,
      body: { currentPassword: investor.password, newPassword: 'secret-pass-2' },
    });
    const changed = await waitForMail(email, /Your password was changed/);
    expect(changed.body.startsWith('Your anti-phishing code: Green tractor 42\n\nHello ')).toBe(true);

    // A link mailed to an address not yet proven the owner's never shows the code.
    const newEmail = uniqueEmail('phish-new');
    await client.call(identityOperations.requestEmailChange, {
      token: investor.accessToken,
      body: { newEmail, currentPassword: 'secret-pass-2' },
    });
    const link = await waitForMail(newEmail, /Confirm your new/);
    expect(link.body).not.toContain('Green tractor 42');

    const removed = await setCode(investor.accessToken, { code: null, currentPassword: 'secret-pass-2' });
    expect(removed.body).toEqual({ code: null, setAt: null });
    const gone = await waitForMail(email, /Anti-phishing code removed/);
    expect(gone.body).not.toContain('anti-phishing code: ');
    expect(gone.body.startsWith('Hello ')).toBe(true);
    // Nothing else: the same code again changes nothing and sends nothing.
    expect(mailsTo(email).filter((m) => /Anti-phishing code/.test(m.subject))).toHaveLength(2);
  });
});

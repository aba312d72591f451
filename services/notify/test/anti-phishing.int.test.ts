// The anti-phishing code (issue 26, docs/decisions/0098): set by its owner with the password, at the top of every
// mail to the account from then on, never in a mail to an address not yet proven the owner's.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { api, eventually, registerInvestor, uniqueEmail } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { mailsTo, waitForMail } from '../../../test/support/mail.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const CODE_PATH = '/api/auth/anti-phishing-code';

describe('anti-phishing code', () => {
  it('is refused with a wrong password or a code out of its rules, and changes nothing', async () => {
    const investor = await registerInvestor();
    const set = (body: unknown) => api('PUT', CODE_PATH, investor.accessToken, body);
    expect((await api('GET', CODE_PATH, investor.accessToken)).body).toEqual({ code: null, setAt: null });
    const wrong = await set({ code: 'Green tractor', currentPassword: 'not-the-password' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'WRONG_PASSWORD' } });
    for (const [code, message] of [
      ['abc', 'Anti-phishing code must be at least 4 characters'],
      ['x'.repeat(25), 'Anti-phishing code must be at most 24 characters'],
      ['<b>mine</b>', 'Use letters, digits, spaces and . _ - ! ? only'],
    ] as const) {
      const refused = await set({ code, currentPassword: investor.password });
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([{ path: 'code', message }]);
    }
    expect((await api('GET', CODE_PATH, investor.accessToken)).body).toEqual({ code: null, setAt: null });
    expect((await api('GET', CODE_PATH)).status).toBe(401);
  });

  it('starts every mail to the account once set, is announced to its owner, and leaves mails again once removed', async () => {
    const investor = await registerInvestor();
    const email = investor.user.email;
    const saved = await api('PUT', CODE_PATH, investor.accessToken, {
      code: '  Green   tractor 42 ',
      currentPassword: investor.password,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 'Green tractor 42' });
    expect(Number.isNaN(Date.parse(saved.body.setAt))).toBe(false);
    expect((await api('GET', CODE_PATH, investor.accessToken)).body).toEqual(saved.body);

    // The notice of the change already carries the new code, on the first line; so does the in-app notice's mail.
    const notice = await waitForMail(email, /Anti-phishing code set/);
    expect(notice.body.split('\n')[0]).toBe('Your anti-phishing code: Green tractor 42');
    await eventually(async () => {
      const list = await api('GET', '/api/notifications', investor.accessToken);
      return (list.body as { title: string }[]).some((n) => n.title === 'Anti-phishing code set');
    });

    // Any later mail to the account: a password change's notice.
    await api('POST', '/api/auth/change-password', investor.accessToken, {
      currentPassword: investor.password,
      newPassword: 'secret-pass-2',
    });
    const changed = await waitForMail(email, /Your password was changed/);
    expect(changed.body.startsWith('Your anti-phishing code: Green tractor 42\n\nHello ')).toBe(true);

    // A link mailed to an address not yet proven the owner's never shows the code.
    const newEmail = uniqueEmail('phish-new');
    await api('POST', '/api/auth/email-change', investor.accessToken, {
      newEmail,
      currentPassword: 'secret-pass-2',
    });
    const link = await waitForMail(newEmail, /Confirm your new/);
    expect(link.body).not.toContain('Green tractor 42');

    const removed = await api('PUT', CODE_PATH, investor.accessToken, {
      code: null,
      currentPassword: 'secret-pass-2',
    });
    expect(removed.body).toEqual({ code: null, setAt: null });
    const gone = await waitForMail(email, /Anti-phishing code removed/);
    expect(gone.body).not.toContain('anti-phishing code: ');
    expect(gone.body.startsWith('Hello ')).toBe(true);
    // Nothing else: the same code again changes nothing and sends nothing.
    expect(mailsTo(email).filter((m) => /Anti-phishing code/.test(m.subject))).toHaveLength(2);
  });
});

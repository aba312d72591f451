// A mail the relay sends again after a crash (written, but not yet recorded as sent) must not become a second
// mail: the file transport names each file by the mail's queue time and id, so the repeat replaces the first.
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMailTransport } from '../src/mail/transport.ts';

describe('file mail transport', () => {
  it('writes one file per mail, however often the same mail is sent', async () => {
    const mailDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-mail-'));
    try {
      const transport = createMailTransport({ mailDir, from: 'CropVest <no-reply@cropvest.example>' });
      const mail = {
        id: '0f3c2a8e-5b1d-4c6e-9a7f-2d4b6c8e0a1b',
        to: 'ada@example.com',
        subject: 'Harvest paid',
        text: 'Your harvest was paid.',
        createdAt: new Date('2027-03-01T10:00:00.123Z'),
      };
      await transport.send(mail);
      await transport.send(mail);
      await transport.send({ ...mail, id: '1f3c2a8e-5b1d-4c6e-9a7f-2d4b6c8e0a1b', subject: 'Another' });
      const files = readdirSync(mailDir).sort();
      expect(files).toEqual([
        `2027-03-01T10-00-00-123Z-${mail.id}.eml`,
        '2027-03-01T10-00-00-123Z-1f3c2a8e-5b1d-4c6e-9a7f-2d4b6c8e0a1b.eml',
      ]);
      expect(readFileSync(path.join(mailDir, files[0] as string), 'utf8')).toContain(
        `Message-ID: <${mail.id}@cropvest>`,
      );
      transport.close();
    } finally {
      rmSync(mailDir, { recursive: true, force: true });
    }
  });
});

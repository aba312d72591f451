import { describe, expect, it } from '@jest/globals';
import { decodeProtectedHeader, SignJWT } from 'jose';
import {
  DOCUMENT_TYPES,
  issueUploadTicket,
  parseObjectPath,
  signUploadToken,
  sniffContentType,
  uploadedObject,
  verifyUploadToken,
  type UploadClaims,
  type UploadRule,
} from '../src/uploads.ts';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const FOREIGN_SECRET = 'another-secret-another-secret-another';
const RULE: UploadRule = { bucket: 'deposit-proofs', maxBytes: 5 * 1024 * 1024, types: DOCUMENT_TYPES };
const claims: UploadClaims = {
  bucket: 'deposit-proofs',
  key: 'u/k',
  userId: 'u',
  maxBytes: 100,
  types: ['image/png'],
  exp: Math.floor(Date.now() / 1000) + 60,
};

describe('upload tokens', () => {
  it('round-trips its claims as a compact HS256 JWT', async () => {
    const token = await signUploadToken(SECRET, claims);
    expect(token.split('.')).toHaveLength(3);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256' });
    expect(await verifyUploadToken(SECRET, token)).toEqual(claims);
  });

  it('refuses an expired token, but can read one for attaching after the PUT', async () => {
    const token = await signUploadToken(SECRET, { ...claims, exp: Math.floor(Date.now() / 1000) - 1 });
    await expect(verifyUploadToken(SECRET, token)).rejects.toMatchObject({
      status: 403,
      code: 'UPLOAD_TOKEN_EXPIRED',
      message: 'This upload link has expired; ask for a new one',
    });
    expect((await verifyUploadToken(SECRET, token, { ignoreExpiry: true })).key).toBe('u/k');
    await expect(
      verifyUploadToken(SECRET, await signUploadToken(SECRET, claims), {
        now: new Date(Date.now() + 61_000),
      }),
    ).rejects.toThrow('expired');
    // An expired token of another secret is not readable, even for attaching.
    const foreignExpired = await signUploadToken(FOREIGN_SECRET, { ...claims, exp: 1 });
    await expect(verifyUploadToken(SECRET, foreignExpired, { ignoreExpiry: true })).rejects.toMatchObject({
      code: 'UPLOAD_TOKEN_INVALID',
    });
  });

  it('refuses a tampered payload, a tampered signature, another secret, another algorithm and garbage', async () => {
    const token = await signUploadToken(SECRET, claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const bigger = Buffer.from(JSON.stringify({ ...claims, maxBytes: 10 ** 9 })).toString('base64url');
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    for (const bad of [
      `${header}.${bigger}.${signature}`,
      `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      `${unsigned}.${payload}.`,
      await signUploadToken(FOREIGN_SECRET, claims),
      await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS512' })
        .sign(new TextEncoder().encode(SECRET)),
      'x.y',
      '',
    ]) {
      await expect(verifyUploadToken(SECRET, bad)).rejects.toMatchObject({
        status: 403,
        code: 'UPLOAD_TOKEN_INVALID',
        message: 'This upload link is not valid',
      });
    }
  });

  it('refuses a token of this secret whose claims are not an upload', async () => {
    const other = await new SignJWT({ sub: 'u' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyUploadToken(SECRET, other)).rejects.toMatchObject({ code: 'UPLOAD_TOKEN_INVALID' });
  });

  it('issues a ticket whose object path names the bucket and the owner', async () => {
    const ticket = await issueUploadTicket({
      secret: SECRET,
      rule: RULE,
      requester: { userId: '0e305a90-3f6c-4ea9-9438-c44e61ac1e6a', role: 'investor' },
      ttlSeconds: 60,
    });
    expect(ticket.uploadURL).toMatch(/^\/api\/uploads\/deposit-proofs\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(parseObjectPath(ticket.objectPath)).toMatchObject({
      bucket: 'deposit-proofs',
      ownerId: '0e305a90-3f6c-4ea9-9438-c44e61ac1e6a',
    });
    expect(parseObjectPath('/objects/deposit-proofs/../../etc/passwd')).toBeNull();
    expect(parseObjectPath('uploaded/photo.png')).toBeNull();
  });

  it("refuses an admin-only rule's ticket to an investor, and gives it to an admin", async () => {
    const rule: UploadRule = { ...RULE, bucket: 'plan-images', adminOnly: true };
    const userId = '0e305a90-3f6c-4ea9-9438-c44e61ac1e6a';
    await expect(
      issueUploadTicket({ secret: SECRET, rule, requester: { userId, role: 'investor' }, ttlSeconds: 60 }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'ADMIN_ONLY_UPLOAD',
      message: 'Only admins can upload plan images',
    });
    const ticket = await issueUploadTicket({
      secret: SECRET,
      rule,
      requester: { userId, role: 'admin' },
      ttlSeconds: 60,
    });
    expect(ticket.uploadURL).toMatch(/^\/api\/uploads\/plan-images\//);
  });
});

describe('references to an upload', () => {
  const owner = '0e305a90-3f6c-4ea9-9438-c44e61ac1e6a';
  // Already expired: forms are often submitted after the link has run out.
  const ticket = () =>
    issueUploadTicket({
      secret: SECRET,
      rule: RULE,
      requester: { userId: owner, role: 'investor' },
      ttlSeconds: -60,
    });

  it('reads the objectPath, and the uploadURL whether relative or absolute', async () => {
    const t = await ticket();
    const object = { kind: 'object', path: t.objectPath, bucket: 'deposit-proofs', ownerId: owner };
    expect(await uploadedObject(SECRET, t.objectPath)).toMatchObject(object);
    expect(await uploadedObject(SECRET, t.uploadURL)).toMatchObject(object);
    expect(await uploadedObject(SECRET, `https://cropvest.example${t.uploadURL}`)).toMatchObject(object);
  });

  it('tells an upload address signed elsewhere from something that is no reference at all', async () => {
    const t = await ticket();
    const foreign = t.uploadURL.replace(/[^/]+$/, await signUploadToken(FOREIGN_SECRET, claims));
    expect(await uploadedObject(SECRET, foreign)).toEqual({ kind: 'unsigned-address' });
    for (const other of ['uploaded/photo.png', '/objects/deposit-proofs/../../etc/passwd', ''])
      expect(await uploadedObject(SECRET, other)).toEqual({ kind: 'unknown' });
  });
});

describe('content sniffing', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'image/gif'],
    [[0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50], 'image/webp'],
    [[0x25, 0x50, 0x44, 0x46, 0x2d, 0x31], 'application/pdf'],
    [[...Buffer.from('<svg xmlns=')], null],
    [[...Buffer.from('GIF8')], null],
    [[], null],
  ])('reads %j as %s', (bytes, type) => {
    expect(sniffContentType(Buffer.from(bytes))).toBe(type);
  });
});

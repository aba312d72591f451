import { describe, expect, it } from '@jest/globals';
import {
  issueUploadTicket,
  parseObjectPath,
  signUploadToken,
  sniffContentType,
  UPLOAD_PURPOSES,
  uploadedObject,
  verifyUploadToken,
  type UploadClaims,
} from '../src/uploads.ts';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const claims: UploadClaims = {
  bucket: 'deposit-proofs',
  key: 'u/k',
  userId: 'u',
  maxBytes: 100,
  types: ['image/png'],
  exp: Math.floor(Date.now() / 1000) + 60,
};

describe('upload tokens', () => {
  it('round-trips its claims', () => {
    expect(verifyUploadToken(SECRET, signUploadToken(SECRET, claims))).toEqual(claims);
  });

  it('refuses an expired token, but can read one for attaching after the PUT', () => {
    const token = signUploadToken(SECRET, { ...claims, exp: Math.floor(Date.now() / 1000) - 1 });
    expect(() => verifyUploadToken(SECRET, token)).toThrow('This upload link has expired; ask for a new one');
    expect(verifyUploadToken(SECRET, token, { ignoreExpiry: true }).key).toBe('u/k');
    expect(() =>
      verifyUploadToken(SECRET, signUploadToken(SECRET, claims), { now: new Date(Date.now() + 61_000) }),
    ).toThrow('expired');
  });

  it('refuses a tampered payload, a tampered signature, another secret and garbage', () => {
    const token = signUploadToken(SECRET, claims);
    const [payload, signature] = token.split('.') as [string, string];
    const bigger = Buffer.from(JSON.stringify({ ...claims, maxBytes: 10 ** 9 })).toString('base64url');
    for (const bad of [
      `${bigger}.${signature}`,
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      // Same bytes, other spelling: the last character's two unused bits set.
      `${payload}.${signature.slice(0, -1)}${String.fromCharCode(signature.charCodeAt(42) + 1)}`,
      signUploadToken('another-secret-another-secret-another', claims),
      'x.y',
      '',
    ]) {
      expect(() => verifyUploadToken(SECRET, bad)).toThrow('This upload link is not valid');
    }
  });

  it('issues a ticket whose object path names the bucket and the owner', () => {
    const ticket = issueUploadTicket({
      secret: SECRET,
      rule: UPLOAD_PURPOSES['deposit-proof'],
      userId: '0e305a90-3f6c-4ea9-9438-c44e61ac1e6a',
      ttlSeconds: 60,
    });
    expect(ticket.uploadURL).toMatch(/^\/api\/uploads\/deposit-proofs\/[\w-]+\.[\w-]+$/);
    expect(parseObjectPath(ticket.objectPath)).toMatchObject({
      bucket: 'deposit-proofs',
      ownerId: '0e305a90-3f6c-4ea9-9438-c44e61ac1e6a',
    });
    expect(parseObjectPath('/objects/deposit-proofs/../../etc/passwd')).toBeNull();
    expect(parseObjectPath('uploaded/photo.png')).toBeNull();
  });
});

describe('references to an upload', () => {
  const owner = '0e305a90-3f6c-4ea9-9438-c44e61ac1e6a';
  const ticket = issueUploadTicket({
    secret: SECRET,
    rule: UPLOAD_PURPOSES['deposit-proof'],
    userId: owner,
    ttlSeconds: -60, // already expired: forms are often submitted after the link has run out
  });
  const object = { kind: 'object', path: ticket.objectPath, bucket: 'deposit-proofs', ownerId: owner };

  it('reads the objectPath, and the uploadURL whether relative or absolute', () => {
    expect(uploadedObject(SECRET, ticket.objectPath)).toMatchObject(object);
    expect(uploadedObject(SECRET, ticket.uploadURL)).toMatchObject(object);
    expect(uploadedObject(SECRET, `https://cropvest.example${ticket.uploadURL}`)).toMatchObject(object);
  });

  it('tells an upload address signed elsewhere from something that is no reference at all', () => {
    const foreign = ticket.uploadURL.replace(
      /[^/]+$/,
      signUploadToken('another-secret-another-secret-another', claims),
    );
    expect(uploadedObject(SECRET, foreign)).toEqual({ kind: 'unsigned-address' });
    for (const other of ['uploaded/photo.png', '/objects/deposit-proofs/../../etc/passwd', ''])
      expect(uploadedObject(SECRET, other)).toEqual({ kind: 'unknown' });
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

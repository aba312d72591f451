import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { signUploadToken } from '@cropvest/service-kit/uploads';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, registerInvestor, stackClient, type Session } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { PNG, putStreaming, putUpload, requestUpload } from '../../../test/support/uploads.ts';
import { TEST_UPLOAD_TOKEN_SECRETS } from '../../../scripts/stack/services.ts';
import { succeeded } from '../../../test/support/answers.ts';

// The integration project's testTimeout is not applied per project by jest 30; the machine is shared.
jest.setTimeout(60_000);
afterAll(closeConnections);

const MB = 1024 * 1024;
const client = stackClient();
/** A deposit of 5 (or `amount`) with the uploaded proof at `screenshotUrl`. */
const depositWith = (session: Session, screenshotUrl: string, amount = '5') =>
  client.call(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount, screenshotUrl },
  });

describe('uploads and deposit proofs', () => {
  it('uploads a proof, attaches it to a deposit, and shows it only to its owner and admins through short-lived links', async () => {
    const owner = await registerInvestor();
    const other = await registerInvestor();
    const t = await requestUpload(owner.accessToken);
    expect(t.uploadURL).toMatch(/^\/api\/uploads\/deposit-proofs\//);
    expect(t.maxBytes).toBe(5 * MB);
    const uploaded = await putUpload(t.uploadURL, PNG, 'application/octet-stream');
    expect(uploaded).toMatchObject({
      status: 200,
      body: { objectPath: t.objectPath, contentType: 'image/png', size: PNG.length },
    });
    // One ticket, one file.
    expect((await putUpload(t.uploadURL, PNG)).status).toBe(409);

    // Another investor cannot attach someone else's proof.
    expect((await depositWith(other, t.objectPath)).body).toMatchObject({ code: 'INVALID_PROOF' });
    const deposit = succeeded(await depositWith(owner, t.objectPath), 201);
    expect(deposit.screenshotUrl).toBe(t.objectPath);
    expect((await depositWith(owner, t.objectPath, '6')).body).toMatchObject({ code: 'PROOF_ALREADY_USED' });

    const proofFor = (token: string) =>
      client.call(walletOperations.depositProof, { token, path: { id: deposit.id } });
    const link = succeeded(await proofFor(owner.accessToken));
    const image = await fetch(link.url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    // A tampered link is refused by the store itself.
    expect(
      (
        await fetch(
          link.url.replace(
            /X-Amz-Signature=([0-9a-f])/,
            (_m: string, c: string) => `X-Amz-Signature=${c === 'a' ? 'b' : 'a'}`,
          ),
        )
      ).status,
    ).toBe(403);

    expect((await proofFor((await adminSession()).accessToken)).status).toBe(200);
    expect((await proofFor(other.accessToken)).status).toBe(404);
  });

  it('refuses a file over the size cap, before and while streaming', async () => {
    const investor = await registerInvestor();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * MB)]);
    const declared = await putStreaming((await requestUpload(investor.accessToken)).uploadURL, [big], {
      'content-length': String(big.length),
    });
    expect(declared).toMatchObject({
      status: 413,
      body: { code: 'FILE_TOO_LARGE', message: 'File is too large: at most 5 MB' },
    });
    // Without a declared length (chunked), the body is cut at the first byte over the cap.
    const t = await requestUpload(investor.accessToken);
    const chunked = await putStreaming(
      t.uploadURL,
      [PNG, ...Array.from({ length: 6 }, () => Buffer.alloc(MB, 1))],
      { 'transfer-encoding': 'chunked' },
    );
    expect(chunked).toMatchObject({ status: 413, body: { code: 'FILE_TOO_LARGE' } });
    expect((await depositWith(investor, t.objectPath)).body).toMatchObject({ code: 'PROOF_MISSING' });
    // Exactly the cap is fine.
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * MB - PNG.length)]);
    expect(
      (
        await putStreaming((await requestUpload(investor.accessToken)).uploadURL, [exact], {
          'content-length': String(exact.length),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a file whose content is not an image or PDF, whatever its name or declared type', async () => {
    const investor = await registerInvestor();
    const t = await requestUpload(investor.accessToken);
    const result = await putUpload(
      `${t.uploadURL}?name=photo.png`,
      '<html><script>alert(1)</script></html>',
      'image/png',
    );
    expect(result.status).toBe(415);
    expect(result.body).toMatchObject({
      message: expect.stringContaining('the content is checked, not the name'),
    });
    const empty = await putUpload((await requestUpload(investor.accessToken)).uploadURL, Buffer.alloc(0));
    expect(empty.status).toBe(400);
  });

  it('refuses an expired, tampered or foreign token', async () => {
    const investor = await registerInvestor();
    const t = await requestUpload(investor.accessToken);
    const token = t.uploadURL.split('/').pop() as string;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());

    const expired = await signUploadToken(TEST_UPLOAD_TOKEN_SECRETS.wallet, {
      ...claims,
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    expect(await putUpload(`/api/uploads/deposit-proofs/${expired}`, PNG)).toMatchObject({
      status: 403,
      body: { code: 'UPLOAD_TOKEN_EXPIRED' },
    });

    const biggerCap = Buffer.from(JSON.stringify({ ...claims, maxBytes: 100 * MB })).toString('base64url');
    expect(
      await putUpload(`/api/uploads/deposit-proofs/${header}.${biggerCap}.${signature}`, PNG),
    ).toMatchObject({
      status: 403,
      body: { code: 'UPLOAD_TOKEN_INVALID' },
    });
    const flipped = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await putUpload(`/api/uploads/deposit-proofs/${flipped}`, PNG)).toMatchObject({
      status: 403,
      body: { code: 'UPLOAD_TOKEN_INVALID' },
    });
    const forged = await signUploadToken('another-secret-another-secret-another-secret', claims);
    expect(await putUpload(`/api/uploads/deposit-proofs/${forged}`, PNG)).toMatchObject({
      status: 403,
      body: { code: 'UPLOAD_TOKEN_INVALID' },
    });
    // Signed by the wallet, but for another bucket: this address only stores deposit proofs.
    const otherBucket = await signUploadToken(TEST_UPLOAD_TOKEN_SECRETS.wallet, {
      ...claims,
      bucket: 'plan-images',
    });
    expect(await putUpload(`/api/uploads/deposit-proofs/${otherBucket}`, PNG)).toMatchObject({
      status: 403,
      body: { code: 'UPLOAD_TOKEN_INVALID' },
    });
    expect((await putUpload('/api/uploads/deposit-proofs/not-a-token', PNG)).status).toBe(403);
    // The original still works: nothing above touched its object.
    expect((await putUpload(t.uploadURL, PNG)).status).toBe(200);
  });

  it('gives plan-image tickets to admins only', async () => {
    const investor = await registerInvestor();
    const ticket = await client.call(walletOperations.uploadTicket, {
      token: investor.accessToken,
      body: { purpose: 'plan-image' },
    });
    expect(ticket.status).toBe(403);
    const adminTicket = await requestUpload((await adminSession()).accessToken);
    expect(adminTicket.uploadURL).toMatch(/^\/api\/uploads\/plan-images\//);
    // Raw: a purpose the contract has no word for, to see it refused.
    const { method, path } = walletOperations.uploadTicket;
    const unknownPurpose = await client.raw(method.toUpperCase(), path, {
      token: investor.accessToken,
      body: { purpose: 'selfie' },
    });
    expect(unknownPurpose.status).toBe(400);
  });
});

import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { signUploadToken } from '@cropvest/service-kit/uploads';
import { adminSession, api, registerInvestor } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { PNG, putStreaming, putUpload, requestUpload } from '../../../test/support/uploads.ts';
import { TEST_UPLOAD_TOKEN_SECRETS } from '../../../scripts/stack/services.ts';

// The integration project's testTimeout is not applied per project by jest 30; the machine is shared.
jest.setTimeout(60_000);
afterAll(closeConnections);

const MB = 1024 * 1024;

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
    expect(
      (await api('POST', '/api/deposits', other.accessToken, { amount: '5', screenshotUrl: t.objectPath }))
        .body.code,
    ).toBe('INVALID_PROOF');
    const deposit = await api('POST', '/api/deposits', owner.accessToken, {
      amount: '5',
      screenshotUrl: t.objectPath,
    });
    expect(deposit.status).toBe(201);
    expect(deposit.body.screenshotUrl).toBe(t.objectPath);
    expect(
      (await api('POST', '/api/deposits', owner.accessToken, { amount: '6', screenshotUrl: t.objectPath }))
        .body.code,
    ).toBe('PROOF_ALREADY_USED');

    const link = await api('GET', `/api/deposits/${deposit.body.id}/proof`, owner.accessToken);
    expect(link.status).toBe(200);
    const image = await fetch(link.body.url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    // A tampered link is refused by the store itself.
    expect(
      (
        await fetch(
          link.body.url.replace(
            /X-Amz-Signature=([0-9a-f])/,
            (_m: string, c: string) => `X-Amz-Signature=${c === 'a' ? 'b' : 'a'}`,
          ),
        )
      ).status,
    ).toBe(403);

    const adminLink = await api(
      'GET',
      `/api/deposits/${deposit.body.id}/proof`,
      (await adminSession()).accessToken,
    );
    expect(adminLink.status).toBe(200);
    expect((await api('GET', `/api/deposits/${deposit.body.id}/proof`, other.accessToken)).status).toBe(404);
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
    const attach = await api('POST', '/api/deposits', investor.accessToken, {
      amount: '5',
      screenshotUrl: t.objectPath,
    });
    expect(attach.body.code).toBe('PROOF_MISSING');
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
    expect(result.body.message).toContain('the content is checked, not the name');
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
    expect(
      (await api('POST', '/api/objects/upload', investor.accessToken, { purpose: 'plan-image' })).status,
    ).toBe(403);
    const adminTicket = await requestUpload((await adminSession()).accessToken);
    expect(adminTicket.uploadURL).toMatch(/^\/api\/uploads\/plan-images\//);
    expect(
      (await api('POST', '/api/objects/upload', investor.accessToken, { purpose: 'selfie' })).status,
    ).toBe(400);
  });
});

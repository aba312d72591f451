import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, freshIp, registerInvestor, stack, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { PNG, putStreaming, putUpload, requestUpload } from '../../../test/support/uploads.ts';
import { signUploadToken, verifyUploadToken } from '@cropvest/service-kit/uploads';
import { TEST_UPLOAD_TOKEN_SECRETS } from '../../../scripts/stack/services.ts';
import { createPlan } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();

/** The admin attaches an upload (its uploadURL or objectPath) as a plan image. */
const attach = async (imageURL: string) =>
  client.call(plansOperations.planImageUploadTicket, {
    token: (await adminSession()).accessToken,
    body: { imageURL },
  });

async function ticket() {
  const t = await requestUpload((await adminSession()).accessToken);
  expect(t.uploadURL).toMatch(/^\/api\/uploads\/plan-images\//);
  return t;
}

describe('plan images', () => {
  it('uploads an image, turns it into a public address with caching headers, and puts it on a plan', async () => {
    const t = await ticket();
    const uploaded = await putUpload(t.uploadURL, PNG, 'application/octet-stream');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({
      objectPath: t.objectPath,
      size: PNG.length,
      contentType: 'image/png',
    });

    const answer = await attach(t.uploadURL);
    expect(answer.status).toBe(200);
    const attached = succeeded(answer);
    expect(attached.objectPath).toMatch(/^\/api\/plan-images\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    // The objectPath of the upload names the same image.
    expect((await attach(t.objectPath)).body).toEqual(attached);

    const image = await fetch(`${stack().gatewayUrl}${attached.objectPath}`, {
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = image.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const again = await fetch(`${stack().gatewayUrl}${attached.objectPath}`, {
      headers: { 'if-none-match': etag, 'x-forwarded-for': freshIp() },
    });
    expect(again.status).toBe(304);

    const plan = await createPlan({ imageUrl: t.objectPath });
    expect(plan.imageUrl).toBe(attached.objectPath);
    const listed = await client.ok(plansOperations.plans, { query: { active: 'true' } });
    expect(listed.find((p) => p.id === plan.id)?.imageUrl).toBe(attached.objectPath);
  });

  it('refuses files that are not images by their content, and files over 5 MB (5242880 bytes)', async () => {
    const pdf = await putUpload(
      (await ticket()).uploadURL,
      Buffer.from('%PDF-1.7\n' + 'x'.repeat(100)),
      'image/png',
    );
    expect(pdf.status).toBe(415);
    const text = await putUpload(
      (await ticket()).uploadURL,
      Buffer.from('GIF89 is not here, just text'),
      'image/gif',
    );
    expect(text.status).toBe(415);
    // Sent to the service itself: when its early refusal races the rest of the body, the gateway's proxy may
    // answer 502 instead of relaying the 413 (the same known gateway behaviour the KYC suite notes).
    const big = Buffer.concat([PNG, Buffer.alloc(5_242_880 - PNG.length + 1)]);
    expect(
      (
        await putStreaming(
          (await ticket()).uploadURL,
          [big],
          { 'content-length': String(big.length) },
          stack().services.plans,
        )
      ).status,
    ).toBe(413);
    // Without a declared length the cap is counted as the bytes arrive.
    expect(
      (
        await putStreaming(
          (await ticket()).uploadURL,
          [PNG, ...Array.from({ length: 6 }, () => Buffer.alloc(1024 * 1024, 1))],
          { 'transfer-encoding': 'chunked' },
          stack().services.plans,
        )
      ).status,
    ).toBe(413);
    const exact = await putUpload(
      (await ticket()).uploadURL,
      Buffer.concat([PNG, Buffer.alloc(5_242_880 - PNG.length)]),
    );
    expect(exact.status).toBe(200);
  });

  it('refuses images that were never uploaded, and investors', async () => {
    const admin = await adminSession();
    const missing = `/objects/plan-images/${randomUUID()}/${randomUUID()}`;
    expect(await attach(missing)).toMatchObject({
      status: 400,
      body: { message: 'Image must be a plan image uploaded through /api/objects/upload' },
    });
    expect(
      (
        await client.call(plansOperations.createPlan, {
          token: admin.accessToken,
          body: {
            title: 'With a made-up image',
            description: 'Ten characters at least',
            minSlotPrice: 10,
            dailyInterestRate: 1,
            totalSlots: 1,
            startDate: '2030-01-01',
            endDate: '2030-02-01',
            imageUrl: 'https://example.com/cat.png',
          },
        })
      ).status,
    ).toBe(400);
    // Raw: a body without the imageURL the contract requires.
    const { method, path } = plansOperations.planImageUploadTicket;
    const withoutImage = await client.raw(method.toUpperCase(), path, { token: admin.accessToken, body: {} });
    expect(withoutImage.body).toMatchObject({ message: 'imageURL is required' });
    expect(
      (await fetch(`${stack().gatewayUrl}/api/plan-images/${randomUUID()}/${randomUUID()}`)).status,
    ).toBe(404);
    const someone = await registerInvestor();
    // Plans, the bucket's owner, refuses the ticket; the wallet passes its answer on.
    expect(
      await client.call(walletOperations.uploadTicket, {
        token: someone.accessToken,
        body: { purpose: 'plan-image' },
      }),
    ).toMatchObject({
      status: 403,
      body: { code: 'ADMIN_ONLY_UPLOAD', message: 'Only admins can upload plan images' },
    });
  });

  it("signs plan-image tickets with plans' own secret: a token the wallet signed is refused, and cannot name an image", async () => {
    const t = await ticket();
    const token = t.uploadURL.split('/').pop() as string;
    const claims = await verifyUploadToken(TEST_UPLOAD_TOKEN_SECRETS.plans, token);
    await expect(verifyUploadToken(TEST_UPLOAD_TOKEN_SECRETS.wallet, token)).rejects.toMatchObject({
      code: 'UPLOAD_TOKEN_INVALID',
    });

    // The same claims signed with the wallet's secret: refused by plans at the PUT and when attaching.
    const walletSigned = await signUploadToken(TEST_UPLOAD_TOKEN_SECRETS.wallet, claims);
    expect(await putUpload(`/api/uploads/plan-images/${walletSigned}`, PNG)).toMatchObject({
      status: 403,
      body: { code: 'UPLOAD_TOKEN_INVALID', message: 'This upload link is not valid' },
    });
    expect((await putUpload(t.uploadURL, PNG)).status).toBe(200);
    expect(await attach(`/api/uploads/plan-images/${walletSigned}`)).toMatchObject({
      status: 400,
      body: { message: 'Image must be a plan image uploaded through /api/objects/upload' },
    });
    // Plans' own token for the same object works.
    expect((await attach(t.uploadURL)).status).toBe(200);
  });
});

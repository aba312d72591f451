// Landing testimonials (issue 13 section 6): only with the investor's consent recorded, public once added,
// gone once removed, managed by admins only, every change audited.
import { describe, expect, it } from '@jest/globals';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { testimonialOperations } from '@cropvest/contracts/identity/testimonials-api';
import { adminSession, eventually, registerInvestor, stackClient } from '../../../test/support/api.ts';

const client = stackClient();

const entry = {
  name: 'Amina K.',
  role: 'Investor since 2025',
  location: 'Nairobi',
  content: 'I can follow every day of my plan and knew the harvest date from the start.',
  rating: 5,
  consent: true as const,
  consentNote: 'Signed consent form received by mail',
};

describe('testimonials', () => {
  it('refuses one without recorded consent, with a clear message, and stores nothing', async () => {
    const admin = await adminSession();
    const before = await client.call(testimonialOperations.adminTestimonials, { token: admin.accessToken });
    // Raw: the contract's body holds consent to true, and this sends it refused.
    const refused = await client.raw('POST', testimonialOperations.createTestimonial.path, {
      token: admin.accessToken,
      body: { ...entry, consent: false },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("The investor's consent to publish must be recorded");
    const after = await client.call(testimonialOperations.adminTestimonials, { token: admin.accessToken });
    expect(after.headers.get('x-total-count')).toBe(before.headers.get('x-total-count'));
  });

  it('shows an added testimonial publicly without its consent record, and removes it', async () => {
    const admin = await adminSession();
    const added = await client.call(testimonialOperations.createTestimonial, {
      token: admin.accessToken,
      body: entry,
    });
    expect(added.status).toBe(201);
    if (!added.ok) throw new Error(`adding the testimonial failed: ${added.body.message}`);
    const { consent: _consent, ...stored } = entry;
    expect(added.body).toMatchObject({ ...stored, recordedBy: admin.user.id });
    expect(added.body).not.toHaveProperty('consent');
    const id = added.body.id;

    const landing = await client.call(testimonialOperations.testimonials);
    expect(landing.status).toBe(200);
    if (!landing.ok) throw new Error(`the landing list failed: ${landing.body.message}`);
    const shown = landing.body.find((t) => t.id === id);
    expect(shown).toEqual({
      id,
      name: entry.name,
      role: entry.role,
      location: entry.location,
      content: entry.content,
      rating: 5,
    });

    // The trail is written from the outbox: the entry arrives within seconds.
    await eventually(
      async () =>
        (
          await client.ok(identityOperations.auditLogs, {
            token: admin.accessToken,
            query: { targetId: id, pageSize: 10 },
          })
        ).items.some((item) => item.action === 'settings_update' && item.targetType === 'testimonial'),
      10_000,
      'testimonial audited',
    );

    const remove = () =>
      client.call(testimonialOperations.deleteTestimonial, { token: admin.accessToken, path: { id } });
    expect((await remove()).status).toBe(200);
    const again = await client.ok(testimonialOperations.testimonials);
    expect(again.some((t) => t.id === id)).toBe(false);
    expect((await remove()).status).toBe(404);
  });

  it('is managed by admins only', async () => {
    const investor = await registerInvestor();
    const token = investor.accessToken;
    expect((await client.call(testimonialOperations.adminTestimonials, { token })).status).toBe(403);
    expect((await client.call(testimonialOperations.createTestimonial, { token, body: entry })).status).toBe(
      403,
    );
  });
});

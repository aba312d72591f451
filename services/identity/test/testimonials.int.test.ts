// Landing testimonials (issue 13 section 6): only with the investor's consent recorded, public once added,
// gone once removed, managed by admins only, every change audited.
import { describe, expect, it } from '@jest/globals';
import { adminSession, api, call, eventually, registerInvestor } from '../../../test/support/api.ts';

const entry = {
  name: 'Amina K.',
  role: 'Investor since 2025',
  location: 'Nairobi',
  content: 'I can follow every day of my plan and knew the harvest date from the start.',
  rating: 5,
  consent: true,
  consentNote: 'Signed consent form received by mail',
};

describe('testimonials', () => {
  it('refuses one without recorded consent, with a clear message, and stores nothing', async () => {
    const admin = await adminSession();
    const before = await api('GET', '/api/admin/settings/testimonials', admin.accessToken);
    const refused = await api('POST', '/api/admin/settings/testimonials', admin.accessToken, {
      ...entry,
      consent: false,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("The investor's consent to publish must be recorded");
    const after = await api('GET', '/api/admin/settings/testimonials', admin.accessToken);
    expect(after.headers.get('x-total-count')).toBe(before.headers.get('x-total-count'));
  });

  it('shows an added testimonial publicly without its consent record, and removes it', async () => {
    const admin = await adminSession();
    const added = await api('POST', '/api/admin/settings/testimonials', admin.accessToken, entry);
    expect(added.status).toBe(201);
    const { consent: _consent, ...stored } = entry;
    expect(added.body).toMatchObject({ ...stored, recordedBy: admin.user.id });
    expect(added.body).not.toHaveProperty('consent');

    const landing = await call('GET', '/api/settings/testimonials');
    expect(landing.status).toBe(200);
    const shown = (landing.body as { id: string }[]).find((t) => t.id === added.body.id);
    expect(shown).toEqual({
      id: added.body.id,
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
          await api('GET', `/api/admin/audit-logs?targetId=${added.body.id}&pageSize=10`, admin.accessToken)
        ).body.items?.some(
          (item: { action: string; targetType: string }) =>
            item.action === 'settings_update' && item.targetType === 'testimonial',
        ) === true,
      10_000,
      'testimonial audited',
    );

    const removed = await api(
      'DELETE',
      `/api/admin/settings/testimonials/${added.body.id}`,
      admin.accessToken,
    );
    expect(removed.status).toBe(200);
    const again = await call('GET', '/api/settings/testimonials');
    expect((again.body as { id: string }[]).some((t) => t.id === added.body.id)).toBe(false);
    const twice = await api('DELETE', `/api/admin/settings/testimonials/${added.body.id}`, admin.accessToken);
    expect(twice.status).toBe(404);
  });

  it('is managed by admins only', async () => {
    const investor = await registerInvestor();
    expect((await api('GET', '/api/admin/settings/testimonials', investor.accessToken)).status).toBe(403);
    expect((await api('POST', '/api/admin/settings/testimonials', investor.accessToken, entry)).status).toBe(
      403,
    );
  });
});

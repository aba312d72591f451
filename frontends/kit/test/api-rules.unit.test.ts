import { describe, expect, it } from '@jest/globals';
import { isUnavailable, toApiError, toastMessage } from '../src/errors.ts';
import { apiUrl } from '../src/api.ts';
import { daysToHarvest, growthProgress } from '../src/domain.ts';
import { dailyEarnings, projectedTotalReturn, sumAmounts } from '@cropvest/contracts/money';

describe('call rules (spec sections 7 and 8)', () => {
  it('turns a failed response into "<status>: <body text>", or the status text when the body is empty', () => {
    expect(
      toApiError(409, 'Conflict', '{"message":"Email already registered","code":"EMAIL_TAKEN"}'),
    ).toEqual({
      status: 409,
      message: '409: {"message":"Email already registered","code":"EMAIL_TAKEN"}',
      serverMessage: 'Email already registered',
      code: 'EMAIL_TAKEN',
    });
    expect(toApiError(502, 'Bad Gateway', '')).toEqual({ status: 502, message: '502: Bad Gateway' });
  });

  it('prefers the server message in toasts, else the fallback', () => {
    expect(
      toastMessage(
        toApiError(401, 'Unauthorized', '{"message":"Invalid email or password"}'),
        'Login failed',
      ),
    ).toBe('Invalid email or password');
    expect(toastMessage(toApiError(500, 'Internal Server Error', 'oops'), 'Login failed')).toBe(
      'Login failed',
    );
    expect(toastMessage(new Error('x'), 'Registration failed')).toBe('Registration failed');
  });

  it('tells a service that is not there yet from a real error', () => {
    expect(
      isUnavailable(
        toApiError(404, 'Not Found', '{"message":"No route for GET /api/plans","code":"NOT_FOUND"}'),
      ),
    ).toBe(true);
    expect(isUnavailable(toApiError(503, 'Service Unavailable', ''))).toBe(true);
    expect(
      isUnavailable(toApiError(404, 'Not Found', '{"message":"Plan not found","code":"NOT_FOUND"}')),
    ).toBe(false);
    expect(isUnavailable(toApiError(400, 'Bad Request', ''))).toBe(false);
  });

  it('puts a path under /api once, with the defined query values', () => {
    expect(apiUrl('auth/me')).toBe('/api/auth/me');
    expect(apiUrl({ url: '/api/admin/users/a%20b' })).toBe('/api/admin/users/a%20b');
    expect(apiUrl({ url: 'plans', params: { active: true, skip: undefined } })).toBe(
      '/api/plans?active=true',
    );
  });
});

describe('dashboard arithmetic (spec section 9)', () => {
  it('sums amounts in decimals, not floats', () => {
    expect(sumAmounts(['0.10000000', '0.20000000'])).toBe('0.30000000');
    expect(sumAmounts([])).toBe('0.00000000');
  });

  it('projects daily = principal × rate / 100 and total = daily × duration', () => {
    expect(dailyEarnings('1000.00000000', '0.05')).toBe('0.50000000');
    expect(projectedTotalReturn('1000.00000000', '0.05', 180)).toBe('90.00000000');
  });

  it('clamps growth progress to 0-100 and days to harvest at 0', () => {
    const day = 86_400_000;
    const start = Date.UTC(2026, 0, 1);
    const end = start + 100 * day;
    const iso = (t: number) => new Date(t).toISOString();
    expect(growthProgress(iso(start), iso(end), start - day)).toBe(0);
    expect(growthProgress(iso(start), iso(end), start + 25 * day)).toBe(25);
    expect(growthProgress(iso(start), iso(end), end + day)).toBe(100);
    expect(daysToHarvest(iso(end), end - 10 * day)).toBe(10);
    expect(daysToHarvest(iso(end), end + 10 * day)).toBe(0);
  });
});

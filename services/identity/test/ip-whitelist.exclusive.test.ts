// IP whitelisting (issue 13 section 2): admin sign-in and admin routes only from the listed addresses or ranges;
// an admin cannot switch it on from an address the list leaves out. Platform-wide, so on the exclusive stack.
import { afterEach, describe, expect, it } from '@jest/globals';
import { AuthResponse, ErrorBody, type SettingsPatchRequest } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  deviceCookieOf,
  eventually,
  registerInvestor,
  stack,
  stackClient,
} from '../../../test/support/api.ts';

const client = stackClient();

const OFFICE = '198.51.100.0/24';
const OFFICE_IP = '198.51.100.23';
const HOME_IP = '203.0.113.9';

const adminLogin = (ip: string) =>
  client.call(identityOperations.login, {
    ip,
    device: deviceCookieOf(stack().adminEmail),
    body: { email: stack().adminEmail, password: stack().adminPassword },
  });

async function adminToken(ip: string): Promise<string> {
  const result = await adminLogin(ip);
  expect(result.status).toBe(200);
  return AuthResponse.parse(result.body).accessToken;
}

type SecurityPatch = Extract<SettingsPatchRequest, { section: 'security' }>['settings'];
const saveSecurity = (token: string, ip: string, settings: SecurityPatch) =>
  client.call(identityOperations.updateAdminSettings, { token, ip, body: { section: 'security', settings } });

afterEach(async () => {
  const token = await adminToken(OFFICE_IP);
  expect((await saveSecurity(token, OFFICE_IP, { ipWhitelisting: false, ipWhitelist: [] })).status).toBe(200);
});

describe('IP whitelisting', () => {
  it('refuses to switch on from an address the list leaves out, and an empty list', async () => {
    const token = await adminToken(HOME_IP);
    const lockout = await saveSecurity(token, HOME_IP, { ipWhitelisting: true, ipWhitelist: [OFFICE] });
    expect(lockout.status).toBe(400);
    expect(ErrorBody.parse(lockout.body).message).toContain(
      `Your address ${HOME_IP} is not in the allowed list`,
    );
    const empty = await saveSecurity(token, HOME_IP, { ipWhitelisting: true, ipWhitelist: [] });
    expect(empty.status).toBe(400);
    expect(ErrorBody.parse(empty.body).message).toBe(
      'Add at least one allowed address before turning on IP whitelisting',
    );
    const malformed = await saveSecurity(token, HOME_IP, { ipWhitelist: ['10.0.0.0/33'] });
    expect(malformed.status).toBe(400);
    const settings = await client.ok(identityOperations.adminSettings, { token, ip: HOME_IP });
    expect(settings.security).toMatchObject({ ipWhitelisting: false, ipWhitelist: [] });
  });

  it('keeps admin sign-in and admin routes to the listed range, and investors unaffected', async () => {
    const officeToken = await adminToken(OFFICE_IP);
    const homeToken = await adminToken(HOME_IP);
    const saved = await saveSecurity(officeToken, OFFICE_IP, { ipWhitelisting: true, ipWhitelist: [OFFICE] });
    expect(saved.status).toBe(200);
    expect(saved.ok && saved.body.security).toMatchObject({ ipWhitelisting: true, ipWhitelist: [OFFICE] });

    const refusedSignIn = await adminLogin(HOME_IP);
    expect(refusedSignIn.status).toBe(403);
    expect(refusedSignIn.body).toMatchObject({ code: 'IP_NOT_ALLOWED' });
    expect((await adminLogin('198.51.100.200')).status).toBe(200);

    // A token issued before the switch, used from outside the range: refused at the gateway within seconds.
    await eventually(
      async () =>
        (await client.call(identityOperations.adminUsers, { token: homeToken, ip: HOME_IP })).status === 403,
      5000,
      'admin route refused outside the range',
    );
    const refused = await client.call(identityOperations.adminSettings, { token: homeToken, ip: HOME_IP });
    expect(refused.body).toMatchObject({ code: 'IP_NOT_ALLOWED' });
    // Identity refuses it too when called directly (the gateway is not the only guard).
    // Raw: the typed client calls through the gateway only, and this call bypasses it.
    const direct = await client.raw('GET', identityOperations.adminSettings.path, {
      token: homeToken,
      ip: HOME_IP,
      base: stack().services.identity,
    });
    expect(direct.status).toBe(403);
    const fromOffice = await client.call(identityOperations.adminSettings, {
      token: officeToken,
      ip: OFFICE_IP,
    });
    expect(fromOffice.status).toBe(200);

    const investor = await registerInvestor();
    expect((await client.call(identityOperations.me, { token: investor.accessToken })).status).toBe(200);
  });
});

// The shell forms' own rules (decision 0129): their English is the spec's word for word, and a page in Spanish
// reads them in Spanish once the auth pages' catalogue is loaded in it, as it is before the page shows.
import { describe, expect, it } from '@jest/globals';
import { chooseLocale } from '@cropvest/ui/i18n';
import { ExpiredPasswordForm, RegisterForm } from '../src/auth/schemas.ts';
import { AUTH_MESSAGES } from '../src/auth/messages/catalogue.ts';

const registration = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  password: 'secret-1',
  confirmPassword: 'secret-2',
  terms: false,
};

/** Each refused field with its message. */
const refusals = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the shell forms’ own rules', () => {
  it('say the spec’s English, then the page’s language once the auth pages’ catalogue is loaded in it', async () => {
    expect(refusals(RegisterForm.safeParse(registration))).toEqual([
      ['terms', 'You must accept the terms and conditions'],
      ['confirmPassword', "Passwords don't match"],
    ]);
    // chooseLocale marks <html lang dir>; the unit tests run without a DOM.
    Object.assign(globalThis, { document: { documentElement: {} } });
    await chooseLocale('es');
    // In the page every auth page loads the catalogue (useMessages); here it is put where useMessages leaves
    // it, a promise settled the way React reads one.
    const spanish = (await AUTH_MESSAGES.load.es()).default as Record<string, string>;
    AUTH_MESSAGES.loading.set(
      'es',
      Object.assign(Promise.resolve(spanish), { status: 'fulfilled', value: spanish }),
    );
    expect(refusals(RegisterForm.safeParse(registration))).toEqual([
      ['terms', 'Debes aceptar los términos y condiciones'],
      ['confirmPassword', 'Las contraseñas no coinciden'],
    ]);
    expect(
      refusals(
        ExpiredPasswordForm.safeParse({
          currentPassword: '',
          newPassword: 'secret-1',
          confirmPassword: 'secret-2',
        }),
      ),
    ).toEqual([
      ['currentPassword', 'La contraseña actual es obligatoria'],
      ['confirmPassword', 'Las contraseñas nuevas no coinciden.'],
    ]);
    await chooseLocale('en');
    expect(refusals(RegisterForm.safeParse(registration))[0]).toEqual([
      'terms',
      'You must accept the terms and conditions',
    ]);
  });
});

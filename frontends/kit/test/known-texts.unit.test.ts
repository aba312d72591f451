// The known texts (decision 0129): every English value of the kit's catalogue is a text the contracts or the
// services really send, so a reworded server text fails here instead of silently staying English on a Spanish
// page; and a known text comes back in the page's language, an unknown one as it came.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { chooseLocale } from '@cropvest/ui/i18n';
import { knownText, withKnownTexts } from '../src/known-texts.ts';
import { KIT_TEXTS } from '../src/messages/catalogue.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SENDERS = [
  'packages/contracts/src',
  'packages/service-kit/src',
  'gateway/src',
  ...readdirSync(path.join(ROOT, 'services')).map((service) => `services/${service}/src`),
];

/** Every .ts file of the contracts, the service kit, the gateway and the services, as one text. */
const source = SENDERS.flatMap((dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8')),
).join('\n');

/** The template literals that build a message from values (`${label} is required`), as patterns of texts. */
const templates = [...source.matchAll(/`([^`]*\$\{[^`]*)`/g)].map(
  ([, template]) =>
    new RegExp(
      `^${template!
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'))
        .join('.+')}$`,
    ),
);

const sent = (text: string) =>
  [`'${text}'`, `"${text}"`, `\`${text}\``].some((quoted) => source.includes(quoted)) ||
  templates.some((template) => template.test(text));

describe('known texts', () => {
  it('are each a text the contracts or the services send, word for word', () => {
    expect(Object.values(KIT_TEXTS.en).filter((text) => !sent(text))).toEqual([]);
  });

  it('are shown in the page’s language once its catalogue is loaded; an unknown text is shown as it came', async () => {
    // On an English page nothing is loaded: the known texts' English values are the texts themselves.
    expect(knownText('Insufficient balance')).toBe('Insufficient balance');
    // chooseLocale marks <html lang dir>; the unit tests run without a DOM.
    Object.assign(globalThis, { document: { documentElement: {} } });
    // A switch waits for the catalogue and its Spanish messages, as it waits for the mounted catalogues.
    await chooseLocale('es');
    expect(knownText('Insufficient balance')).toBe('Saldo insuficiente');
    expect(knownText('Invalid email or password')).toBe('Correo electrónico o contraseña incorrectos');
    // A text a contract builds from a field's label and a value, known for the forms people meet it in.
    expect(knownText('Total slots must be at least 1')).toBe('El total de cupos debe ser al menos 1');
    expect(knownText('Something the catalogue never heard of')).toBe(
      'Something the catalogue never heard of',
    );
    const ref = { name: 'amount' };
    expect(
      withKnownTexts({
        amount: { type: 'custom', message: 'Amount is required', ref },
        pastSeasons: [undefined, { crop: { type: 'custom', message: 'Crop is odd' } }],
      }),
    ).toEqual({
      amount: { type: 'custom', message: 'El monto es obligatorio', ref },
      pastSeasons: [undefined, { crop: { type: 'custom', message: 'Crop is odd' } }],
    });
    await chooseLocale('en');
    expect(knownText('Insufficient balance')).toBe('Insufficient balance');
  });
});

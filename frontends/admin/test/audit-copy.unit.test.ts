// The audit verification's words follow the plural rules of the language (issue 27: "All 1 entries verify"):
// the catalogue's ICU messages, formatted as the banner formats them.
import { describe, expect, it } from '@jest/globals';
import { createIntl } from '@formatjs/intl';
import en from '../src/shared/audit/messages/en.json';
import es from '../src/shared/audit/messages/es.json';

const english = createIntl({ locale: 'en', messages: en });
const spanish = createIntl({ locale: 'es', messages: es });

const headline = (intl: typeof english, count: number) =>
  intl.formatMessage({ id: 'auditTrail.banner.verifiedHeadline' }, { count });
/** The break's sentence, its id in plain text, ending with what it says of the entries before it. */
const brokenDetail = (intl: typeof english, count: number) =>
  [
    intl.formatMessage(
      { id: 'auditTrail.banner.brokenDetail' },
      { position: 7, id: 'x', entryId: (chunks: string[]) => chunks.join(''), problem: 'x', count },
    ),
  ]
    .flat()
    .join('');

describe('the audit verification banner', () => {
  it('says one entry in the singular', () => {
    expect(headline(english, 1)).toBe('The 1 entry verifies');
    expect(brokenDetail(english, 1)).toMatch(/The 1 entry before it verifies\.$/);
    expect(brokenDetail(english, 1)).toMatch(/^Entry #7 \(ID x\): x\. /);
    expect(headline(spanish, 1)).toBe('La 1 entrada se verifica');
  });

  it('says several entries, and none, in the plural', () => {
    expect(headline(english, 1234)).toBe('All 1,234 entries verify');
    expect(headline(english, 0)).toBe('All 0 entries verify');
    expect(brokenDetail(english, 2)).toMatch(/The 2 entries before it verify\.$/);
    expect(headline(spanish, 1234)).toBe('Las 1234 entradas se verifican');
  });
});

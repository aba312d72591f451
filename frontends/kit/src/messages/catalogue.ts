// The texts that reach the screens from outside the front end (decision 0129): the contracts' validation
// messages and the services' refusals. Their English values are those texts word for word, so a text is found
// by its English words (../known-texts.ts), and kit/test/known-texts.unit.test.ts checks each is still sent.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const KIT_TEXTS = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type KitTextId = keyof typeof en;

export const useKitTexts = () => useMessages(KIT_TEXTS);

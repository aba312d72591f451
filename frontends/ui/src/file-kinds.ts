// The kinds of file a drop zone accepts, in words, for its refusal of a wrong file. Built from the accept map,
// not from the zone's hint: the hint says more ("up to 10 MB. Optional.") than a refusal should repeat.
import { englishUiText, type UiText } from '@cropvest/ui/messages/catalogue';

/**
 * { 'image/png': ['.png'], 'application/pdf': ['.pdf'] } → "PNG or PDF" (one name per kind of file), joined in the
 * language of `text` (the design system's messages; English unless given).
 */
export function acceptedKinds(
  accept: Record<string, string | readonly string[]>,
  text: UiText = englishUiText,
): string {
  const names = Object.entries(accept).map(([mime, extensions]) => {
    const first = typeof extensions === 'string' ? extensions : extensions[0];
    return (first || mime.split('/')[1] || mime).replace(/^\./, '').toUpperCase();
  });
  if (names.length <= 1) return names[0] ?? '';
  return text('ui.files.either', { some: names.slice(0, -1).join(', '), last: names.at(-1)! });
}

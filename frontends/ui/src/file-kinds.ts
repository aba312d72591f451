// The kinds of file a drop zone accepts, in words, for its refusal of a wrong file. Built from the accept map,
// not from the zone's hint: the hint says more ("up to 10 MB. Optional.") than a refusal should repeat.

/** { 'image/png': ['.png'], 'application/pdf': ['.pdf'] } → "PNG or PDF" (one name per kind of file). */
export function acceptedKinds(accept: Record<string, string | readonly string[]>): string {
  const names = Object.entries(accept).map(([mime, extensions]) => {
    const first = typeof extensions === 'string' ? extensions : extensions[0];
    return (first || mime.split('/')[1] || mime).replace(/^\./, '').toUpperCase();
  });
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

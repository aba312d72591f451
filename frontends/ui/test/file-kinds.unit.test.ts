import { describe, expect, it } from '@jest/globals';
import { acceptedKinds } from '../src/file-kinds.ts';

describe('the kinds of file a drop zone accepts, in words', () => {
  it('names each kind once, from the accept map, never pasting a hint in', () => {
    expect(
      acceptedKinds({
        'image/png': ['.png'],
        'image/jpeg': ['.jpg', '.jpeg'],
        'application/pdf': ['.pdf'],
      }),
    ).toBe('PNG, JPG or PDF');
    expect(acceptedKinds({ 'image/webp': ['.webp'] })).toBe('WEBP');
    expect(acceptedKinds({ 'image/gif': [] })).toBe('GIF');
  });
});

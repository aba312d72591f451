import { describe, expect, it } from '@jest/globals';
import { cn } from '../src/cn.ts';

describe('cn', () => {
  it('lets a class passed later override a default for the same property', () => {
    expect(cn('w-full max-w-lg p-6', 'max-w-2xl')).toBe('w-full p-6 max-w-2xl');
    expect(cn('max-h-[calc(100dvh-2rem)] overflow-y-auto', 'max-h-[70vh]')).toBe(
      'overflow-y-auto max-h-[70vh]',
    );
  });

  it('keeps responsive variants apart from the base class and skips falsy values', () => {
    expect(cn('max-w-lg', false, undefined, 'sm:max-w-3xl')).toBe('max-w-lg sm:max-w-3xl');
  });
});

// Joins class names, skipping falsy ones; of two Tailwind classes setting the same property the later one
// wins, so a className passed to a component overrides its defaults (max-w-2xl over max-w-lg).
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export const cn = (...values: ClassValue[]): string => twMerge(clsx(values));

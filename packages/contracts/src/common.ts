import { z } from './zod.ts';

/** Every error a service or the gateway sends (ARCHITECTURE.md section 7). */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
  })
  .openapi('Error');
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Uuid = z.uuid({ message: 'id must be a valid id' });
export const Timestamp = z.iso.datetime({ offset: true }).openapi({ example: '2026-11-22T08:00:00.000Z' });
export const IdParam = z.object({ id: Uuid });

/** Emails are compared and stored trimmed and lower-cased. */
/** A type error message that tells a missing field from a wrong type. */
export const requiredText = (label: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required` : `${label} must be text`,
});

/** Required free text, trimmed, within `min`..`max` characters; missing and null both read "is required". */
export const requiredTrimmedText = (label: string, max: number, min = 1) =>
  z
    .string({
      error: (issue: { input?: unknown }) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(min, min > 1 ? `${label} must be at least ${min} characters` : `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional free text: trimmed; empty or blank means "not given". */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const Email = z
  .string(requiredText('Email'))
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const Role = z.enum(['admin', 'investor']);
export type Role = z.infer<typeof Role>;
export const KycStatus = z.enum(['pending', 'approved', 'rejected', 'incomplete']);
export type KycStatus = z.infer<typeof KycStatus>;

/** Query-string pagination shared by the paged listings. */
export const PageQuery = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int('pageSize must be a whole number').min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** An admin list's search text (`q`): trimmed, at most 200 characters, no NUL; blank means no search. */
export const AdminSearch = z
  .string({ error: 'q must be text' })
  .trim()
  .max(200, 'Search must be at most 200 characters')
  .refine((value) => !value.includes('\u0000'), 'Search must not contain NUL characters')
  .optional()
  .transform((value) => (value ? value : undefined));

/** A listing that takes a page and nothing else. */
export const ListQuery = PageQuery.strict().openapi('ListQuery');

/**
 * Paged listings keep the spec's answer, a JSON array (one page of it), and send the number of all matching
 * rows in this header.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

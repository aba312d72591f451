// One entry per /api operation; each area lists its own in `<area>-api.ts`, and openapi.ts joins them.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import type { z } from './zod.ts';

export interface ApiOperation {
  method: RouteConfig['method'];
  path: string;
  summary: string;
  tag: string;
  auth: 'public' | 'user' | 'admin';
  body?: ZodType;
  query?: z.ZodObject;
  /** Answers one page of the list and the number of all its rows in the X-Total-Count header. */
  paged?: boolean;
  params?: boolean;
  response: ZodType;
  /** Media types of an answer that is a file rather than JSON; `response` then describes its bytes. */
  mediaTypes?: string[];
  status?: number;
}

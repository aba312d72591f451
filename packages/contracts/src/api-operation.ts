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
  params?: boolean;
  response: ZodType;
  status?: number;
}

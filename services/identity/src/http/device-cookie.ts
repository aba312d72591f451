import type { Context } from 'koa';
import { requestMeta } from '@cropvest/service-kit/http';
import type { SignInClient } from '../app/auth.ts';

/**
 * The device cookie: set at every sign-in, sent back only to /api/auth, never readable by scripts. It marks a
 * device that signed in before, so its sign-ins are limited apart from strangers sharing its IP.
 */
const DEVICE_COOKIE = 'cv_device';
const DEVICE_COOKIE_MAX_AGE_MS = 400 * 24 * 3600_000;

/** The device a request comes from, by its cookie (null for a device that never signed in here). */
export const deviceOf = (ctx: Context): string | null => ctx.cookies.get(DEVICE_COOKIE) ?? null;

/** Who is signing in: the request's address, browser and device. */
export const signInClient = (ctx: Context): SignInClient => ({
  ...requestMeta(ctx),
  userAgent: ctx.get('user-agent').slice(0, 512) || null,
  device: deviceOf(ctx),
});

/** Keeps the device cookie: minted at a first sign-in, or at a sign-in waiting for approval (bound to it). */
export function keepDevice(ctx: Context, device: string): void {
  ctx.cookies.set(DEVICE_COOKIE, device, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    secure: ctx.secure,
    overwrite: true,
  });
}

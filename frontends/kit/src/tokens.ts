// The session's tokens live in local storage (spec sections 3 and 4): accessToken and refreshToken.
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

export const tokens = {
  access: (): string | null => storage()?.getItem(ACCESS_TOKEN_KEY) ?? null,
  refresh: (): string | null => storage()?.getItem(REFRESH_TOKEN_KEY) ?? null,
  save(pair: { accessToken: string; refreshToken: string }): void {
    storage()?.setItem(ACCESS_TOKEN_KEY, pair.accessToken);
    storage()?.setItem(REFRESH_TOKEN_KEY, pair.refreshToken);
  },
  clear(): void {
    storage()?.removeItem(ACCESS_TOKEN_KEY);
    storage()?.removeItem(REFRESH_TOKEN_KEY);
  },
};

/** A toast that must survive a hard redirect (logout), shown once by the next page. */
const FLASH_KEY = 'cropvest.flash';
export interface FlashToast {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}
export function setFlash(toast: FlashToast): void {
  if (typeof window !== 'undefined') window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
}
export function takeFlash(): FlashToast | null {
  if (typeof window === 'undefined') return null;
  const raw = window.sessionStorage.getItem(FLASH_KEY);
  if (!raw) return null;
  window.sessionStorage.removeItem(FLASH_KEY);
  try {
    return JSON.parse(raw) as FlashToast;
  } catch {
    return null;
  }
}

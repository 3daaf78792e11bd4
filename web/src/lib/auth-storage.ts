import { AUTH_STORAGE_KEY } from '@cym/common';

export interface StoredTokens {
  access: string;
  refresh: string;
}

/** The session's tokens in local storage under `authTokens`. */
export function readTokens(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredTokens>;
    return typeof value.access === 'string' && typeof value.refresh === 'string'
      ? { access: value.access, refresh: value.refresh }
      : null;
  } catch {
    return null;
  }
}

export function writeTokens(tokens: StoredTokens): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(tokens));
}

export function clearTokens(): void {
  localStorage.removeItem(AUTH_STORAGE_KEY);
}

/** The claims of an access token (id, email, profile_type, is_admin), without verifying it. */
export function decodeClaims(access: string): Record<string, unknown> | null {
  try {
    const payload = access.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(decodeURIComponent(escape(json))) as Record<string, unknown>;
  } catch {
    return null;
  }
}

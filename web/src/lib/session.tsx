import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { publicApi } from './api/client';
import type { components } from './api/schema';
import { CATALOG_KEY } from './query';
import { whenPageLive } from './server-render';
import { clearTokens, decodeClaims, readTokens, writeTokens, type StoredTokens } from './auth-storage';
import { REFRESH_RETRY_WAITS_MS, refreshEndsSession } from './session-refresh';

export type Role = 'visitor' | 'worker' | 'parent' | 'admin';
export type SessionAnswer = components['schemas']['SessionDto'];

/** The claims merged with the login/refresh fields. */
export interface SessionUser {
  id: number;
  user_id: number;
  email: string;
  profile_type: 'Worker' | 'Parent' | null;
  profile_id: number | null;
  is_admin: boolean;
  profile_visibility?: boolean;
  membership_type?: string | null;
  membership_status?: boolean;
}

interface Session {
  role: Role;
  user: SessionUser | null;
  authenticated: boolean;
  /** True until the first refresh attempt ends. */
  loading: boolean;
  signIn: (answer: SessionAnswer) => void;
  signOut: () => void;
  /** Fresh tokens now, e.g. after a payment changed the membership. */
  refresh: () => Promise<void>;
  /**
   * The signed-in person once the session is known in full (the refresh after a start answered:
   * profile id and membership come with it), at once when it is. For actions a person may take
   * right after a page opens, such as Chatear.
   */
  settled: () => Promise<SessionUser | null>;
}

/** The longest a sign-out waits for the device's push subscription and the server's logout. */
const SIGN_OUT_WAIT_MS = 2_500;

/** Tokens are refreshed every 4 minutes while they exist. */
export const REFRESH_INTERVAL_MS = 240_000;

function userFrom(answer: SessionAnswer): SessionUser | null {
  const claims = decodeClaims(answer.access);
  if (!claims || typeof claims.id !== 'number') return null;
  return {
    id: claims.id,
    user_id: claims.id,
    email: String(claims.email ?? ''),
    profile_type: answer.profile_type,
    profile_id: answer.profile_id,
    is_admin: answer.is_admin,
    profile_visibility: answer.profile_visibility,
    membership_type: answer.membership_type,
    membership_status: answer.membership_status,
  };
}

/** Until the first refresh answers, the stored token's claims already tell the role. */
function userFromStoredClaims(): SessionUser | null {
  const tokens = readTokens();
  const claims = tokens ? decodeClaims(tokens.access) : null;
  if (!claims || typeof claims.id !== 'number') return null;
  const type = claims.profile_type;
  return {
    id: claims.id,
    user_id: claims.id,
    email: String(claims.email ?? ''),
    profile_type: type === 'Worker' || type === 'Parent' ? type : null,
    profile_id: null,
    is_admin: claims.is_admin === true,
  };
}

function roleOf(user: SessionUser | null): Role {
  if (!user) return 'visitor';
  if (user.is_admin) return 'admin';
  return user.profile_type === 'Parent' ? 'parent' : user.profile_type === 'Worker' ? 'worker' : 'visitor';
}

function withRefreshLock(task: () => Promise<void>): Promise<void> {
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('cym-token-refresh', task).then(() => undefined)
    : task();
}

const SessionContext = createContext<Session>({
  role: 'visitor',
  user: null,
  authenticated: false,
  loading: false,
  signIn: () => undefined,
  signOut: () => undefined,
  refresh: () => Promise.resolve(),
  settled: () => Promise.resolve(null),
});

/**
 * Session state: authenticated when tokens are stored; refreshed at start and every 4 minutes. The
 * server's refusal of the refresh token logs out silently; a refresh that got no verdict (no
 * answer, a 5xx) keeps the session and is asked again within the server's grace for a spent token.
 */
export function SessionProvider({
  children,
  deferStoredSession = false,
}: {
  children: ReactNode;
  /** The page was rendered by the server, as a visitor's: the stored session applies after hydration. */
  deferStoredSession?: boolean;
}) {
  const [tokens, setTokens] = useState<StoredTokens | null>(() => (deferStoredSession ? null : readTokens()));
  const [user, setUser] = useState<SessionUser | null>(() => (deferStoredSession ? null : userFromStoredClaims()));
  const [loading, setLoading] = useState<boolean>(() => !deferStoredSession && readTokens() !== null);
  const refreshing = useRef(false);
  const retry = useRef<{ attempt: number; timer?: ReturnType<typeof setTimeout> }>({ attempt: 0 });

  const signIn = useCallback((answer: SessionAnswer) => {
    const next = { access: answer.access, refresh: answer.refresh };
    writeTokens(next);
    setTokens(next);
    setUser(userFrom(answer));
    setLoading(false);
  }, []);

  const clear = useCallback(() => {
    clearTokens();
    setTokens(null);
    setUser(null);
    setLoading(false);
  }, []);

  const signOut = useCallback(() => {
    const current = readTokens();
    // Best effort, at most 2.5 s: this device stops getting the account's notifications (a shared
    // phone), then the server-side sessions are revoked; the local session ends either way.
    const leaving = current
      ? import('./push')
          .then((push) => push.stopPush())
          .catch(() => undefined)
          .then(() => publicApi.POST('/api/logout', { headers: { Authorization: `Bearer ${current.access}` } }))
          .catch(() => undefined)
      : Promise.resolve();
    void Promise.race([leaving, new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]).then(() => {
      // Only the stored tokens: the page is left at once, so a private page's guard never takes
      // the sign-out for an expired session (it would open the login popup on the way out).
      clearTokens();
      window.location.assign('/');
    });
  }, []);

  const refresh = useCallback(async (): Promise<void> => {
    const before = readTokens();
    if (!before || refreshing.current) return;
    refreshing.current = true;
    clearTimeout(retry.current.timer);
    let unanswered = false;
    try {
      // One refresh at a time across tabs: a refresh token works once, and a second use after
      // the server's short grace would end every session of this login.
      await withRefreshLock(async () => {
        // Read inside the lock: another tab may have rotated the tokens while this one waited.
        const current = readTokens();
        if (!current) return clear();
        const { data, response } = await publicApi.POST('/api/token/refresh', { body: { refresh: current.refresh } });
        if (data) signIn(data);
        else if (refreshEndsSession(response.status)) clear();
        else unanswered = true;
      });
    } catch {
      // No answer: the server may have rotated the token and the answer been lost on the way.
      unanswered = true;
    } finally {
      refreshing.current = false;
    }
    if (!unanswered) {
      retry.current.attempt = 0;
      return;
    }
    // The stored session stands meanwhile; the same token is asked again within the grace.
    setLoading(false);
    const wait = REFRESH_RETRY_WAITS_MS[retry.current.attempt];
    retry.current.attempt += 1;
    if (wait !== undefined) retry.current.timer = setTimeout(() => void refresh(), wait);
    else retry.current.attempt = 0;
  }, [signIn, clear]);

  // What the server answers depends on who asks: when the person changes (login, logout, another
  // tab's login), nothing cached for the previous one may show. The catalog is the same for all.
  const queryClient = useQueryClient();
  const identity = `${user?.id ?? ''}:${roleOf(user)}`;
  const shownIdentity = useRef(identity);
  // The stored login applied after hydrating a server-rendered page is the same person as before
  // the page: what the page shows is kept while it is asked again for them (a reset would put the
  // whole page back to loading, and a tap on it would find its button gone).
  const storedApplied = useRef(false);
  useEffect(() => {
    if (shownIdentity.current === identity) return;
    shownIdentity.current = identity;
    const predicate = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== CATALOG_KEY;
    if (storedApplied.current) void queryClient.invalidateQueries({ predicate });
    else void queryClient.resetQueries({ predicate });
    storedApplied.current = false;
  }, [identity, queryClient]);

  const hasTokens = tokens !== null;
  const startedSignedIn = useRef(hasTokens);
  // Once a server-rendered page (drawn for a visitor) is wholly hydrated, the stored login takes
  // over, refreshed at once as at any start.
  useEffect(() => {
    if (!deferStoredSession) return;
    return whenPageLive(() => {
      const stored = readTokens();
      if (!stored) return;
      startedSignedIn.current = true;
      storedApplied.current = true;
      setTokens(stored);
      setUser(userFromStoredClaims());
      setLoading(true);
    });
  }, [deferStoredSession]);
  useEffect(() => {
    if (!hasTokens) return;
    if (startedSignedIn.current) {
      startedSignedIn.current = false;
      void refresh();
    }
    const timer = setInterval(() => void refresh(), REFRESH_INTERVAL_MS);
    const retrying = retry.current;
    return () => {
      clearInterval(timer);
      clearTimeout(retrying.timer);
    };
  }, [hasTokens, refresh]);

  const current = useRef({ user, loading });
  current.current = { user, loading };
  const waiting = useRef<((user: SessionUser | null) => void)[]>([]);
  useEffect(() => {
    if (!loading) for (const resolve of waiting.current.splice(0)) resolve(user);
  }, [loading, user]);
  const settled = useCallback(
    () =>
      current.current.loading
        ? new Promise<SessionUser | null>((resolve) => waiting.current.push(resolve))
        : Promise.resolve(current.current.user),
    [],
  );

  const value = useMemo<Session>(
    () => ({ role: roleOf(user), user, authenticated: hasTokens, loading, signIn, signOut, refresh, settled }),
    [user, hasTokens, loading, signIn, signOut, refresh, settled],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

/** Whose a page is: its owner's user id, or the profile (a worker's, an employer's) it belongs to. */
export type PageOwner = { userId: number | null | undefined } | { profileType: 'Worker' | 'Parent'; profileId: number };

/**
 * The signed-in person looking at someone else's page, for the actions one takes on another
 * (report, block); null for a visitor and for the page's owner. An owner known by profile is told
 * only once the session is known in full (the stored claims lack the profile id): null until then,
 * so the owner never sees the action for a moment. An owner whose user id is not known: null.
 */
export function useSignedInNonOwner(owner: PageOwner): SessionUser | null {
  const { user, loading } = useSession();
  if (!user) return null;
  if ('userId' in owner) return typeof owner.userId === 'number' && owner.userId !== user.id ? user : null;
  if (loading) return null;
  return user.profile_type === owner.profileType && user.profile_id === owner.profileId ? null : user;
}

import { createContext, useContext, type ReactNode } from 'react';

export type Role = 'visitor' | 'worker' | 'parent' | 'admin';

interface Session {
  role: Role;
}

const SessionContext = createContext<Session>({ role: 'visitor' });

/**
 * The signed-in user's role, which picks the navbar and the guards. Sign-in arrives with the
 * accounts feature; until then every visitor is anonymous.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider value={{ role: 'visitor' }}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

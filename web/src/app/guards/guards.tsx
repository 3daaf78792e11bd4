import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { PageFallback } from '../Shell';

/** Logged-in routes send anonymous users to / (spec 01 §2 Route guards). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { authenticated, loading } = useSession();
  if (!authenticated) return <Navigate to={paths.home} replace />;
  if (loading) return <PageFallback />;
  return <>{children}</>;
}

/** Admin-only routes send everyone else to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { authenticated, loading, user } = useSession();
  if (!authenticated) return <Navigate to={paths.home} replace />;
  if (loading) return <PageFallback />;
  if (!user?.is_admin) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}

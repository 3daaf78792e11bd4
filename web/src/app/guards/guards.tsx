import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { loginFirstState } from '../../features/auth/login-next';
import { useSession } from '../../lib/session';
import { PageFallback } from '../Shell';

const InactiveMembershipDialog = lazy(() =>
  import('../../features/employer/InactiveMembershipDialog').then((m) => ({ default: m.InactiveMembershipDialog })),
);

/**
 * Logged-in routes send anonymous users to /, where the login popup opens at once and, after the
 * login, brings them to the address they asked for, query included. A session that expires on the
 * page does the same.
 */
function LoginFirst() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={paths.home} replace state={loginFirstState(pathname + search + hash)} />;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { authenticated, loading } = useSession();
  if (!authenticated) return <LoginFirst />;
  if (loading) return <PageFallback />;
  return <>{children}</>;
}

/** Admin-only routes send everyone else to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { authenticated, loading, user } = useSession();
  if (!authenticated) return <LoginFirst />;
  if (loading) return <PageFallback />;
  if (!user?.is_admin) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}

/**
 * Employer features that need an active membership (chat with workers): employers without one
 * see the inactive-membership popup instead of the page; admins and workers pass.
 */
export function RequireActiveMembership({ children }: { children: ReactNode }) {
  const { authenticated, loading, user } = useSession();
  const navigate = useNavigate();
  if (!authenticated) return <LoginFirst />;
  if (loading) return <PageFallback />;
  if (user?.profile_type === 'Parent' && !user.is_admin && !user.membership_status)
    return (
      <Suspense fallback={<PageFallback />}>
        <InactiveMembershipDialog open onClose={() => void navigate(paths.userAccount)} />
      </Suspense>
    );
  return <>{children}</>;
}

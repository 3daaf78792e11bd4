import { lazy, Suspense } from 'react';
import { useUserData } from '../../lib/user-data';
import { useSession } from '../../lib/session';

const PhoneRequiredDialog = lazy(() => import('./PhoneRequiredDialog'));

/**
 * After login the user data is fetched once; without a phone the blocking popup appears. Admins are
 * not asked. The popup's code loads only when needed.
 */
export function PhoneRequiredGate() {
  const { authenticated, loading, user } = useSession();
  const userId = user?.id;
  const asked = authenticated && !loading && userId !== undefined && user?.is_admin === false;
  const { data } = useUserData(asked);
  const missing = asked && !!data && !data.phone && !data.is_admin;

  if (!missing) return null;
  return (
    <Suspense fallback={null}>
      <PhoneRequiredDialog />
    </Suspense>
  );
}

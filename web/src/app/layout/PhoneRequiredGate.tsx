import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from '../../lib/api/client';
import { useSession } from '../../lib/session';

const PhoneRequiredDialog = lazy(() => import('./PhoneRequiredDialog'));

/**
 * After login the user data is fetched once; without a phone the blocking popup appears
 * (spec 03 §4 "Phone popup"). Admins are not asked. The popup's code loads only when needed.
 */
export function PhoneRequiredGate() {
  const { authenticated, loading, user } = useSession();
  const [missing, setMissing] = useState(false);
  const userId = user?.id;
  const asked = authenticated && !loading && userId !== undefined && user?.is_admin === false;

  useEffect(() => {
    if (!asked) return setMissing(false);
    let active = true;
    api
      .GET('/api/user/get-data')
      .then(({ data }) => active && setMissing(!!data && !data.phone && !data.is_admin))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [asked, userId]);

  if (!missing) return null;
  return (
    <Suspense fallback={null}>
      <PhoneRequiredDialog />
    </Suspense>
  );
}

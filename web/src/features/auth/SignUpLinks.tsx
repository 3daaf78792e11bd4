import { useSession } from '../../lib/session';
import { useAuthDialogs } from './AuthDialogs';

/**
 * The two "register" buttons at the foot of public pages: the sign-up popup with that profile
 * type chosen. For visitors only: a signed-in person sees nothing.
 */
export function SignUpLinks() {
  const { open } = useAuthDialogs();
  const { authenticated } = useSession();
  if (authenticated) return null;
  return (
    <section className="cta-row">
      <button type="button" className="button" onClick={() => open('signup', { profileType: 'Parent' })}>
        Registrarme como empleador
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => open('signup', { profileType: 'Worker' })}
      >
        Registrarme para trabajar
      </button>
    </section>
  );
}

import { useAuthDialogs } from './AuthDialogs';

/** The two "register" buttons at the foot of public pages: the sign-up popup with that profile type chosen. */
export function SignUpLinks() {
  const { open } = useAuthDialogs();
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

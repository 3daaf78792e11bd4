import { useAuthDialogs } from './AuthDialogs';

/** The two "register" buttons at the foot of public pages; both open the sign-up popup. */
export function SignUpLinks() {
  const { open } = useAuthDialogs();
  return (
    <section className="cta-row">
      <button type="button" className="button" onClick={() => open('signup')}>
        Registrarme como empleador
      </button>
      <button type="button" className="button button--secondary" onClick={() => open('signup')}>
        Registrarme para trabajar
      </button>
    </section>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { publicApi } from '../../../lib/api/client';
import { useSession } from '../../../lib/session';
import { PageHero } from '../../../components/PageHero';
import { serverMessage } from '../errors';

type State = { kind: 'verifying' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

/** Verifies on load; on success the user is signed in and starts onboarding (spec 01 §2). */
export default function EmailVerificationPage() {
  const { uidb64 = '', token = '' } = useParams();
  const { signIn } = useSession();
  const [state, setState] = useState<State>({ kind: 'verifying' });
  const started = useRef(false);

  useEffect(() => {
    // The link works once: never send it twice (React's development double effects).
    if (started.current) return;
    started.current = true;
    publicApi
      .GET('/api/verify-email/{uidb64}/{token}', { params: { path: { uidb64, token } } })
      .then(({ data, error }) => {
        if (data?.success) {
          signIn(data);
          setState({ kind: 'verified', message: data.message });
        } else setState({ kind: 'failed', message: serverMessage(error, 'Ocurrió un error inesperado.') });
      })
      .catch((caught: unknown) =>
        setState({ kind: 'failed', message: `Ocurrió un error: ${caught instanceof Error ? caught.message : ''}` }),
      );
  }, [uidb64, token, signIn]);

  return (
    <>
      <PageHero title="Verificación de correo" />
      <div className="container narrow">
        <div className="card">
          {state.kind === 'verifying' && <p role="status">Verificando tu correo…</p>}
          {state.kind === 'verified' && (
            <div className="form">
              <p className="notice notice--success" role="status">
                {state.message}
              </p>
              <Link to="/user-account?onboarding=true" className="button button--large">
                Comenzar Registro
              </Link>
            </div>
          )}
          {state.kind === 'failed' && (
            <p className="notice notice--error" role="alert">
              {state.message}
            </p>
          )}
        </div>
      </div>
    </>
  );
}

import { AUTH_MESSAGES } from '@cym/common';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import { useSession } from '../../../lib/session';
import { PageHero } from '../../../components/PageHero';
import { useVerifyEmail } from '../api';
import { useAuthDialogs } from '../AuthDialogs';

/** Verifies on load; on success the user is signed in and starts onboarding. */
export default function EmailVerificationPage() {
  const { uidb64 = '', token = '' } = useParams();
  const { signIn, authenticated } = useSession();
  const { open } = useAuthDialogs();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const started = useRef(false);

  useEffect(() => {
    // The link works once: never send it twice (React's development double effects).
    if (started.current) return;
    started.current = true;
    mutate({ uidb64, token }, { onSuccess: signIn });
  }, [uidb64, token, signIn, mutate]);

  // A link used before (or after a later one): the address is verified, the person logs in.
  const alreadyVerified = verify.error instanceof ApiError && verify.error.code === 'ALREADY_VERIFIED';
  const failure =
    verify.isError && !alreadyVerified ? errorMessage(verify.error, 'Ocurrió un error inesperado.') : null;

  return (
    <>
      <PageHero title="Verificación de correo" />
      <div className="container narrow">
        <div className="card">
          {(verify.isIdle || verify.isPending) && <p role="status">Verificando tu correo…</p>}
          {verify.data && (
            <div className="form">
              <p className="notice notice--success" role="status">
                {verify.data.message}
              </p>
              <Link to="/user-account?onboarding=true" className="button button--large">
                Comenzar registro
              </Link>
            </div>
          )}
          {alreadyVerified && (
            <div className="form">
              <p className="notice notice--success" role="status">
                {AUTH_MESSAGES.alreadyVerified}
              </p>
              {authenticated ? (
                <Link to="/user-account" className="button button--large">
                  Ir a mi cuenta
                </Link>
              ) : (
                <button type="button" className="button button--large" onClick={() => open('login')}>
                  Ingresar
                </button>
              )}
            </div>
          )}
          {failure && (
            <p className="notice notice--error" role="alert">
              {failure}
            </p>
          )}
        </div>
      </div>
    </>
  );
}

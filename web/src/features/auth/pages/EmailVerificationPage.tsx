import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api/errors';
import { useSession } from '../../../lib/session';
import { PageHero } from '../../../components/PageHero';
import { useVerifyEmail } from '../api';

/** Verifies on load; on success the user is signed in and starts onboarding (spec 01 §2). */
export default function EmailVerificationPage() {
  const { uidb64 = '', token = '' } = useParams();
  const { signIn } = useSession();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const started = useRef(false);

  useEffect(() => {
    // The link works once: never send it twice (React's development double effects).
    if (started.current) return;
    started.current = true;
    mutate({ uidb64, token }, { onSuccess: signIn });
  }, [uidb64, token, signIn, mutate]);

  const failure = verify.isError ? errorMessage(verify.error, 'Ocurrió un error inesperado.') : null;

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
                Comenzar Registro
              </Link>
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

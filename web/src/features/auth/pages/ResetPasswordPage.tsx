import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AUTH_MESSAGES, resetPasswordProblem } from '@cym/common';
import { TextField } from '../../../components/ui/Field';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api/errors';
import { PageHero } from '../../../components/PageHero';
import { RESET_FAILED, useResetLinkValid, useResetPassword } from '../api';

/** Back home this long after a successful reset. */
const REDIRECT_MS = 4000;

export default function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const navigate = useNavigate();
  const valid = useResetLinkValid({ uidb64, token });
  const link = valid === undefined ? 'checking' : valid ? 'valid' : 'invalid';
  const reset = useResetPassword({ uidb64, token });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = reset.data ?? null;
  const busy = reset.isPending;
  const error = problem ?? (reset.isError ? errorMessage(reset.error, RESET_FAILED) : null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(paths.home), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = resetPasswordProblem(password, confirmation);
    setProblem(problem);
    reset.reset();
    if (!problem) reset.mutate(password);
  };

  return (
    <>
      <PageHero title="Elegí una nueva contraseña" />
      <div className="container narrow">
        <div className="card">
          {link === 'checking' && <p role="status">Verificando el enlace…</p>}
          {link === 'invalid' && (
            <p className="notice notice--error" role="alert">
              {AUTH_MESSAGES.tokenInvalid}
            </p>
          )}
          {link === 'valid' && done && (
            <p className="notice notice--success" role="status">
              {done} Te llevamos al inicio en unos segundos.
            </p>
          )}
          {link === 'valid' && !done && (
            <form className="form" noValidate onSubmit={submit}>
              <TextField
                label="Nueva contraseña"
                type="password"
                name="password"
                autoComplete="new-password"
                hint="Al menos 8 caracteres y un número."
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <TextField
                label="Repetí la nueva contraseña"
                type="password"
                name="confirmation"
                autoComplete="new-password"
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
              />
              <div role="alert" aria-live="assertive">
                {error && <p className="notice notice--error">{error}</p>}
              </div>
              <button type="submit" className="button" disabled={busy}>
                {busy ? 'Guardando…' : 'Guardar contraseña'}
              </button>
            </form>
          )}
        </div>
      </div>
    </>
  );
}

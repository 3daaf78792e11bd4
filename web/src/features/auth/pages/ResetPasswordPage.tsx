import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AUTH_MESSAGES, resetPasswordProblem } from '@cym/common';
import { TextField } from '../../../components/ui/Field';
import { paths } from '../../../config/paths';
import { publicApi } from '../../../lib/api/client';
import { PageHero } from '../../../components/PageHero';
import { serverMessage } from '../errors';

/** Back home this long after a successful reset (spec 01 §9). */
const REDIRECT_MS = 4000;
// The spec's generic reset error, in Spanish (issue 15: every text a user sees is Spanish).
const GENERIC_ERROR = 'Ocurrió un error. Por favor, intentá de nuevo.';

type LinkState = 'checking' | 'valid' | 'invalid';

export default function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>('checking');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = { params: { path: { uidb64, token } } };

  useEffect(() => {
    let active = true;
    publicApi
      .GET('/api/reset/{uidb64}/{token}', { params: { path: { uidb64, token } } })
      .then(({ data }) => active && setLink(data?.success ? 'valid' : 'invalid'))
      .catch(() => active && setLink('invalid'));
    return () => {
      active = false;
    };
  }, [uidb64, token]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(paths.home), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = resetPasswordProblem(password, confirmation);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      const { data, error: body } = await publicApi.POST('/api/reset/{uidb64}/{token}', {
        ...path,
        body: { password },
      });
      if (data?.success) setDone(data.message);
      else setError(serverMessage(body, GENERIC_ERROR));
    } catch {
      setError(GENERIC_ERROR);
    } finally {
      setBusy(false);
    }
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
            <form className="form" noValidate onSubmit={(event) => void submit(event)}>
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

import { Suspense, useCallback, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, COMMON_MESSAGES, loginProblem, normalizeEmail } from '@cym/common';
import { TextField } from '../../../components/ui/Field';
import { paths } from '../../../config/paths';
import { publicApi } from '../../../lib/api/client';
import { readTokens } from '../../../lib/auth-storage';
import { lazyPage } from '../../../lib/lazy';
import { useSession, type SessionAnswer } from '../../../lib/session';
import { errorMessage } from '../../../lib/api/errors';
import { CONNECTION_MESSAGE, loginErrorMessage } from '../errors';

type LoginField = 'email' | 'password';

/** An admin's second step: its own chunk, which only admins ever load. */
const SecondFactor = lazyPage(() => import('./SecondFactor'));

/** The fields a login problem is about, marked invalid and described by the message. */
function fieldsOf(status: number): LoginField[] {
  if (status === 400 || status === 403) return ['email'];
  if (status === 401) return ['password'];
  return [];
}

interface Props {
  /** The address to go to after the login (a private page asked for), else the account's own. */
  next?: string;
  onDone: () => void;
  onForgot: () => void;
  onSignUp: () => void;
}

export function LoginForm({ next, onDone, onForgot, onSignUp }: Props) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<LoginField[]>([]);
  const errorId = useId();
  const [unverified, setUnverified] = useState(false);
  const [resent, setResent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** An admin's second step after the right password. */
  const [challenge, setChallenge] = useState<{ stage: 'enroll' | 'verify'; token: string } | null>(null);

  const finish = useCallback(
    (answer: SessionAnswer) => {
      signIn(answer);
      onDone();
      if (next) void navigate(next, { replace: true });
      else void navigate(answer.is_admin ? paths.home : paths.userAccount);
    },
    [signIn, onDone, next, navigate],
  );
  const restart = useCallback((message: string) => {
    setChallenge(null);
    setPassword('');
    setError(message);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResent(null);
    setUnverified(false);
    if (busy) return;
    setInvalid([]);
    if (readTokens()) return setError('User is already authenticated');
    const problem = loginProblem(email, password);
    if (problem) {
      setInvalid(
        problem === AUTH_MESSAGES.required
          ? (['email', 'password'] as const).filter((field) => !(field === 'email' ? email.trim() : password))
          : ['email'],
      );
      return setError(problem);
    }
    setError(null);
    setBusy(true);
    try {
      const {
        data,
        error: body,
        response,
      } = await publicApi.POST('/api/token', {
        body: { username: normalizeEmail(email), password },
      });
      if (data && 'mfa' in data) {
        setChallenge({ stage: data.mfa, token: data.mfa_token });
        return;
      }
      if (data) return finish(data);
      // A suspended account's 403 is no address to verify: no resend, no field to fix.
      const suspended = (body as { code?: unknown } | undefined)?.code === 'ACCOUNT_SUSPENDED';
      setUnverified(response.status === 403 && !suspended);
      setInvalid(suspended ? [] : fieldsOf(response.status));
      setError(loginErrorMessage(response.status, body));
    } catch {
      setError(CONNECTION_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      const { data, error: body } = await publicApi.POST('/api/resend-verification', {
        body: { email: normalizeEmail(email) },
      });
      setResent(data ? data.message : errorMessage(body, COMMON_MESSAGES.internal));
    } catch {
      setResent(CONNECTION_MESSAGE);
    }
  };

  if (challenge)
    return (
      <Suspense fallback={<p role="status">Cargando…</p>}>
        <SecondFactor stage={challenge.stage} token={challenge.token} onSession={finish} onRestart={restart} />
      </Suspense>
    );

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label="Correo electrónico"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        aria-invalid={invalid.includes('email') || undefined}
        aria-describedby={invalid.includes('email') ? errorId : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="Contraseña"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        aria-invalid={invalid.includes('password') || undefined}
        aria-describedby={invalid.includes('password') ? errorId : undefined}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div role="alert" aria-live="assertive">
        {error && (
          <p id={errorId} className="notice notice--error">
            {error}
          </p>
        )}
      </div>
      {unverified && (
        <button type="button" className="button button--ghost" onClick={() => void resend()}>
          Reenviar el correo de verificación
        </button>
      )}
      {resent && <p className="notice notice--success">{resent}</p>}
      {/* Not `disabled` while busy: focus stays on the button through the answer. */}
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? 'Ingresando…' : 'Ingresar'}
      </button>
      <p className="form__links">
        <button type="button" className="link-button" onClick={onForgot}>
          ¿Olvidaste tu contraseña?
        </button>
        <button type="button" className="link-button" onClick={onSignUp}>
          ¿No tenés cuenta? Registrate
        </button>
      </p>
    </form>
  );
}

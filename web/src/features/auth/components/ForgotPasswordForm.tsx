import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, COMMON_MESSAGES, forgotPasswordProblem, normalizeEmail } from '@cym/common';
import { TextField } from '../../../components/ui/Field';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import { CONNECTION_MESSAGE } from '../errors';

const CSRF_COOKIE = 'csrftoken';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

type State = 'idle' | 'sending' | 'sent';

/** Forgot password (spec 01 §2, §4, §5, §8): CSRF cookie first, then the request. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>('idle');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = forgotPasswordProblem(email);
    if (problem) return setError(problem);
    setError(null);
    setState('sending');
    try {
      const csrf = await fetch('/api/get_csrf/', { credentials: 'same-origin' });
      if (!csrf.ok) throw new ApiError(COMMON_MESSAGES.internal, csrf.status);
      const token = readCookie(CSRF_COOKIE);
      if (!token) throw new ApiError(AUTH_MESSAGES.csrfMissing);
      const response = await fetch('/api/reset_password/', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
        body: JSON.stringify({ email: normalizeEmail(email) }),
      });
      let body: { success?: boolean; message?: string; error?: string };
      try {
        body = (await response.json()) as typeof body;
      } catch {
        throw new ApiError('Respuesta inesperada del servidor.', response.status);
      }
      // Our own refusals carry a Spanish `error`; a 5xx (ours or a proxy's) never shows its body.
      if (response.status >= 500) throw new ApiError(COMMON_MESSAGES.internal, response.status);
      if (!response.ok || !body.success)
        throw new ApiError(errorMessage(body, 'Respuesta inesperada del servidor.'), response.status);
      setMessage(body.message ?? null);
      setState('sent');
    } catch (caught) {
      setState('idle');
      // fetch's own failure (no answer) is a TypeError with the browser's English words.
      if (caught instanceof TypeError) setError(CONNECTION_MESSAGE);
      else setError(errorMessage(caught, 'Error al enviar la solicitud. Por favor, inténtalo de nuevo.'));
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p>Escribí el correo con el que te registraste y te enviamos un enlace para elegir una nueva contraseña.</p>
      <TextField
        label="Correo electrónico"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <div role="alert" aria-live="assertive">
        {error && <p className="notice notice--error">{error}</p>}
      </div>
      {message && (
        <p className="notice notice--success" role="status">
          {message}
        </p>
      )}
      <button type="submit" className="button" disabled={state !== 'idle'}>
        {state === 'sent' ? 'Email enviado' : state === 'sending' ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}

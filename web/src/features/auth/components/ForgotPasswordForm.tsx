import { useState, type FormEvent } from 'react';
import { forgotPasswordProblem } from '@cym/common';
import { TextField } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api/errors';
import { requestPasswordReset } from '../api';

type State = 'idle' | 'sending' | 'sent';

/** Forgot password: the e-mail the reset link goes to. */
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
      setMessage(await requestPasswordReset(email));
      setState('sent');
    } catch (caught) {
      setState('idle');
      setError(errorMessage(caught, 'Error al enviar la solicitud. Por favor, inténtalo de nuevo.'));
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

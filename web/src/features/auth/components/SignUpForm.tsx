import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, COMMON_MESSAGES, normalizeEmail, signUpProblem, type SignUpInput } from '@cym/common';
import { TextField } from '../../../components/ui/Field';
import { paths } from '../../../config/paths';
import { publicApi } from '../../../lib/api/client';
import { readTokens } from '../../../lib/auth-storage';
import { errorMessage } from '../../../lib/api/errors';
import { CONNECTION_MESSAGE } from '../errors';

const EMPTY: SignUpInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  profileType: '',
  acceptedTerms: false,
};

interface Props {
  onCreated: (email: string) => void;
  onLogin: () => void;
  /** The profile type the link that opened the form named ('Registrarme para trabajar'…). */
  profileType?: 'Worker' | 'Parent';
}

export function SignUpForm({ onCreated, onLogin, profileType }: Props) {
  const [form, setForm] = useState<SignUpInput>(() => ({ ...EMPTY, profileType: profileType ?? '' }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof SignUpInput>(key: K, value: SignUpInput[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = signUpProblem(form) ?? (readTokens() ? AUTH_MESSAGES.alreadyLoggedIn : null);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      const email = normalizeEmail(form.email);
      const { response, error: body } = await publicApi.POST('/api/sign-up', {
        body: {
          ...form,
          email,
          phone: form.phone.trim(),
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          // Checked by signUpProblem above and again by the server.
          profileType: form.profileType as 'Worker' | 'Parent',
        },
      });
      if (response.status === 201) onCreated(email);
      else setError(errorMessage(body, COMMON_MESSAGES.internal));
    } catch {
      setError(CONNECTION_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="choice-group">
        <legend>¿Cómo vas a usar {`Casa y Manos`}?</legend>
        <label className="choice">
          <input
            type="radio"
            name="profileType"
            value="Worker"
            checked={form.profileType === 'Worker'}
            onChange={() => set('profileType', 'Worker')}
          />
          <span>Soy Trabajador</span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="profileType"
            value="Parent"
            checked={form.profileType === 'Parent'}
            onChange={() => set('profileType', 'Parent')}
          />
          <span>Soy Empleador</span>
        </label>
        <p className="field__hint">El tipo de perfil no se puede cambiar después.</p>
      </fieldset>
      <TextField
        label="Nombre"
        name="firstName"
        autoComplete="given-name"
        hint="Tu nombre es visible para otros usuarios."
        value={form.firstName}
        onChange={(e) => set('firstName', e.target.value)}
      />
      <TextField
        label="Apellido"
        name="lastName"
        autoComplete="family-name"
        hint="Tu apellido no se muestra en tu perfil."
        value={form.lastName}
        onChange={(e) => set('lastName', e.target.value)}
      />
      <TextField
        label="Correo electrónico"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={form.email}
        onChange={(e) => set('email', e.target.value)}
      />
      <TextField
        label="Teléfono (solo números)"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        value={form.phone}
        onChange={(e) => set('phone', e.target.value)}
      />
      <TextField
        label="Contraseña"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="Al menos 8 caracteres y un número."
        value={form.password}
        onChange={(e) => set('password', e.target.value)}
      />
      <TextField
        label="Repetí la contraseña"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={(e) => set('confirmPassword', e.target.value)}
      />
      <label className="choice">
        <input
          type="checkbox"
          name="acceptedTerms"
          checked={form.acceptedTerms}
          onChange={(e) => set('acceptedTerms', e.target.checked)}
        />
        <span>
          Acepto los{' '}
          <Link to={paths.terms} target="_blank">
            términos y condiciones
          </Link>
        </span>
      </label>
      <div role="alert" aria-live="assertive">
        {error && <p className="notice notice--error">{error}</p>}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Creando cuenta…' : 'Crear cuenta'}
      </button>
      <p className="form__links">
        <button type="button" className="link-button" onClick={onLogin}>
          ¿Ya tenés cuenta? Ingresá
        </button>
      </p>
    </form>
  );
}

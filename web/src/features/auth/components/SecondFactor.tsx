import { COMMON_MESSAGES, RECOVERY_CODE_COUNT, recoveryCodeOf, SECOND_FACTOR_MESSAGES, totpCodeOf } from '@cym/common';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/Field';
import { publicApi } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errors';
import type { SessionAnswer } from '../../../lib/session';
import { CONNECTION_MESSAGE } from '../errors';
import './second-factor.css';

/**
 * An admin's second step after the right password: a code of the authenticator app or a recovery
 * code, or, at the first login, adding the app (QR code or the key written out, a first code) and
 * keeping the ten recovery codes. Its own chunk: only admins ever load it.
 */
interface Props {
  stage: 'enroll' | 'verify';
  /** The password step's single-purpose token (minutes long). */
  token: string;
  /** Signs in with the session and goes on, as the password step does for everyone else. */
  onSession: (answer: SessionAnswer) => void;
  /** Back to the password, with a message (the step's time ran out). */
  onRestart: (message: string) => void;
}

export default function SecondFactor({ stage, token, onSession, onRestart }: Props) {
  return stage === 'verify' ? (
    <VerifyCode token={token} onSession={onSession} onRestart={onRestart} />
  ) : (
    <Enrol token={token} onSession={onSession} onRestart={onRestart} />
  );
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** Answers after which this step cannot go on: back to the password, with the server's message. */
const RESTART = new Set(['SECOND_FACTOR_EXPIRED', 'SECOND_FACTOR_ENROLLED', 'SECOND_FACTOR_REQUIRED']);

/**
 * Sends one request of the step and answers its data, or null after saying what went wrong: a
 * step that ran out (or no longer applies) goes back to the password, anything else is shown by
 * `fail`.
 */
async function send<T>(
  request: () => Promise<Answer<T>>,
  fail: (message: string) => void,
  onRestart: (message: string) => void,
): Promise<T | null> {
  try {
    const { data, error } = await request();
    if (data) return data;
    const message = errorMessage(error, COMMON_MESSAGES.internal);
    if (RESTART.has((error as { code?: string } | undefined)?.code ?? '')) onRestart(message);
    else fail(message);
  } catch {
    fail(CONNECTION_MESSAGE);
  }
  return null;
}

/** Moves focus to the form's first field when it appears (the button that led here is gone). */
function useFocusFirstField(key: unknown) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [key]);
  return form;
}

function ErrorLine({ id, error }: { id: string; error: string | null }) {
  return (
    <div role="alert" aria-live="assertive">
      {error && (
        <p id={id} className="notice notice--error">
          {error}
        </p>
      )}
    </div>
  );
}

function VerifyCode({ token, onSession, onRestart }: Omit<Props, 'stage'>) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const form = useFocusFirstField(recovery);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const valid = recovery ? recoveryCodeOf(code) : totpCodeOf(code);
    if (!valid)
      return setError(recovery ? SECOND_FACTOR_MESSAGES.recoveryRequired : SECOND_FACTOR_MESSAGES.codeRequired);
    setError(null);
    setBusy(true);
    const answer = await send(
      () => publicApi.POST('/api/token/mfa/verify', { body: { mfa_token: token, code: valid } }),
      setError,
      onRestart,
    );
    setBusy(false);
    if (answer) onSession(answer);
    else setCode('');
  };

  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setError(null);
  };

  const field = { value: code, onChange: (e: { target: { value: string } }) => setCode(e.target.value) };
  const invalid = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <form ref={form} className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="second-factor__lead">Verificación en dos pasos</p>
      {recovery ? (
        <TextField
          key="recovery"
          label="Código de recuperación"
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint="Uno de los diez códigos que guardaste al activar la verificación. Cada uno sirve una sola vez."
          {...field}
          {...invalid}
        />
      ) : (
        <TextField
          key="code"
          label="Código de verificación"
          name="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          hint="Abrí tu app de autenticación e ingresá el código de 6 dígitos de Casa y Manos."
          {...field}
          {...invalid}
        />
      )}
      <ErrorLine id={errorId} error={error} />
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? 'Verificando…' : 'Verificar'}
      </button>
      <p className="form__links">
        <button type="button" className="link-button" onClick={switchKind}>
          {recovery ? 'Usar el código de la app' : 'Usar un código de recuperación'}
        </button>
      </p>
    </form>
  );
}

type Enrolment = { secret: string; otpauth_uri: string; qr_code: string };
type EnrolledAnswer = SessionAnswer & { recovery_codes: string[] };

function Enrol({ token, onSession, onRestart }: Omit<Props, 'stage'>) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [enrolled, setEnrolled] = useState<EnrolledAnswer | null>(null);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    void send(
      () => publicApi.POST('/api/token/mfa/enroll', { body: { mfa_token: token } }),
      (message) => live && setLoadError(message),
      onRestart,
    ).then((data) => {
      if (live && data) setEnrolment(data);
    });
    return () => {
      live = false;
    };
  }, [token, attempt, onRestart]);

  if (enrolled) return <RecoveryCodes answer={enrolled} onContinue={() => onSession(enrolled)} />;
  if (loadError)
    return (
      <div className="form">
        <p className="notice notice--error" role="alert">
          {loadError}
        </p>
        <button type="button" className="button" onClick={() => setAttempt(attempt + 1)}>
          Reintentar
        </button>
      </div>
    );
  if (!enrolment) return <p role="status">Preparando la verificación en dos pasos…</p>;
  return <EnrolForm token={token} enrolment={enrolment} onEnrolled={setEnrolled} onRestart={onRestart} />;
}

/** The key as apps show it: groups of four ('ABCD EFGH …'), easier to copy by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function EnrolForm({
  token,
  enrolment,
  onEnrolled,
  onRestart,
}: {
  token: string;
  enrolment: Enrolment;
  onEnrolled: (answer: EnrolledAnswer) => void;
  onRestart: (message: string) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const errorId = useId();
  const form = useFocusFirstField(enrolment.secret);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const valid = totpCodeOf(code);
    if (!valid) return setError(SECOND_FACTOR_MESSAGES.codeRequired);
    setError(null);
    setBusy(true);
    const answer = await send(
      () => publicApi.POST('/api/token/mfa/enroll/confirm', { body: { mfa_token: token, code: valid } }),
      setError,
      onRestart,
    );
    setBusy(false);
    if (answer) onEnrolled(answer);
    else setCode('');
  };

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <form ref={form} className="form second-factor" noValidate onSubmit={(event) => void submit(event)}>
      <p className="second-factor__lead">Activá la verificación en dos pasos</p>
      <p>
        La administración ve documentos de identidad y otorga membresías: además de tu contraseña, cada ingreso te va a
        pedir un código de una app de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…).
      </p>
      <ol className="second-factor__steps">
        <li className="second-factor__step">
          <p>Escaneá este código QR con la app:</p>
          <img
            className="second-factor__qr"
            src={enrolment.qr_code}
            width={196}
            height={196}
            alt="Código QR para agregar Casa y Manos a tu app de autenticación"
          />
          <p className="field__hint">
            ¿La app está en este mismo teléfono? <a href={enrolment.otpauth_uri}>Agregá la cuenta a la app desde acá</a>{' '}
            o escribí esta clave en la app:
          </p>
          <p className="second-factor__secret">
            <code aria-label={`Clave: ${enrolment.secret.split('').join(' ')}`}>{grouped(enrolment.secret)}</code>
            <button type="button" className="link-button" onClick={() => void copyKey()}>
              {copied ? 'Clave copiada' : 'Copiar clave'}
            </button>
          </p>
        </li>
        <li className="second-factor__step">
          <TextField
            label="Código de la app"
            name="one-time-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={7}
            hint="Ingresá el código de 6 dígitos que muestra la app para Casa y Manos."
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
        </li>
      </ol>
      <ErrorLine id={errorId} error={error} />
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? 'Activando…' : 'Activar y continuar'}
      </button>
    </form>
  );
}

function RecoveryCodes({ answer, onContinue }: { answer: EnrolledAnswer; onContinue: () => void }): ReactNode {
  const [kept, setKept] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const errorId = useId();
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `Casa y Manos: códigos de recuperación\n${answer.recovery_codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    link.download = 'casa-y-manos-codigos-de-recuperacion.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kept) return setError('Marcá que guardaste los códigos para continuar.');
    onContinue();
  };

  return (
    <form className="form second-factor" noValidate onSubmit={submit}>
      <p ref={heading} tabIndex={-1} className="second-factor__lead">
        Listo: la verificación en dos pasos está activada
      </p>
      <p className="second-factor__warning">
        Copiá o descargá estos códigos y guardalos en un lugar seguro. Si no tenés tu teléfono, cada uno te deja
        ingresar una sola vez. No vas a poder verlos de nuevo.
      </p>
      <ul className="second-factor__codes" aria-label={`${RECOVERY_CODE_COUNT} códigos de recuperación`}>
        {answer.recovery_codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied ? 'Códigos copiados' : 'Copiar códigos'}
        </button>
        <button type="button" className="button button--secondary" onClick={download}>
          Descargar códigos
        </button>
      </div>
      <label className="choice">
        <input
          type="checkbox"
          name="kept"
          checked={kept}
          aria-invalid={error && !kept ? true : undefined}
          aria-describedby={error && !kept ? errorId : undefined}
          onChange={(event) => {
            setKept(event.target.checked);
            if (event.target.checked) setError(null);
          }}
        />
        <span>Guardé mis códigos de recuperación</span>
      </label>
      <ErrorLine id={errorId} error={error} />
      <button type="submit" className="button">
        Continuar
      </button>
    </form>
  );
}

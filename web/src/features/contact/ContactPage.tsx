import { useState, type FormEvent } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  normalizeEmail,
  validateContact,
  type ContactErrors,
  type ContactInput,
} from '@cym/common';
import { TextAreaField, TextField } from '../../components/ui/Field';
import { ApiError, errorMessage } from '../../lib/api/errors';
import { PageHero } from '../../components/PageHero';
import { useSendContact } from './api';

const EMPTY: ContactInput = { name: '', email: '', message: '' };

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

export default function ContactPage() {
  const [form, setForm] = useState<ContactInput>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const send = useSendContact();

  const update = (field: keyof ContactInput) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const clear = () => {
    setForm(EMPTY);
    setErrors({});
    setStatus({ kind: 'idle' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setStatus({ kind: 'sending' });
    send.mutate(
      { name: form.name.trim(), email: normalizeEmail(form.email), message: form.message.trim() },
      {
        onSuccess: (data) => {
          setForm(EMPTY);
          setStatus({ kind: 'sent', message: data.message });
        },
        onError: (failure) => {
          // The server's field messages go under their fields; anything else above the form.
          if (failure instanceof ApiError && failure.errors) {
            setErrors(failure.errors);
            setStatus({ kind: 'idle' });
          } else setStatus({ kind: 'failed', message: errorMessage(failure, CONTACT_MESSAGES.failed) });
        },
      },
    );
  };

  return (
    <>
      <PageHero title="Contacto" text="¿Tenés una consulta? Escribinos y te respondemos dentro de las 48 horas." />
      <div className="container narrow">
        <form className="form card" noValidate onSubmit={submit}>
          <TextField
            label="Nombre"
            name="name"
            autoComplete="given-name"
            value={form.name}
            errors={errors.name}
            onChange={(event) => update('name')(event.target.value)}
          />
          <TextField
            label="Correo electrónico"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={form.email}
            errors={errors.email}
            onChange={(event) => update('email')(event.target.value)}
          />
          <TextAreaField
            label="Mensaje"
            name="message"
            rows={6}
            value={form.message}
            errors={errors.message}
            hint={`${form.message.trim().length}/${CONTACT_LIMITS.messageMax} caracteres`}
            onChange={(event) => update('message')(event.target.value)}
          />
          <div role="status" aria-live="polite">
            {status.kind === 'sent' && <p className="notice notice--success">{status.message}</p>}
            {status.kind === 'failed' && <p className="notice notice--error">{status.message}</p>}
          </div>
          <div className="form__actions">
            <button type="submit" className="button" disabled={status.kind === 'sending'}>
              {status.kind === 'sending' ? 'Enviando…' : 'Enviar'}
            </button>
            <button type="button" className="button button--ghost" onClick={clear}>
              Limpiar
            </button>
          </div>
        </form>
      </div>
    </>
  );
}

import { phoneProblem } from '@cym/common';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/Field';
import { api, isApiErrorBody } from '../../lib/api/client';

/**
 * 'Información requerida' (spec 03 §2, §5): a blocking popup asking for the phone number; after a
 * successful save the page reloads.
 */
export default function PhoneRequiredDialog() {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = phone.trim();
    const problem = phoneProblem(value);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const { data, error: failure } = await api.POST('/api/user/update-phone', { body: { phone: value } });
      if (data) return window.location.reload();
      setError(isApiErrorBody(failure) ? failure.error : 'Error al actualizar el teléfono');
    } catch {
      setError('Error de conexión. Por favor, intenta nuevamente.');
    }
    setBusy(false);
  }

  return (
    <Dialog open title="Información requerida">
      <p>Para que puedan contactarte, necesitamos tu número de teléfono.</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Teléfono"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="5491123456789"
          hint="Tu celular, solo números y con código de área: 1123456789 o 5491123456789."
          value={phone}
          errors={error ? [error] : undefined}
          onChange={(event) => setPhone(event.target.value)}
        />
        <div className="dialog__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar teléfono'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

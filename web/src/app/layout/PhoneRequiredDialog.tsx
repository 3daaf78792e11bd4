import { useMutation, useQueryClient } from '@tanstack/react-query';
import { phoneProblem } from '@cym/common';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/Field';
import { api } from '../../lib/api/client';
import { dataOf, errorMessage } from '../../lib/api/errors';
import { userDataKey } from '../../lib/user-data';

/**
 * The phone of the blocking popup, with its own failure texts. Here, not in lib/user-data: the
 * mutation code then loads with the popup, not on every first screen.
 */
export function useUpdatePhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) =>
      dataOf(
        api.POST('/api/user/update-phone', { body: { phone } }),
        'Error al actualizar el teléfono',
        'Error de conexión. Por favor, intentá nuevamente.',
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: userDataKey }),
  });
}

/**
 * 'Información requerida': a blocking popup asking for the phone number; after a successful save
 * the page reloads.
 */
export default function PhoneRequiredDialog() {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePhone();
  // The page reloads after a save: the button stays busy until it does.
  const busy = update.isPending || update.isSuccess;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = phone.trim();
    const problem = phoneProblem(value);
    if (problem) return setError(problem);
    setError(null);
    update.mutate(value, {
      onSuccess: () => window.location.reload(),
      onError: (failure) => setError(errorMessage(failure, 'Error al actualizar el teléfono')),
    });
  }

  return (
    <Dialog open title="Información requerida">
      <p>Para que puedan contactarte, necesitamos tu número de teléfono.</p>
      <form onSubmit={submit} noValidate>
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

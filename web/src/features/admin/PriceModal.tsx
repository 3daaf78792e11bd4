import { ADMIN_MESSAGES, formatPesos, MAX_MEMBERSHIP_PRICE, membershipPriceProblem } from '@cym/common';
import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/Field';
import { errorMessage } from '../../lib/api/errors';
import { useAdminMembershipType, useSetPrice } from './api';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The price the server saved. */
  onSaved: (price: number) => void;
}

/**
 * 'Valor membresía': the current price, read when the popup opens, and a whole number of pesos
 * greater than 0 to replace it.
 */
export function PriceModal({ open, onClose, onSaved }: Props) {
  const current = useAdminMembershipType(open);
  const price = current.data?.price;
  const save = useSetPrice();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { reset } = save;

  // Each opening starts again: no message, the field holds the current price once it is known.
  useEffect(() => {
    if (!open) return;
    setValue('');
    setProblem(null);
    reset();
  }, [open, reset]);
  useEffect(() => {
    if (open && price !== undefined) setValue(String(price));
  }, [open, price]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = membershipPriceProblem(value);
    setProblem(invalid);
    save.reset();
    if (invalid) return;
    save.mutate(Number(value), {
      onSuccess: (saved) => {
        onSaved(saved.price);
        onClose();
      },
    });
  }

  const failure = save.isError ? errorMessage(save.error, ADMIN_MESSAGES.priceUpdateFailed) : null;
  const busy = save.isPending;

  return (
    <Dialog open={open} title="Valor de la membresía" onClose={onClose}>
      {current.isPending && <p role="status">Cargando...</p>}
      {current.isError && (
        <p className="notice notice--error" role="alert">
          {ADMIN_MESSAGES.priceLoadFailed}
        </p>
      )}
      {price !== undefined && (
        <p className="admin-price__current">
          Precio actual: <strong>{formatPesos(price)}</strong>
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <TextField
          label="Nuevo precio (pesos)"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_MEMBERSHIP_PRICE}
          step={1}
          value={value}
          errors={problem ? [problem] : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        {failure && (
          <p className="notice notice--error admin-notice" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar precio'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

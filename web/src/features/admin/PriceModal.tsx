import { ADMIN_MESSAGES, formatPesos, MAX_MEMBERSHIP_PRICE, membershipPriceProblem } from '@cym/common';
import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/Field';
import { adminApi, errorText } from './admin-api';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The price the server saved. */
  onSaved: (price: number) => void;
}

type Current = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; price: number };

/**
 * 'Valor membresía' (spec 03 §5 "Membership price"): the current price, read when the popup
 * opens, and a whole number of pesos greater than 0 to replace it.
 */
export function PriceModal({ open, onClose, onSaved }: Props) {
  const [current, setCurrent] = useState<Current>({ kind: 'loading' });
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setCurrent({ kind: 'loading' });
    setValue('');
    setProblem(null);
    setFailure(null);
    adminApi.membershipType().then(
      (type) => {
        if (!active) return;
        setCurrent({ kind: 'loaded', price: type.price });
        setValue(String(type.price));
      },
      () => active && setCurrent({ kind: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = membershipPriceProblem(value);
    setProblem(invalid);
    setFailure(null);
    if (invalid) return;
    setBusy(true);
    try {
      const saved = await adminApi.setPrice(Number(value));
      onSaved(saved.price);
      onClose();
    } catch (error) {
      setFailure(errorText(error, ADMIN_MESSAGES.priceUpdateFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} title="Valor de la membresía" onClose={onClose}>
      {current.kind === 'loading' && <p role="status">Cargando...</p>}
      {current.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          {ADMIN_MESSAGES.priceLoadFailed}
        </p>
      )}
      {current.kind === 'loaded' && (
        <p className="admin-price__current">
          Precio actual: <strong>{formatPesos(current.price)}</strong>
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
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

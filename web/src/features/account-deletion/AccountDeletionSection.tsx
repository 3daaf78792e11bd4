import { ACCOUNT_DELETION_MESSAGES, ACCOUNT_DELETION_TERMS } from '@cym/common';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorLine, TextField } from '../../components/ui/Field';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import { DELETE_FAILED, DELETED_NOTICE_KEY, deleteAccount } from './api';
import './account-deletion.css';

/**
 * The last section of /user-account: what deleting the account does (now, within 30 days, what
 * is kept), and the button that asks for the password in a dialog. After it the person is signed
 * out and lands on / with a notice.
 */
export function AccountDeletionSection() {
  const [open, setOpen] = useState(false);
  return (
    <section className="card account-deletion no-print" aria-labelledby="account-deletion-title">
      <h2 id="account-deletion-title">Eliminar mi cuenta</h2>
      <ul className="account-deletion__terms">
        <li>{ACCOUNT_DELETION_TERMS.now}</li>
        <li>{ACCOUNT_DELETION_TERMS.within}</li>
        <li>{ACCOUNT_DELETION_TERMS.kept}</li>
      </ul>
      <p className="muted">
        Más detalles en la <Link to={paths.privacy}>política de privacidad</Link>. Si preferís, antes descargá tus
        datos.
      </p>
      <button type="button" className="button account-deletion__danger" onClick={() => setOpen(true)}>
        Eliminar mi cuenta
      </button>
      {open && <ConfirmDeletion onClose={() => setOpen(false)} />}
    </section>
  );
}

function ConfirmDeletion({ onClose }: { onClose: () => void }) {
  const { signOut } = useSession();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const deletion = useMutation({ mutationFn: deleteAccount });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!password) return setFieldError(ACCOUNT_DELETION_MESSAGES.passwordRequired);
    setFieldError(null);
    try {
      await deletion.mutateAsync(password);
    } catch (failure) {
      const onField = failure instanceof ApiError ? failure.errors?.password?.[0] : undefined;
      if (onField) setFieldError(onField);
      else setProblem(errorMessage(failure, DELETE_FAILED));
      return;
    }
    sessionStorage.setItem(DELETED_NOTICE_KEY, '1');
    // The server ended every session already: this clears the device's and goes to /.
    signOut();
  }

  return (
    <Dialog open title="¿Eliminar tu cuenta?" onClose={deletion.isPending || deletion.isSuccess ? undefined : onClose}>
      <form className="account-deletion__form" onSubmit={(event) => void submit(event)} noValidate>
        <p>
          No se puede deshacer. Tu perfil, tus ofertas y lo que guardaste dejan de verse ahora mismo. Escribí tu
          contraseña para confirmar.
        </p>
        <TextField
          label="Contraseña"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          errors={fieldError ? [fieldError] : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        <ErrorLine message={problem} />
        {deletion.isSuccess && (
          <p className="notice notice--success" role="status">
            {ACCOUNT_DELETION_MESSAGES.done}
          </p>
        )}
        <div className="account-deletion__actions">
          <button
            type="submit"
            className="button account-deletion__danger"
            disabled={deletion.isPending || deletion.isSuccess}
          >
            {deletion.isPending ? 'Eliminando…' : 'Eliminar definitivamente'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={deletion.isPending || deletion.isSuccess}
          >
            Cancelar
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useNavigate } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { paths } from '../../config/paths';

/**
 * The employer guard's popup: the feature needs an active membership; one button to the membership
 * page, one to the account.
 */
export function InactiveMembershipDialog({
  open,
  onClose,
  message = 'Para usar esta función necesitás una membresía activa.',
}: {
  open: boolean;
  onClose: () => void;
  message?: string;
}) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} title="Tu membresía no está activa" onClose={onClose}>
      <p>{message}</p>
      <p>
        Con la membresía tus ofertas laborales se muestran, podés chatear con trabajadores y ver todos los perfiles.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={() => void navigate(paths.memberships)}>
          Ver membresías
        </button>
        <button type="button" className="button button--secondary" onClick={() => void navigate(paths.userAccount)}>
          Ir a mi cuenta
        </button>
      </div>
    </Dialog>
  );
}

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { paths } from '../../config/paths';

export type AuthDialog = 'login' | 'signup';

interface AuthDialogsValue {
  open: (dialog: AuthDialog) => void;
}

const AuthDialogsContext = createContext<AuthDialogsValue>({ open: () => undefined });

const TITLES: Record<AuthDialog, string> = { login: 'Ingresar', signup: 'Crear cuenta' };

/**
 * The login and sign-up popups that any page can open (navbar, home call to action,
 * "registrate" links). Accounts open with the next release: until then the popup says so
 * plainly and points to the contact page instead of showing a form that cannot work.
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthDialog | null>(null);
  const open = useCallback((dialog: AuthDialog) => setCurrent(dialog), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <Dialog open={current !== null} title={current ? TITLES[current] : ''} onClose={() => setCurrent(null)}>
        <p>
          Estamos por habilitar las cuentas de trabajadores y empleadores. Muy pronto vas a poder{' '}
          {current === 'login' ? 'ingresar' : 'registrarte'} desde acá.
        </p>
        <p>
          Si querés que te avisemos, dejanos tus datos en{' '}
          <Link to={paths.contact} onClick={() => setCurrent(null)}>
            Contacto
          </Link>
          .
        </p>
      </Dialog>
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  return useContext(AuthDialogsContext);
}

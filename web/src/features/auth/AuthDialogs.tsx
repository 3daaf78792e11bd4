import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { lazyPage } from '../../lib/lazy';

const AuthDialogBody = lazyPage(() => import('./AuthDialogBody'));

export type AuthDialog = 'login' | 'signup' | 'verify-notice' | 'forgot';

/** What the opener knows: a sign-up link that names worker or employer preselects it. */
export interface AuthDialogOptions {
  profileType?: 'Worker' | 'Parent';
}

interface AuthDialogsValue {
  open: (dialog: AuthDialog, options?: AuthDialogOptions) => void;
}

const AuthDialogsContext = createContext<AuthDialogsValue>({ open: () => undefined });

const TITLES: Record<AuthDialog, string> = {
  login: 'Ingresar',
  signup: 'Crear cuenta',
  'verify-notice': 'Revisá tu correo',
  forgot: 'Recuperar contraseña',
};

/** The login, sign-up, check-your-e-mail and forgot-password popups any page can open. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthDialog | null>(null);
  const [signedUpEmail, setSignedUpEmail] = useState('');
  const [options, setOptions] = useState<AuthDialogOptions>({});
  const open = useCallback((dialog: AuthDialog, given: AuthDialogOptions = {}) => {
    setOptions(given);
    setCurrent(dialog);
  }, []);
  const close = useCallback(() => setCurrent(null), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <Dialog open={current !== null} title={current ? TITLES[current] : ''} onClose={close}>
        {current && (
          // The forms load on the first opening: most visits never open one (first screen, issue 17).
          <Suspense fallback={<p role="status">Cargando…</p>}>
            <AuthDialogBody
              current={current}
              options={options}
              signedUpEmail={signedUpEmail}
              open={open}
              close={close}
              onCreated={setSignedUpEmail}
            />
          </Suspense>
        )}
      </Dialog>
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  return useContext(AuthDialogsContext);
}

import {
  Component,
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { lazyPage } from '../../lib/lazy';
import type { AuthDialog, AuthDialogOptions } from './auth-dialog';
import { loginNextOf } from './login-next';

const AuthDialogBody = lazyPage(() => import('./AuthDialogBody'));

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

/**
 * The forms' code that did not arrive (no connection): said inside the popup, with a retry, while
 * the page behind it stays as it was, instead of the route's error screen.
 */
class FormLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean; retrying: boolean }> {
  override state = { failed: false, retrying: false };

  static getDerivedStateFromError() {
    return { failed: true, retrying: false };
  }

  retry = () => {
    if (this.state.retrying) return;
    this.setState({ retrying: true });
    AuthDialogBody.preload().then(
      () => this.setState({ failed: false, retrying: false }),
      () => this.setState({ retrying: false }),
    );
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="form">
        <p className="notice notice--error" role="alert">
          No pudimos cargar el formulario. Revisá tu conexión y volvé a intentar.
        </p>
        <button type="button" className="button" aria-disabled={this.state.retrying} onClick={this.retry}>
          {this.state.retrying ? 'Reintentando…' : 'Reintentar'}
        </button>
      </div>
    );
  }
}

/** The login, sign-up, check-your-e-mail and forgot-password popups any page can open. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthDialog | null>(null);
  const [signedUpEmail, setSignedUpEmail] = useState('');
  const [options, setOptions] = useState<AuthDialogOptions>({});
  const open = useCallback((dialog: AuthDialog, given: AuthDialogOptions = {}) => {
    setOptions(given);
    setCurrent(dialog);
  }, []);
  const location = useLocation();
  const navigate = useNavigate();
  const askedFor = loginNextOf(location.state);
  // A private address opened logged out (app/guards): the login popup at once, then that address.
  useEffect(() => {
    if (askedFor) open('login', { next: askedFor });
  }, [askedFor, location.key, open]);
  const close = useCallback(() => {
    setCurrent(null);
    // Closed without logging in: the address asked for is forgotten (a reload opens no popup).
    if (askedFor)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [askedFor, navigate, location.pathname, location.search]);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <Dialog open={current !== null} title={current ? TITLES[current] : ''} onClose={close}>
        {current && (
          // The forms load on the first opening: most visits never open one (a lighter first screen).
          <FormLoadBoundary>
            <Suspense fallback={<p role="status">Cargando…</p>}>
              <AuthDialogBody
                current={current}
                options={options}
                signedUpEmail={signedUpEmail}
                open={open}
                close={close}
                loggedIn={() => setCurrent(null)}
                onCreated={setSignedUpEmail}
              />
            </Suspense>
          </FormLoadBoundary>
        )}
      </Dialog>
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  return useContext(AuthDialogsContext);
}

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';
import { LoginForm } from './components/LoginForm';
import { SignUpForm } from './components/SignUpForm';

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
        {current === 'login' && (
          <LoginForm onDone={close} onForgot={() => open('forgot')} onSignUp={() => open('signup')} />
        )}
        {current === 'signup' && (
          <SignUpForm
            profileType={options.profileType}
            onLogin={() => open('login')}
            onCreated={(email) => {
              setSignedUpEmail(email);
              open('verify-notice');
            }}
          />
        )}
        {current === 'verify-notice' && (
          <div className="form">
            <p>
              Te enviamos un correo a <strong>{signedUpEmail}</strong> con un enlace para verificar tu cuenta. Abrilo
              desde tu teléfono o computadora para empezar.
            </p>
            <p className="field__hint">¿No llegó? Revisá la carpeta de spam o correo no deseado.</p>
            <button type="button" className="button" onClick={close}>
              Entendido
            </button>
          </div>
        )}
        {current === 'forgot' && <ForgotPasswordForm />}
      </Dialog>
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  return useContext(AuthDialogsContext);
}

import type { AuthDialog, AuthDialogOptions } from './auth-dialog';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';
import { LoginForm } from './components/LoginForm';
import { SignUpForm } from './components/SignUpForm';

interface Props {
  current: AuthDialog;
  options: AuthDialogOptions;
  signedUpEmail: string;
  open: (dialog: AuthDialog, options?: AuthDialogOptions) => void;
  close: () => void;
  /** Closes the popup after a login, which goes on to its page. */
  loggedIn: () => void;
  onCreated: (email: string) => void;
}

/** What the auth popup shows for each dialog; its own chunk, loaded when a popup first opens. */
export default function AuthDialogBody({ current, options, signedUpEmail, open, close, loggedIn, onCreated }: Props) {
  return (
    <>
      {current === 'login' && (
        <LoginForm
          next={options.next}
          onDone={loggedIn}
          onForgot={() => open('forgot')}
          onSignUp={() => open('signup')}
        />
      )}
      {current === 'signup' && (
        <SignUpForm
          profileType={options.profileType}
          onLogin={() => open('login')}
          onCreated={(email) => {
            onCreated(email);
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
    </>
  );
}

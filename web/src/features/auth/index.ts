/** What other features and the shell may use of sign-in and sign-up; the forms stay inside. */
export { AuthDialogsProvider, useAuthDialogs } from './AuthDialogs';
export type { AuthDialog, AuthDialogOptions } from './auth-dialog';
export { SignUpLinks } from './SignUpLinks';

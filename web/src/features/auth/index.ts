/** What other features and the shell may use of sign-in and sign-up; the forms stay inside. */
export { AuthDialogsProvider, useAuthDialogs, type AuthDialog, type AuthDialogOptions } from './AuthDialogs';
export { SignUpLinks } from './SignUpLinks';
